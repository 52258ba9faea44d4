package probe

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mytune/mytune/probe/server"
)

// ServerPlace is what a live server says of the machine and the files it
// runs on (@@hostname, @@pid_file), so the probe can tell a server whose
// datadir path names another directory here from one whose files it sees.
type ServerPlace struct {
	Hostname       string        // @@hostname: its UTS namespace's name (a container's own, or another machine's)
	PidFile        string        // @@pid_file as the server sees it (relative: to its datadir)
	Port           int           // @@port
	SkipNetworking bool          // @@skip_networking
	Socket         string        // @@socket as the server sees it
	Uptime         time.Duration // its Uptime when /proc was read; 0 when not known
	// NotItsPid is PidNotServer's why: the process its pid file names here
	// is another server ("" when nothing shows it).
	NotItsPid string
}

// firstName is a host name's first label, lower case: "db1" is "db1.example.com".
func firstName(h string) string {
	return strings.ToLower(strings.SplitN(strings.TrimSpace(h), ".", 2)[0])
}

// ServerElsewhere says why the directory measured is not where the server
// keeps its files, "" when nothing shows it. here is this machine's host
// name (profile.Host.Hostname), measured the directory measured, srv the
// server's datadir and the address that answered. A server reached at an
// address not this machine's with another host name is on another machine;
// one with another host name runs in a UTS namespace of its own (a
// container) or behind a forwarded port, and the directory is its volume
// only when it holds its pid file (mysqld names it after the host name,
// in the datadir, by default); a server with this host's name whose pid
// file is missing from its datadir here sees another directory at that
// path (a container sharing the host's name). Review r40: a server in a
// mount namespace whose @@datadir was, on the host, another server's
// datadir was measured on the host's SSD (10659 random writes/s, advised
// innodb_io_capacity 5300) while its own disk did 150.
func ServerElsewhere(here, measured string, srv ServerDatadir, place ServerPlace) string {
	other := otherHost(here, place)
	if why := OnAnotherMachine(here, srv, place); why != "" {
		return why
	}
	if other {
		return containerElsewhere(here, measured, srv, place)
	}
	if srv.Dir == "" || !isDatadir(srv.Dir, measured) {
		return ""
	}
	pid, inDatadir := pidFileIn(srv.Dir, place.PidFile)
	path := pid
	if inDatadir {
		path = filepath.Join(measured, pid)
	}
	if path != "" && !pathThere(path) {
		return fmt.Sprintf("the server (%s) keeps its pid file at %s, which does not exist here: the server sees another "+
			"directory at %s (a mount namespace of its own, as a container with this host's name)", srv.Where, pidShown(srv.Dir, place.PidFile), srv.Dir)
	}
	if place.NotItsPid != "" {
		return fmt.Sprintf("the server (%s) is not the process its pid file names here (%s): the server sees another directory "+
			"at %s (a mount namespace of its own, as a container sharing this host's name)", srv.Where, place.NotItsPid, srv.Dir)
	}
	return ""
}

// OnAnotherMachine says why the server is on another machine, "" when
// nothing shows it: reached at an address that is not this machine's and
// reporting another host name (or none). Then this machine's memory and
// CPUs are not the server's either (profile.Host.ServerElsewhere).
func OnAnotherMachine(here string, srv ServerDatadir, place ServerPlace) string {
	if srv.OnThisHost || !(otherHost(here, place) || place.Hostname == "") {
		return ""
	}
	return fmt.Sprintf("the server (%s) is on another machine: it is reached at an address that is not this machine's%s",
		srv.Where, hostNamed(place.Hostname, here))
}

// otherHost reports whether the server names a host other than here.
func otherHost(here string, place ServerPlace) bool {
	return firstName(place.Hostname) != "" && firstName(here) != "" && firstName(place.Hostname) != firstName(here)
}

// containerElsewhere is ServerElsewhere for a server with another host
// name on an address of this machine: measured is its volume when it
// holds the server's pid file (kept in the datadir); with the pid file
// elsewhere (/run/mysqld/mysqld.pid, where this host's own server may
// keep one) the server's datadir path is its own view, not this host's,
// and a directory given instead is its volume as far as mytune can tell
// when it holds MySQL files (datadirMarkers).
func containerElsewhere(here, measured string, srv ServerDatadir, place ServerPlace) string {
	lead := fmt.Sprintf("the server (%s) runs in a container or on another machine behind a forwarded port%s",
		srv.Where, hostNamed(place.Hostname, here))
	pid, inDatadir := pidFileIn(srv.Dir, place.PidFile)
	switch {
	case inDatadir && pathThere(filepath.Join(measured, pid)):
		return ""
	case inDatadir:
		return fmt.Sprintf("%s, and %s does not hold its pid file %s", lead, measured, filepath.Base(pid))
	case srv.Dir != "" && isDatadir(srv.Dir, measured):
		return fmt.Sprintf("%s: its datadir %s is a path in its own mount namespace, and this host's %s is another directory", lead, srv.Dir, measured)
	case notTheServersHere(measured):
		return fmt.Sprintf("%s, and %s holds no MySQL/MariaDB files (none of %v)", lead, measured, datadirMarkers)
	}
	return ""
}

