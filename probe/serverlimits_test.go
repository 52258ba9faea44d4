package probe

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// limitsTree writes a /proc and /sys tree: mytune in a 160 MiB cgroup v1
// memory cgroup (as in QA's cgroup-160MiB-advice.json), and a process
// 4242 named comm in the root cgroup, without a limit.
func limitsTree(t *testing.T, comm string) Roots {
	t.Helper()
	root := t.TempDir()
	files := map[string]string{
		"proc/self/cgroup":                           "11:memory:/mytune-qa\n0::/\n",
		"proc/self/mountinfo":                        "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n",
		"proc/self/status":                           "Name:\tmytune\nCpus_allowed_list:\t0\n",
		"proc/4242/cgroup":                           "11:memory:/\n0::/\n",
		"proc/4242/status":                           "Name:\tmariadbd\nCpus_allowed_list:\t0-1\n",
		"proc/4242/comm":                             comm + "\n",
		"sys/fs/cgroup/memory/memory.limit_in_bytes": "9223372036854771712\n",
		"sys/fs/cgroup/memory/mytune-qa/memory.limit_in_bytes": "167772160\n",
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
	return Roots{Proc: filepath.Join(root, "proc"), Sys: filepath.Join(root, "sys")}
}

// TestServerLimits: a server on this machine is advised with its own
// cgroup limits, not mytune's (QA: mytune in a 160 MiB cgroup told a server
// without a limit it had 160 MiB); when its process cannot be found the
// limits stay mytune's and a gap says so.
func TestServerLimits(t *testing.T) {
	const mytuneLimit = 160 << 20
	cases := []struct {
		name       string
		comm       string
		pidFile    string // written to the pid_file; "-" for none
		onThisHost bool
		wantLimit  uint64
		wantCPUs   int
		wantGap    string
	}{
		{"local server without a limit: its limits", "mariadbd", "4242\n", true, 0, 2, ""},
		{"mysqld too", "mysqld", "4242", true, 0, 2, ""},
		{"server on another machine: mytune's, no gap", "mariadbd", "4242", false, mytuneLimit, 1, ""},
		{"pid file missing: mytune's, said", "mariadbd", "-", true, mytuneLimit, 1, "the memory and CPU limits are mytune's own"},
		{"stale pid file: mytune's, said", "bash", "4242", true, mytuneLimit, 1, `is "bash", not mysqld or mariadbd`},
		{"garbage pid file: mytune's, said", "mariadbd", "abc", true, mytuneLimit, 1, "not a process id"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := limitsTree(t, c.comm)
			pidFile := filepath.Join(t.TempDir(), "mysqld.pid")
			if c.pidFile != "-" {
				if err := os.WriteFile(pidFile, []byte(c.pidFile), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			p := &profile.Profile{Host: profile.Host{Memory: profile.Memory{LimitBytes: mytuneLimit}, CPU: profile.CPU{AllowedCPUs: 1}},
				Server: &profile.Server{Reachable: true, Variables: map[string]string{"pid_file": pidFile}}}
			serverLimits(p, r, c.onThisHost, "")
			if p.Host.Memory.LimitBytes != c.wantLimit || p.Host.CPU.AllowedCPUs != c.wantCPUs {
				t.Errorf("limit %d bytes, %d CPUs; want %d, %d", p.Host.Memory.LimitBytes, p.Host.CPU.AllowedCPUs, c.wantLimit, c.wantCPUs)
			}
			var gaps []string
			for _, g := range p.Gaps {
				gaps = append(gaps, g.Probe+": "+g.Reason)
			}
			got := strings.Join(gaps, "\n")
			if c.wantGap == "" && got != "" || !strings.Contains(got, c.wantGap) {
				t.Errorf("gaps %q, want one saying %q", got, c.wantGap)
			}
		})
	}
}
