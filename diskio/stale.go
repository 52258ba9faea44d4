//go:build linux || darwin

package diskio

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"
)

// RemoveStale looks at the test files other runs made in dir and removes
// those whose maker is proven gone (killed before its clean-up: SIGKILL, a
// power cut, an OOM kill). A run holds an exclusive flock(2) on its file
// while it measures; a lock is seen from every pid namespace (and container)
// on the host, and dies with its holder. So a file whose lock is free is
// stale and removed (while this call holds the lock); one whose lock is
// held is another probe measuring now. Where the filesystem has no flock,
// the name's owner decides: gone only when it ran on this boot in this pid
// namespace and its pid is dead or reused (start time). Files named before
// runs locked them hold only a pid, which cannot tell a dead run from one in
// another pid namespace: they are left alone. procRoot "" is /proc. It
// returns every file it looked at (a failed removal in its RemoveErr), and
// an error only when dir cannot be listed.
func RemoveStale(dir, procRoot string) ([]Stale, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	me := selfOwner(procRoot)
	var out []Stale
	for _, e := range ents {
		o, legacy, ok := parseOwner(e.Name())
		if !ok || !e.Type().IsRegular() || (o.PID == me.PID && (legacy || o.sameHostAndNS(me))) {
			continue
		}
		s := Stale{Path: filepath.Join(dir, e.Name()), PID: o.PID}
		if info, err := e.Info(); err == nil {
			s.Bytes = info.Size()
		}
		judge(&s, o, legacy, me, procRoot)
		out = append(out, s)
	}
	return out, nil
}

// judge decides the fate of one file of owner o and removes it when its
// maker is proven gone (s.RemoveErr when that fails).
func judge(s *Stale, o owner, legacy bool, me owner, procRoot string) {
	if legacy {
		s.Live = running(procRoot, o.PID)
		s.Why = fmt.Sprintf("its name holds only a pid (%d), made by a mytune that did not lock its test file: "+
			"a pid cannot tell a dead run from one in another pid namespace (a container)", o.PID)
		return
	}
	fd, lockErr := lockFile(s.Path)
	switch {
	case errors.Is(lockErr, unix.EWOULDBLOCK):
		s.Live, s.Why = true, fmt.Sprintf("a live process holds its lock: the probe of %s is measuring now", ownerDesc(o, me))
		return
	case lockErr == nil:
		defer unix.Close(fd) //nolint:errcheck // closing drops the lock; the file is gone or kept either way
		s.Why = fmt.Sprintf("no process holds its lock: its maker (%s) has exited", ownerDesc(o, me))
	default:
		dead, why := provenDead(o, me, procRoot)
		if !dead {
			s.Live = why == ownerAlive
			s.Why = fmt.Sprintf("its lock could not be tested (%v) and %s", lockErr, why)
			return
		}
		s.Why = fmt.Sprintf("its lock could not be tested (%v) but %s", lockErr, why)
	}
	if err := removeStaleFile(s.Path); err != nil && !errors.Is(err, os.ErrNotExist) {
		s.RemoveErr = err
		return
	}
	s.Removed = true
}

// removeStaleFile is os.Remove; a test makes it fail as on another user's
// file in a sticky directory.
var removeStaleFile = os.Remove

// lockFile opens path and takes its exclusive flock without waiting: an
// fd holding the lock, or unix.EWOULDBLOCK when another holds it. Opened
// read-write: NFS emulates flock with byte-range locks, whose exclusive
// kind needs a writable descriptor (flock(2), NOTES).
func lockFile(path string) (int, error) {
	fd, err := unix.Open(path, unix.O_RDWR|unix.O_NOFOLLOW|unix.O_CLOEXEC|unix.O_NONBLOCK, 0)
	if err != nil {
		return -1, err
	}
	if err := unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB); err != nil {
		_ = unix.Close(fd)
		return -1, err
	}
	return fd, nil
}

// ownerAlive is provenDead's answer for an owner whose process runs.
const ownerAlive = "its maker still runs"

// provenDead decides from the name alone, for a file whose lock cannot be
// tested: dead only when o ran on this boot in this pid namespace and its
// pid is gone or now another process (its start time differs).
func provenDead(o owner, me owner, procRoot string) (bool, string) {
	if !o.sameHostAndNS(me) {
		return false, fmt.Sprintf("its maker (%s) cannot be looked up from here", ownerDesc(o, me))
	}
	if err := syscall.Kill(o.PID, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return true, fmt.Sprintf("its maker (pid %d, this boot, this pid namespace) has exited", o.PID)
	}
	start, err := startTicks(procRoot, strconv.Itoa(o.PID))
	if err == nil && o.Start != 0 && start != o.Start {
		return true, fmt.Sprintf("its maker (pid %d) has exited: that pid is now another process", o.PID)
	}
	return false, ownerAlive
}

// ownerDesc names o's pid, and where it lives when that is not here.
func ownerDesc(o owner, me owner) string {
	switch {
	case o.BootID != "" && me.BootID != "" && o.BootID != me.BootID:
		return fmt.Sprintf("pid %d of another boot or machine", o.PID)
	case o.PidNS != 0 && me.PidNS != 0 && o.PidNS != me.PidNS:
		return fmt.Sprintf("pid %d in pid namespace %d, not this one: a container", o.PID, o.PidNS)
	}
	return fmt.Sprintf("pid %d", o.PID)
}

// running reports whether pid is a live mytune process: alive by
// kill(pid, 0) (EPERM still means it exists) and, where procRoot has it,
// named mytune in /proc/PID/comm (proc(5)).
func running(procRoot string, pid int) bool {
	if err := syscall.Kill(pid, 0); err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	comm, err := os.ReadFile(filepath.Join(orProc(procRoot), strconv.Itoa(pid), "comm"))
	if err != nil {
		return true // alive, name unknown
	}
	return strings.HasPrefix(strings.TrimSpace(string(comm)), "mytune")
}