// isDatadir reports whether measured is the directory dir, by path or by
// identity (a bind mount of it).
func isDatadir(dir, measured string) bool {
	return filepath.Clean(dir) == filepath.Clean(measured) || sameDir(dir, measured)
}

// ElsewhereNote is the measurement note for a directory measured that is
// not the server's (ServerElsewhere's why).
func ElsewhereNote(measured, why string) string {
	return fmt.Sprintf("%s: the storage figures are this machine's disk under %s, not the server's, so no setting is priced "+
		"on them (innodb_io_capacity, flushing, durability, the redo log's room); run mytune on the database host "+
		"(or in the server's container) to measure its disk", why, measured)
}

// VolumeNote is the measurement note for a directory measured that a
// server with another host name (a container) keeps its files in as far
// as mytune can tell (ServerElsewhere found nothing against it): its
// @@datadir names a path in its own mount namespace, not this host's.
func VolumeNote(measured string, srv ServerDatadir, place ServerPlace, here string) string {
	return fmt.Sprintf("the server (%s) runs in a container%s; its datadir %s is a path in its own mount namespace, and %s "+
		"holds its files (its pid file, or MySQL/MariaDB files): measured as the host path of its volume",
		srv.Where, hostNamed(place.Hostname, here), srv.Dir, measured)
}

// placeElsewhere is ServerElsewhere before the measurement, for the
// server's own datadir: this machine's host name from <proc>/sys/kernel
// (as probe/host reads it), the server's place as readPlace read it. ""
// when either is not known: nothing shows the server is elsewhere.
func placeElsewhere(r Roots, place ServerPlace, src ServerDatadir) string {
	here, err := os.ReadFile(filepath.Join(r.Proc, "sys", "kernel", "hostname"))
	if err != nil || place.Hostname == "" && place.PidFile == "" {
		return ""
	}
	return ServerElsewhere(strings.TrimSpace(string(here)), src.Dir, src, place)
}

// readPlace asks a server on this machine for its place (zero when there
// is no such server, or it does not answer) and, at once, checks the
// process its pid file names under r.Proc (PidNotServer); its datadir is
// asked for a pid file named relative to it.
func readPlace(ctx context.Context, r Roots, sess *server.Session) ServerPlace {
	if sess == nil || !sess.Endpoint.OnThisHost() {
		return ServerPlace{}
	}
	pl, err := sess.Place(ctx)
	if err != nil {
		return ServerPlace{}
	}
	place := ServerPlace{Hostname: pl.Hostname, PidFile: pl.PidFile, Port: pl.Port, SkipNetworking: pl.SkipNetworking,
		Socket: pl.Socket}
	datadir := ""
	if !filepath.IsAbs(strings.TrimSpace(pl.PidFile)) {
		if datadir, err = sess.Datadir(ctx); err != nil {
			return place
		}
	}
	if pl.Uptime > 0 {
		place.Uptime = pl.Uptime + time.Since(pl.ReadAt)
	}
	place.NotItsPid = PidNotServer(r.Proc, datadir, place)
	return place
}

// hostNamed is ", reports host name X (this machine is Y)" when both are known.
func hostNamed(server, here string) string {
	if server == "" || here == "" {
		return ""
	}
	return fmt.Sprintf(" (it reports host name %s; this machine is %s)", server, here)
}

// pidFileIn is the server's pid file relative to its datadir and true when
// it lies in it, else its absolute path and false ("" when not known).
func pidFileIn(datadir, pidFile string) (string, bool) {
	pidFile = strings.TrimSpace(pidFile)
	if pidFile == "" {
		return "", false
	}
	if !filepath.IsAbs(pidFile) {
		return filepath.Clean(pidFile), datadir != ""
	}
	if datadir != "" {
		if rel, err := filepath.Rel(filepath.Clean(datadir), filepath.Clean(pidFile)); err == nil && !strings.HasPrefix(rel, "..") {
			return rel, true
		}
	}
	return filepath.Clean(pidFile), false
}

// pidShown is the pid file as the server names it, absolute.
func pidShown(datadir, pidFile string) string {
	if rel, in := pidFileIn(datadir, pidFile); in {
		return filepath.Join(datadir, rel)
	}
	return pidFile
}

// pathThere reports whether path exists here; a path that cannot be
// checked (no permission) counts as there: no sign of another directory.
func pathThere(path string) bool {
	_, err := os.Lstat(path)
	return !errors.Is(err, fs.ErrNotExist)
}
