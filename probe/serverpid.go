package probe

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// userHZ is the unit of /proc/PID/stat's starttime (field 22): clock
// ticks, sysconf(_SC_CLK_TCK), which the kernel fixes at USER_HZ = 100 for
// its user ABI on every architecture mytune is built for (proc(5),
// "starttime"; include/asm-generic/param.h).
const userHZ = 100

// ageSlack is how much older than the server's Uptime the process of its
// pid file may be and still be taken for it. Review r47 measured process
// age (this file's processAge) less Uptime on MariaDB 10.11.19: -0.44 to
// +0.15 s on two idle servers, +0.01 to +0.66 s right after a crash
// recovery of 9492 pages (Uptime counts from before InnoDB starts); Uptime
// is whole wall-clock seconds, so up to 1 s either way, and the /proc read
// follows the Uptime query by milliseconds. 3 s is three times the worst.
const ageSlack = 3 * time.Second

// pidProcess is what /proc shows of the process a server's pid file names.
type pidProcess struct {
	PID       int
	Comm      string        // /proc/PID/comm
	Age       time.Duration // /proc/uptime less its start time; 0 when not read
	FdsRead   bool          // its open files could be read (root, or its user)
	TCPPorts  []int         // the TCP ports it listens on (its network namespace), sorted
	UnixPaths []string      // the paths of the unix sockets it listens on
}

// PidNotServer says why the process the server's pid file names here is
// not the server that answered, "" when nothing shows it or it cannot be
// read: a server in a mount namespace of its own (a container with this
// host's name) whose pid file path is, on this host, another server's
// (/run/mysqld/mysqld.pid, or the datadir's vm.pid at the same datadir
// path). Review r42: such a server's datadir was taken to be the host
// server's directory, whose pid file named the host server's process.
func PidNotServer(proc, datadir string, place ServerPlace) string {
	path, inDatadir := pidFileIn(datadir, place.PidFile)
	if path == "" {
		return ""
	}
	if inDatadir {
		path = filepath.Join(datadir, path)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil || pid <= 0 {
		return ""
	}
	pp, err := readPidProcess(proc, pid)
	if err != nil {
		return ""
	}
	return notThePidsServer(pp, place, path)
}

// notThePidsServer is PidNotServer's judgement on what /proc showed of
// the pid file's process. A process that is no server proves nothing (the
// server may run in another pid namespace, its pid file naming its own
// pid there). A server process that listens, but not on the server's
// port (or, without networking, not at its socket), is another server:
// two cannot listen on one port of one network namespace. Nor is one
// that started well before the server did (older than its Uptime by more
// than ageSlack); one that looks younger proves nothing (a clock stepped
// forward after the server started lengthens its Uptime).
func notThePidsServer(pp pidProcess, place ServerPlace, path string) string {
	if !isServerProcess(pp.Comm) {
		return ""
	}
	who := fmt.Sprintf("%s holds %d, a %s", path, pp.PID, pp.Comm)
	if listens := len(pp.TCPPorts) + len(pp.UnixPaths); pp.FdsRead && listens > 0 {
		switch {
		case !place.SkipNetworking && place.Port > 0 && !slices.Contains(pp.TCPPorts, place.Port):
			return fmt.Sprintf("%s listening on %s, not on the server's port %d", who, listening(pp), place.Port)
		case place.SkipNetworking && place.Socket != "" && !slices.Contains(pp.UnixPaths, place.Socket):
			return fmt.Sprintf("%s listening on %s, not at the server's socket %s", who, listening(pp), place.Socket)
		}
	}
	if pp.Age > 0 && place.Uptime > 0 && pp.Age-place.Uptime > ageSlack {
		return fmt.Sprintf("%s started %s ago, while the server has been up %s (Uptime)", who,
			pp.Age.Round(time.Second), place.Uptime.Round(time.Second))
	}
	return ""
}

// isServerProcess reports whether comm names a MySQL or MariaDB server.
func isServerProcess(comm string) bool {
	return slices.Contains(serverProcessNames, comm)
}

// listening is the ports and socket paths a process listens on, for a reason.
func listening(pp pidProcess) string {
	var parts []string
	for _, p := range pp.TCPPorts {
		parts = append(parts, "port "+strconv.Itoa(p))
	}
	for _, u := range pp.UnixPaths {
		parts = append(parts, "socket "+u)
	}
	return strings.Join(parts, " and ")
}

// readPidProcess reads process pid under proc: its name, its age, and the
// sockets it listens on when its open files can be read.
func readPidProcess(proc string, pid int) (pidProcess, error) {
	dir := filepath.Join(proc, strconv.Itoa(pid))
	comm, err := os.ReadFile(filepath.Join(dir, "comm"))
	if err != nil {
		return pidProcess{}, fmt.Errorf("reading process %d: %w", pid, err)
	}
	pp := pidProcess{PID: pid, Comm: strings.TrimSpace(string(comm))}
	pp.Age = processAge(proc, dir)
	owned, err := socketInodes(filepath.Join(dir, "fd"))
	if err != nil {
		return pp, nil
	}
	pp.FdsRead = true
	for _, name := range []string{"tcp", "tcp6"} {
		pp.TCPPorts = append(pp.TCPPorts, tcpListeners(filepath.Join(dir, "net", name), owned)...)
	}
	slices.Sort(pp.TCPPorts)
	pp.TCPPorts = slices.Compact(pp.TCPPorts)
	pp.UnixPaths = unixListeners(filepath.Join(dir, "net", "unix"), owned)
	return pp, nil
}

// processAge is how long ago the process in dir started: <proc>/uptime's
// seconds since boot less its starttime (stat field 22, in userHZ ticks
// since boot); both count the boot-time clock, so a stepped wall clock
// does not move it. 0 when either cannot be read.
func processAge(proc, dir string) time.Duration {
	up, err := os.ReadFile(filepath.Join(proc, "uptime"))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(up))
	if len(f) == 0 {
		return 0
	}
	since, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return 0
	}
	stat, err := os.ReadFile(filepath.Join(dir, "stat"))
	if err != nil {
		return 0
	}
	// the name (field 2) may hold spaces and parentheses: fields 3 on
	// follow its last ')'; starttime, field 22, is the 20th of them
	rest := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+1:]))
	if len(rest) < 20 {
		return 0
	}
	ticks, err := strconv.ParseUint(rest[19], 10, 64)
	if err != nil {
		return 0
	}
	age := time.Duration((since - float64(ticks)/userHZ) * float64(time.Second))
	return max(age, 0)
}

