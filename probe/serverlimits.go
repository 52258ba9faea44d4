package probe

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mytune/mytune/probe/host"
	"github.com/mytune/mytune/profile"
)

// serverProcessNames are the names a MySQL or MariaDB server process has
// (/proc/PID/comm): mysqld, and mariadbd from MariaDB 10.5.
var serverProcessNames = []string{"mysqld", "mariadbd"}

// serverLimits replaces the host's cgroup memory and CPU limits, read for
// mytune's own process, with those of the server it read when that server
// runs on this machine: its pid from the pid_file variable, its cgroup from
// /proc/PID under the roots. When they cannot be read it records a gap
// saying the limits are mytune's own; notItsPid (PidNotServer's why) says
// the pid file names another server's process, whose limits are not read.
func serverLimits(p *profile.Profile, r Roots, onThisHost bool, notItsPid string) {
	srv := p.Server
	if srv == nil || !srv.Reachable || !onThisHost {
		return
	}
	if notItsPid != "" {
		p.AddGap("host.cgroup", fmt.Sprintf("the memory and CPU limits are mytune's own (/proc/self/cgroup), not the server's: its pid file "+
			"names another server (%s); run mytune in the server's container to read the server's", notItsPid))
		return
	}
	pid, err := serverPID(r, srv)
	if err == nil {
		err = host.ReadLimitsOf(host.Roots{Proc: r.Proc, Sys: r.Sys}, pid, &p.Host)
	}
	if err != nil {
		todo := "run mytune as root or as the server's user, in the server's container if it has one, to read the server's"
		if errors.Is(err, errNoProcess) {
			todo = "run mytune again while the server runs (in the server's container if it has one) to read the server's"
		}
		p.AddGap("host.cgroup", fmt.Sprintf("the memory and CPU limits are mytune's own (/proc/self/cgroup), not the server's: %v; %s", err, todo))
	}
}

// errNoProcess marks a pid_file whose process does not exist here: the
// server was killed or restarted after it was read (review r12: after a
// kill -9 mid-run the gap said /proc/PID/comm could not be read and to run
// mytune as root, which it was), or it runs in another pid namespace.
var errNoProcess = errors.New("no such process here")

// serverPID reads the server's pid from its pid_file (relative to its
// datadir when not absolute, as mysqld takes it) and checks that the
// process is a server.
func serverPID(r Roots, srv *profile.Server) (int, error) {
	path := strings.TrimSpace(srv.Variables["pid_file"])
	if path == "" {
		return 0, fmt.Errorf("the server shows no pid_file to find its process by")
	}
	if !filepath.IsAbs(path) {
		path = filepath.Join(srv.Datadir, path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, fmt.Errorf("its pid_file cannot be read: %w", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || pid <= 0 {
		return 0, fmt.Errorf("its pid_file %s holds %q, not a process id", path, strings.TrimSpace(string(data)))
	}
	comm, err := os.ReadFile(filepath.Join(r.Proc, strconv.Itoa(pid), "comm"))
	if errors.Is(err, fs.ErrNotExist) {
		return 0, fmt.Errorf("process %d of its pid_file %s is not running (%w): the server stopped or restarted after "+
			"mytune read it, or it runs in another pid namespace (a container)", pid, path, errNoProcess)
	}
	if err != nil {
		return 0, fmt.Errorf("process %d of its pid_file %s cannot be read: %w", pid, path, err)
	}
	name := strings.TrimSpace(string(comm))
	for _, n := range serverProcessNames {
		if name == n {
			return pid, nil
		}
	}
	return 0, fmt.Errorf("process %d of its pid_file %s is %q, not mysqld or mariadbd (a stale pid file, or a server in another pid namespace)", pid, path, name)
}
