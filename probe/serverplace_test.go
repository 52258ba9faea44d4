package probe

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServerElsewhere covers the ways a live server's datadir path names
// another directory here (review r40: a server in a mount namespace whose
// @@datadir was another server's datadir on the host).
func TestServerElsewhere(t *testing.T) {
	root := t.TempDir()
	hostDir := filepath.Join(root, "vlm") // this host's server's datadir at the server's path
	volume := filepath.Join(root, "srv-db1")
	empty := filepath.Join(root, "empty")
	for _, d := range []string{hostDir, volume, empty} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{filepath.Join(hostDir, "ibdata1"), filepath.Join(hostDir, "vm.pid"),
		filepath.Join(volume, "ibdata1"), filepath.Join(volume, "r40container.pid")} {
		if err := os.WriteFile(f, nil, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	local := ServerDatadir{Dir: hostDir + "/", Where: "tcp 127.0.0.1:3981", OnThisHost: true}
	remote := ServerDatadir{Dir: "/var/lib/mysql/", Where: "tcp 10.0.0.5:3306"}
	cases := []struct {
		name     string
		here     string
		measured string
		srv      ServerDatadir
		place    ServerPlace
		want     string // a part of the reason; "" for none
	}{
		{"local server, its own pid file here", "vm", hostDir, local, ServerPlace{Hostname: "vm", PidFile: hostDir + "/vm.pid"}, ""},
		{"host name's domain aside", "vm.example.com", hostDir, local, ServerPlace{Hostname: "VM", PidFile: "vm.pid"}, ""},
		{"container at the host server's path: no pid file of its", "vm", hostDir, local,
			ServerPlace{Hostname: "r40container", PidFile: hostDir + "/r40container.pid"}, "does not hold its pid file r40container.pid"},
		{"container, --datadir its volume: holds its pid file", "vm", volume, local,
			ServerPlace{Hostname: "r40container", PidFile: hostDir + "/r40container.pid"}, ""},
		{"container, pid file outside its datadir, its own path measured", "vm", hostDir, local,
			ServerPlace{Hostname: "r40container", PidFile: "/run/mysqld/mysqld.pid"}, "a path in its own mount namespace"},
		{"container, pid file outside its datadir, a datadir given", "vm", volume, local,
			ServerPlace{Hostname: "r40container", PidFile: "/run/mysqld/mysqld.pid"}, ""},
		{"container, pid file outside its datadir, an empty directory given", "vm", empty, local,
			ServerPlace{Hostname: "r40container", PidFile: "/run/mysqld/mysqld.pid"}, "holds no MySQL/MariaDB files"},
		{"same host name, pid file missing from the datadir here", "vm", hostDir, local,
			ServerPlace{Hostname: "vm", PidFile: "other.pid"}, "which does not exist here"},
		{"same host name, pid file here names another server (review r47)", "vm", hostDir, local,
			ServerPlace{Hostname: "vm", PidFile: hostDir + "/vm.pid", NotItsPid: "vm.pid holds 16172, a mariadbd listening on port 3920"},
			"is not the process its pid file names here (vm.pid holds 16172"},
		{"same host name, its volume given, pid file names another server", "vm", volume, local,
			ServerPlace{Hostname: "vm", PidFile: hostDir + "/vm.pid", NotItsPid: "vm.pid holds 16172, a mariadbd"}, ""},
		{"same host name, another directory given: DatadirNote's", "vm", empty, local, ServerPlace{Hostname: "vm", PidFile: "absent.pid"}, ""},
		{"remote server", "vm", empty, remote, ServerPlace{Hostname: "db1", PidFile: "/run/mysqld/mysqld.pid"}, "is on another machine"},
		{"remote address, host name not read", "vm", empty, remote, ServerPlace{}, "is on another machine"},
		{"an address not this machine's yet this host's name", "vm", hostDir,
			ServerDatadir{Dir: hostDir, Where: "tcp vm.lan:3306"}, ServerPlace{Hostname: "vm", PidFile: "vm.pid"}, ""},
		{"nothing known", "", hostDir, local, ServerPlace{}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := ServerElsewhere(tc.here, tc.measured, tc.srv, tc.place)
			if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("ServerElsewhere = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestVolumeNote checks the note for a container's volume given as --datadir
// names both paths and the host names.
func TestVolumeNote(t *testing.T) {
	cases := []struct {
		name string
		want []string
	}{
		{"container volume", []string{"/srv/docker/db1", "/var/lib/mysql/", "host name abc123", "this machine is vm", "host path of its volume"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := VolumeNote("/srv/docker/db1", ServerDatadir{Dir: "/var/lib/mysql/", Where: "tcp 127.0.0.1:3306", OnThisHost: true},
				ServerPlace{Hostname: "abc123"}, "vm")
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("VolumeNote = %q, want %q in it", got, w)
				}
			}
		})
	}
}

// TestOnAnotherMachine: only a server reached at an address not this
// machine's, with another host name or none, is on another machine (its
// memory and CPUs are not this host's: profile.Host.ServerElsewhere); a
// container here shares them (review r42).
func TestOnAnotherMachine(t *testing.T) {
	remote := ServerDatadir{Dir: "/var/lib/mysql/", Where: "tcp 10.242.0.2:3942"}
	local := ServerDatadir{Dir: "/var/lib/mysql/", Where: "tcp 127.0.0.1:3941", OnThisHost: true}
	cases := []struct {
		name  string
		srv   ServerDatadir
		place ServerPlace
		want  string // a part of the reason; "" for none
	}{
		{"remote address, another host name", remote, ServerPlace{Hostname: "r42remote"}, "is on another machine"},
		{"remote address, host name not read", remote, ServerPlace{}, "is on another machine"},
		{"remote address, this host's name (a forwarded port back here)", remote, ServerPlace{Hostname: "vm"}, ""},
		{"container on this host", local, ServerPlace{Hostname: "r42container"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := OnAnotherMachine("vm", tc.srv, tc.place)
			if tc.want == "" && got != "" || tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("OnAnotherMachine = %q, want %q", got, tc.want)
			}
		})
	}
}