// socketInodes is the inodes of the sockets open in fd (a /proc/PID/fd).
func socketInodes(fd string) (map[string]bool, error) {
	entries, err := os.ReadDir(fd)
	if err != nil {
		return nil, err
	}
	owned := map[string]bool{}
	for _, e := range entries {
		target, err := os.Readlink(filepath.Join(fd, e.Name()))
		if err != nil {
			continue
		}
		if ino, ok := strings.CutPrefix(target, "socket:["); ok {
			owned[strings.TrimSuffix(ino, "]")] = true
		}
	}
	return owned, nil
}

// tcpListeners is the local ports of the listening sockets (state 0A,
// TCP_LISTEN) in a /proc/net/tcp or tcp6 table whose inode is owned.
func tcpListeners(table string, owned map[string]bool) []int {
	var ports []int
	eachLine(table, func(f []string) {
		if len(f) < 10 || f[3] != "0A" || !owned[f[9]] {
			return
		}
		_, hexPort, ok := strings.Cut(f[1], ":")
		if p, err := strconv.ParseUint(hexPort, 16, 16); ok && err == nil {
			ports = append(ports, int(p))
		}
	})
	return ports
}

// unixListeners is the paths of the listening unix sockets (flags
// __SO_ACCEPTCON, 00010000) in a /proc/net/unix table whose inode is owned.
func unixListeners(table string, owned map[string]bool) []string {
	var paths []string
	eachLine(table, func(f []string) {
		if len(f) >= 8 && f[3] == "00010000" && owned[f[6]] {
			paths = append(paths, f[7])
		}
	})
	return paths
}

// eachLine calls fn with the fields of each line of file after its header.
func eachLine(file string, fn func([]string)) {
	f, err := os.Open(file)
	if err != nil {
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		if !first {
			fn(strings.Fields(sc.Text()))
		}
	}
}
