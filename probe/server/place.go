package server

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"
)

// Place is what a server says of the machine and the files it runs on,
// read before its datadir is measured: its host name and pid file, and
// what tells its process from another's (the port and socket it listens
// on, its age).
type Place struct {
	Hostname       string        // @@hostname
	PidFile        string        // @@pid_file as the server sees it (relative: to its datadir)
	Port           int           // @@port
	SkipNetworking bool          // @@skip_networking: no TCP listener, only Socket
	Socket         string        // @@socket as the server sees it
	Uptime         time.Duration // SHOW GLOBAL STATUS Uptime; 0 when not read
	ReadAt         time.Time     // when Uptime was read (this machine's clock)
}

// Place asks the server for its host name, pid file, port, socket and
// Uptime (qPlace, qUptime), which say whether its datadir path names its
// own files on this machine. Uptime is left 0 when it cannot be read.
func (s *Session) Place(ctx context.Context) (Place, error) {
	qc, cancel := context.WithTimeout(ctx, s.c.QueryTimeout)
	defer cancel()
	var h, pid, port, skip, sock sql.NullString
	if err := s.db.QueryRowContext(qc, string(qPlace)).Scan(&h, &pid, &port, &skip, &sock); err != nil {
		return Place{}, fmt.Errorf("asking %s for its host name: %s", s.Endpoint, redact(unreadReason(err, s.c.QueryTimeout), s.c.password))
	}
	pl := Place{Hostname: h.String, PidFile: pid.String, Socket: sock.String, SkipNetworking: skip.String == "1" || skip.String == "ON"}
	pl.Port, _ = strconv.Atoi(port.String)
	var name, up sql.NullString
	if err := s.db.QueryRowContext(qc, string(qUptime)).Scan(&name, &up); err == nil {
		if secs, err := strconv.ParseInt(up.String, 10, 64); err == nil && secs > 0 {
			pl.Uptime, pl.ReadAt = time.Duration(secs)*time.Second, time.Now()
		}
	}
	return pl, nil
}
