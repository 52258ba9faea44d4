package probe

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The /proc of review r47's bed (MariaDB 10.11.19): server A, process
// 16172, on port 3920 (0F50) and /var/tmp/r47/a.sock; server D (16292,
// port 3921, 0F51) in a mount namespace of its own with A's pid file path.
// Lines copied from /proc/16172/{stat,net/tcp,net/tcp6,net/unix} and
// /proc/uptime; tcp6's inode column filled in from its fd table.
const (
	bedStatA = "16172 (mariadbd) S 1 16170 12105 0 -1 4194560 20764 0 0 0 7 7 0 0 20 0 13 0 1549188 8797331312640 " +
		"25143 18446744073709551615 94038892507136 94038902141545 140726263439680 0 0 0 552967 4102 26345 0 0 0 17 1 0 0 0 0 0\n"
	bedUptime = "15527.76 7790.67\n" // A's age: 15527.76 - 15491.88 = 35.88 s
	bedTCP    = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n" +
		"   2: 00000000:0F51 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 798192 1 00000000cf34d690 100 0 0 10 0\n" +
		"   3: 00000000:0F50 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 797454 1 0000000074c3dff7 100 0 0 10 0\n" +
		"  12: 0100007F:0F51 0100007F:88A8 06 00000000:00000000 03:00000F06 00000000     0        0 0 3 000000006a28169e\n"
	bedTCP6 = "  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n" +
		"   1: 00000000000000000000000000000000:0F50 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 797455 1 0000000000000000 100 0 0 10 0\n"
	bedUnix = "Num       RefCount Protocol Flags    Type St Inode Path\n" +
		"0000000003a17d7f: 00000002 00000000 00010000 0001 01 797456 /var/tmp/r47/a.sock\n" +
		"0000000097c89ee8: 00000002 00000000 00010000 0001 01 798194 /var/tmp/r47/d.sock\n"
)

// pidTree writes r47's /proc for process 16172 under a temporary root, with
// its open sockets as fd symlinks unless fds is false (mytune not root),
// and a pid file naming it; it returns the proc root and the pid file.
func pidTree(t *testing.T, comm string, fds bool) (string, string) {
	t.Helper()
	root := t.TempDir()
	proc := filepath.Join(root, "proc")
	files := map[string]string{
		"proc/uptime": bedUptime, "proc/16172/stat": bedStatA, "proc/16172/comm": comm + "\n",
		"proc/16172/net/tcp": bedTCP, "proc/16172/net/tcp6": bedTCP6, "proc/16172/net/unix": bedUnix,
		"run/mysqld.pid": "16172\n",
	}
	for name, body := range files {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if fds {
		fd := filepath.Join(proc, "16172", "fd")
		links := map[string]string{"5": "/var/tmp/r47/vlm", "22": "socket:[797454]", "23": "socket:[797455]", "24": "socket:[797456]"}
		if err := os.MkdirAll(fd, 0o755); err != nil {
			t.Fatal(err)
		}
		for n, target := range links {
			if err := os.Symlink(target, filepath.Join(fd, n)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return proc, filepath.Join(root, "run", "mysqld.pid")
}

// TestReadPidProcess reads r47's captured process A: its age from stat
// and uptime, and the sockets it listens on (not D's, in the same tables).
func TestReadPidProcess(t *testing.T) {
	cases := []struct {
		name      string
		fds       bool
		wantPorts string
		wantUnix  string
	}{
		{"root: its open files read", true, "[3920]", "[/var/tmp/r47/a.sock]"},
		{"not root: no open files", false, "[]", "[]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			proc, _ := pidTree(t, "mariadbd", tc.fds)
			pp, err := readPidProcess(proc, 16172)
			if err != nil {
				t.Fatal(err)
			}
			if pp.Age != 35880*time.Millisecond || pp.Comm != "mariadbd" || pp.FdsRead != tc.fds {
				t.Errorf("age %v comm %q fds %v, want 35.88s mariadbd %v", pp.Age, pp.Comm, pp.FdsRead, tc.fds)
			}
			if got := fmt.Sprint(pp.TCPPorts); got != tc.wantPorts {
				t.Errorf("TCP ports %s, want %s", got, tc.wantPorts)
			}
			if got := fmt.Sprint(pp.UnixPaths); got != tc.wantUnix {
				t.Errorf("unix paths %s, want %s", got, tc.wantUnix)
			}
		})
	}
}

// TestPidNotServer: the pid file's process is taken for another server
// only on proof (another port, another socket, or older than the server);
// a normal server and a process of no server pass.
func TestPidNotServer(t *testing.T) {
	d := ServerPlace{Hostname: "vm", Port: 3921, Socket: "/var/tmp/r47/d.sock", Uptime: 28 * time.Second}
	a := ServerPlace{Hostname: "vm", Port: 3920, Socket: "/var/tmp/r47/a.sock", Uptime: 35 * time.Second}
	with := func(p ServerPlace, f func(*ServerPlace)) ServerPlace { f(&p); return p }
	cases := []struct {
		name  string
		comm  string
		fds   bool
		place ServerPlace
		want  string // a part of the reason; "" for none
	}{
		{"r47: D, A's pid file, root", "mariadbd", true, d, "listening on port 3920 and socket /var/tmp/r47/a.sock, not on the server's port 3921"},
		{"r47: D, A's pid file, not root: A is 8 s older", "mariadbd", false, d, "started 36s ago, while the server has been up 28s"},
		{"D started in A's second, not root: not told apart", "mariadbd", false, with(d, func(p *ServerPlace) { p.Uptime = 35 * time.Second }), ""},
		{"D started in A's second, root: its port tells", "mariadbd", true, with(d, func(p *ServerPlace) { p.Uptime = 35 * time.Second }), "not on the server's port 3921"},
		{"A itself, root", "mariadbd", true, a, ""},
		{"A itself, not root", "mariadbd", false, a, ""},
		{"A, Uptime 1 s over the process's age (whole seconds)", "mariadbd", false, with(a, func(p *ServerPlace) { p.Uptime = 36 * time.Second }), ""},
		{"A, clock stepped forward after its start: proves nothing", "mysqld", false, with(a, func(p *ServerPlace) { p.Uptime = 5 * time.Hour }), ""},
		{"A, Uptime not read", "mariadbd", false, with(d, func(p *ServerPlace) { p.Uptime = 0 }), ""},
		{"skip_networking: A's socket", "mariadbd", true, with(a, func(p *ServerPlace) { p.SkipNetworking = true }), ""},
		{"skip_networking: D's socket", "mariadbd", true, with(d, func(p *ServerPlace) { p.SkipNetworking, p.Uptime = true, 35*time.Second }),
			"not at the server's socket /var/tmp/r47/d.sock"},
		{"a process of another pid namespace's number", "systemd", true, d, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			proc, pidFile := pidTree(t, tc.comm, tc.fds)
			tc.place.PidFile = pidFile
			got := PidNotServer(proc, "", tc.place)
			if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("PidNotServer = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestPidNotServerUnread: what cannot be read proves nothing.
func TestPidNotServerUnread(t *testing.T) {
	proc, pidFile := pidTree(t, "mariadbd", true)
	cases := []struct {
		name    string
		datadir string
		pidFile string
	}{
		{"no pid file named", "", ""},
		{"pid file missing", "", pidFile + ".gone"},
		{"relative pid file, no datadir here", "/nonexistent", "vm.pid"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := PidNotServer(proc, tc.datadir, ServerPlace{PidFile: tc.pidFile, Port: 3921}); got != "" {
				t.Errorf("PidNotServer = %q, want none", got)
			}
		})
	}
}
