//go:build linux || darwin

package diskio

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// owner is who made a test file, as its name records it: the pid, and what
// tells that pid apart across pid namespaces and reboots. A zero PidNS,
// an empty BootID or a zero Start means "not known" (no /proc: macOS).
type owner struct {
	PID    int
	PidNS  uint64 // inode of /proc/self/ns/pid (namespaces(7))
	BootID string // /proc/sys/kernel/random/boot_id without dashes (random(4))
	Start  uint64 // start time in clock ticks after boot, /proc/PID/stat field 22 (proc(5))
}

// ownerName matches a test file's name (probeFileName) and captures its
// owner: pid, pid namespace inode, boot id ("0" unknown) and start time.
var ownerName = regexp.MustCompile(`^\.mytune-probe-([0-9]+)-([0-9]+)-([0-9a-f]{32}|0)-([0-9]+)-[0-9a-f]{12}\.tmp$`)

// legacyName matches the name runs made before the owner was recorded
// (.mytune-probe-<pid>-<random>.tmp): the pid alone.
var legacyName = regexp.MustCompile(`^\.mytune-probe-([0-9]+)-[0-9a-f]{12}\.tmp$`)

// selfOwner is this process as an owner, read from procRoot ("" is /proc).
func selfOwner(procRoot string) owner {
	procRoot = orProc(procRoot)
	o := owner{PID: os.Getpid()}
	if link, err := os.Readlink(filepath.Join(procRoot, "self", "ns", "pid")); err == nil {
		o.PidNS = nsInode(link)
	}
	if b, err := os.ReadFile(filepath.Join(procRoot, "sys", "kernel", "random", "boot_id")); err == nil {
		o.BootID = strings.ReplaceAll(strings.TrimSpace(string(b)), "-", "")
	}
	o.Start, _ = startTicks(procRoot, "self")
	return o
}

// ownerTag is the owner part of the name of this process's test files.
func ownerTag(procRoot string) string { return selfOwner(procRoot).nameTag() }

// nameTag is the owner part of a test file's name.
func (o owner) nameTag() string {
	boot := o.BootID
	if len(boot) != 32 {
		boot = "0"
	}
	return fmt.Sprintf("%d-%d-%s-%d", o.PID, o.PidNS, boot, o.Start)
}

// parseOwner reads the owner out of a test file's name; legacy is true
// for a name that holds the pid alone; ok is false for any other name.
func parseOwner(name string) (o owner, legacy, ok bool) {
	if m := ownerName.FindStringSubmatch(name); m != nil {
		o.PID, _ = strconv.Atoi(m[1])
		o.PidNS, _ = strconv.ParseUint(m[2], 10, 64)
		if m[3] != "0" {
			o.BootID = m[3]
		}
		o.Start, _ = strconv.ParseUint(m[4], 10, 64)
		return o, false, true
	}
	if m := legacyName.FindStringSubmatch(name); m != nil {
		o.PID, _ = strconv.Atoi(m[1])
		return o, true, true
	}
	return owner{}, false, false
}

// sameHostAndNS reports whether o ran on this boot of this machine in the
// pid namespace of me, where its pid means what it means here; false when
// either side does not know.
func (o owner) sameHostAndNS(me owner) bool {
	return o.BootID != "" && o.BootID == me.BootID && o.PidNS != 0 && o.PidNS == me.PidNS
}

// nsInode reads the inode out of a namespace link ("pid:[4026531836]").
func nsInode(link string) uint64 {
	i, j := strings.IndexByte(link, '['), strings.IndexByte(link, ']')
	if i < 0 || j < i {
		return 0
	}
	n, _ := strconv.ParseUint(link[i+1:j], 10, 64)
	return n
}

// startTicks reads field 22 (starttime) of procRoot/pid/stat (proc(5));
// the fields are counted after the last ')' since comm may hold spaces.
func startTicks(procRoot, pid string) (uint64, error) {
	b, err := os.ReadFile(filepath.Join(orProc(procRoot), pid, "stat"))
	if err != nil {
		return 0, err
	}
	s := string(b)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	const startField = 22 - 3 // fields 1 (pid) and 2 (comm) precede ')'; the slice starts at field 3
	if len(fields) <= startField {
		return 0, fmt.Errorf("%s/stat has %d fields after comm, want more than %d", pid, len(fields), startField)
	}
	return strconv.ParseUint(fields[startField], 10, 64)
}

// orProc is procRoot, or /proc when empty.
func orProc(procRoot string) string {
	if procRoot == "" {
		return "/proc"
	}
	return procRoot
}
