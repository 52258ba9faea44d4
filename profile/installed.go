package profile

// InstalledServer is a MySQL/MariaDB server binary found on this host
// (mariadbd or mysqld on PATH or in the usual sbin folders) and what its
// --version said. Without a reachable server and --target, the advice is
// made for it: it is the server that will read the cnf.
type InstalledServer struct {
	// Path is where the binary was found ("/usr/sbin/mariadbd").
	Path string `json:"path"`
	// Flavor is FlavorMySQL, FlavorMariaDB or FlavorPercona.
	Flavor string `json:"flavor"`
	// Version is the version --version printed ("10.11.19-MariaDB-0+deb12u1").
	Version string `json:"version"`
	// Line is the first line --version printed, as evidence.
	Line string `json:"line"`
}
