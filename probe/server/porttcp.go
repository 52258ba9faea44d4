package server

// portImpliesTCP is the host and socket to dial when the user gave a port
// (-P, MYTUNE_PORT, the config file) and no socket, with no host or
// "localhost": TCP on 127.0.0.1, as the mariadb client's -P on its
// command line switches it to TCP (MDEV-14974; `mariadb -P 3510` reaches
// port 3510 with no socket at /run/mysqld). Before, the usual sockets were
// tried first, and `mytune advise -P 3511` on a host whose default socket
// belongs to the server on port 3510 read that server instead (review
// r18). A socket given as well (-S) still wins, as there.
func portImpliesTCP(o ConnOptions, host, socket string) (string, string) {
	if o.Port > 0 && o.Socket == "" && (host == "" || host == "localhost") {
		return "127.0.0.1", ""
	}
	return host, socket
}
