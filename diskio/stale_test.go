//go:build linux || darwin

package diskio

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// deadPID is the pid of a process that has exited (a finished child).
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command("true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// fakeProc is a /proc with this process as self (pid namespace 111, boot
// id meBoot, start time 500) and the given pids' comm and start times.
func fakeProc(t *testing.T, comms map[int]string, starts map[int]uint64) string {
	t.Helper()
	proc := t.TempDir()
	write := func(rel, body string) {
		p := filepath.Join(proc, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	stat := func(start uint64) string {
		return "42 (my tune) S" + strings.Repeat(" 0", 18) + " " + strconv.FormatUint(start, 10) + " 0 0\n"
	}
	write("sys/kernel/random/boot_id", "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee\n")
	write("self/stat", stat(500))
	if err := os.MkdirAll(filepath.Join(proc, "self", "ns"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("pid:[111]", filepath.Join(proc, "self", "ns", "pid")); err != nil {
		t.Fatal(err)
	}
	for pid, comm := range comms {
		write(filepath.Join(strconv.Itoa(pid), "comm"), comm+"\n")
	}
	for pid, start := range starts {
		write(filepath.Join(strconv.Itoa(pid), "stat"), stat(start))
	}
	return proc
}

const meBoot = "aaaaaaaabbbbccccddddeeeeeeeeeeee"

// nameOf is a test file name of owner o.
func nameOf(o owner) string { return ".mytune-probe-" + o.nameTag() + "-0123456789ab.tmp" }

// removeStaleCase is one TestRemoveStale case: a file in the directory,
// whether a lock is held on it, and what RemoveStale must do with it.
type removeStaleCase struct {
	name        string
	file        string
	lock        bool // a second descriptor holds its flock, as a live run does
	made        bool // made by osOpener.create, as Run makes it
	wantListed  bool
	wantRemoved bool
	wantLive    bool
	wantWhy     string
}

// removeStaleCases are TestRemoveStale's cases; dead is a pid no process
// has, me this process's.
func removeStaleCases(dead, me int) []removeStaleCase {
	return []removeStaleCase{
		{"probe in another pid namespace holding its lock (pid 1)", nameOf(owner{PID: 1, PidNS: 222, BootID: meBoot, Start: 7}),
			true, false, true, false, true, "holds its lock: the probe of pid 1 in pid namespace 222, not this one"},
		{"a run's own create holds the lock", nameOf(owner{PID: 1, PidNS: 222, BootID: meBoot, Start: 7}),
			false, true, true, false, true, "holds its lock"},
		{"unlocked file of a dead run here", nameOf(owner{PID: dead, PidNS: 111, BootID: meBoot, Start: 9}),
			false, false, true, true, false, "no process holds its lock"},
		{"unlocked file of a dead run in a container", nameOf(owner{PID: 1, PidNS: 222, BootID: meBoot, Start: 9}),
			false, false, true, true, false, "no process holds its lock"},
		{"pid-only name, pid 1 is init here (a probe in a container)", ".mytune-probe-1-0123456789ab.tmp",
			false, false, true, false, false, "cannot tell a dead run from one in another pid namespace"},
		{"pid-only name of a dead pid", ".mytune-probe-" + strconv.Itoa(dead) + "-0123456789ab.tmp",
			false, false, true, false, false, "only a pid"},
		{"pid-only name of a live mytune", ".mytune-probe-" + strconv.Itoa(os.Getppid()) + "-0123456789ab.tmp",
			false, false, true, false, true, "only a pid"},
		{"this process's own file", nameOf(owner{PID: me, PidNS: 111, BootID: meBoot, Start: 500}),
			true, false, false, false, false, ""},
		{"this process's own pid-only file", ".mytune-probe-" + strconv.Itoa(me) + "-0123456789ab.tmp",
			false, false, false, false, false, ""},
		{"not a test file", "ibdata1", false, false, false, false, false, ""},
		{"not a test file's pattern", ".mytune-probe-12-notours.tmp", false, false, false, false, false, ""},
	}
}

// TestRemoveStale: a file is removed only when its maker is proven gone
// (no process holds its lock); a locked one is another probe measuring
// now, from any pid namespace; a name holding only a pid proves nothing
// (pid 1 in a container is init here). QA: a host probe removed the live
// file of `unshare --pid --fork mytune probe` (pid 1 in its namespace).
func TestRemoveStale(t *testing.T) {
	dead, me := deadPID(t), os.Getpid()
	proc := fakeProc(t, map[int]string{1: "init", os.Getppid(): "mytune"}, nil)
	for _, c := range removeStaleCases(dead, me) {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, c.file)
			if c.made {
				lock, err := osOpener{}.create(path)
				if err != nil {
					t.Fatal(err)
				}
				defer lock.Close()
			} else if err := os.WriteFile(path, make([]byte, 1000), 0o600); err != nil {
				t.Fatal(err)
			}
			if c.lock {
				fd, err := lockFile(path)
				if err != nil {
					t.Fatal(err)
				}
				defer unix.Close(fd)
			}
			got, err := RemoveStale(dir, proc)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != map[bool]int{true: 1}[c.wantListed] {
				t.Fatalf("listed %+v, want listed %v", got, c.wantListed)
			}
			_, statErr := os.Stat(path)
			if exists := statErr == nil; exists == c.wantRemoved {
				t.Errorf("file exists %v, want removed %v", exists, c.wantRemoved)
			}
			if !c.wantListed {
				return
			}
			s := got[0]
			if s.Removed != c.wantRemoved || s.Live != c.wantLive || !strings.Contains(s.Why, c.wantWhy) {
				t.Errorf("got removed %v live %v why %q; want %v %v %q", s.Removed, s.Live, s.Why, c.wantRemoved, c.wantLive, c.wantWhy)
			}
		})
	}
}

// TestProvenDead: without a lock to test, only an owner of this boot and
// this pid namespace whose pid is gone or reused is proven dead.
func TestProvenDead(t *testing.T) {
	dead, parent := deadPID(t), os.Getppid()
	proc := fakeProc(t, nil, map[int]uint64{parent: 300})
	me := selfOwner(proc)
	cases := []struct {
		name string
		o    owner
		want bool
	}{
		{"dead pid, this boot and namespace", owner{PID: dead, PidNS: 111, BootID: meBoot}, true},
		{"live pid, same start time", owner{PID: parent, PidNS: 111, BootID: meBoot, Start: 300}, false},
		{"live pid, another start time (reused)", owner{PID: parent, PidNS: 111, BootID: meBoot, Start: 301}, true},
		{"dead pid in another pid namespace", owner{PID: dead, PidNS: 222, BootID: meBoot}, false},
		{"dead pid of another boot", owner{PID: dead, PidNS: 111, BootID: strings.Repeat("f", 32)}, false},
		{"boot unknown", owner{PID: dead, PidNS: 111}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got, why := provenDead(c.o, me, proc); got != c.want {
				t.Errorf("provenDead = %v (%s), want %v", got, why, c.want)
			}
		})
	}
}

// TestOwnerName: a test file's name round-trips its owner.
func TestOwnerName(t *testing.T) {
	cases := []struct {
		name       string
		o          owner
		wantLegacy bool
	}{
		{"all known", owner{PID: 1, PidNS: 4026532999, BootID: meBoot, Start: 123456}, false},
		{"nothing known but the pid (macOS)", owner{PID: 77}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, legacy, ok := parseOwner(nameOf(c.o))
			if !ok || legacy != c.wantLegacy || got != c.o {
				t.Errorf("parseOwner(%q) = %+v, %v, %v; want %+v", nameOf(c.o), got, legacy, ok, c.o)
			}
		})
	}
}
