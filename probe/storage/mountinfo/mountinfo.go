// Package mountinfo parses /proc/<pid>/mountinfo as documented in proc(5)
// ("/proc/pid/mountinfo") and the kernel's Documentation/filesystems/proc.rst
// section 3.5. It does no I/O beyond the reader it is given.
package mountinfo

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Mount is one line of a mountinfo file.
type Mount struct {
	ID       int
	ParentID int
	Major    uint32
	Minor    uint32
	// Root is the path inside the filesystem that forms the root of this
	// mount (not "/" for bind mounts and containers).
	Root       string
	MountPoint string
	// Options are the per-mount options (field 6), e.g. "rw", "relatime".
	Options []string
	// Optional are the tagged fields before the separator ("shared:1", "master:2").
	Optional []string
	FSType   string
	Source   string
	// SuperOptions are the per-superblock options (last field).
	SuperOptions []string
}

// Dev returns "major:minor" as in /sys/dev/block names.
func (m Mount) Dev() string {
	return fmt.Sprintf("%d:%d", m.Major, m.Minor)
}

// maxLine bounds one mountinfo line; the kernel escapes paths but a line can
// still hold two PATH_MAX (4096) paths plus options, so 64 KiB is ample.
const maxLine = 64 << 10

// Parse reads every line of a mountinfo file. A malformed line is an error
// naming its line number: a half-read mount table would mislead the caller.
func Parse(r io.Reader) ([]Mount, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 4096), maxLine)
	var mounts []Mount
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			continue
		}
		m, err := ParseLine(line)
		if err != nil {
			return mounts, fmt.Errorf("mountinfo line %d: %w", n, err)
		}
		mounts = append(mounts, m)
	}
	if err := sc.Err(); err != nil {
		return mounts, fmt.Errorf("reading mountinfo: %w", err)
	}
	return mounts, nil
}

// ParseLine parses one mountinfo line:
//
//	36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw,errors=continue
func ParseLine(line string) (Mount, error) {
	f := strings.Fields(line)
	sep := -1
	for i := 6; i < len(f); i++ {
		if f[i] == "-" {
			sep = i
			break
		}
	}
	if len(f) < 7 || sep < 0 || sep+1 >= len(f) {
		return Mount{}, fmt.Errorf("want 'ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS ... - FSTYPE SOURCE SUPEROPTIONS', got %q", line)
	}
	var m Mount
	var err error
	if m.ID, err = strconv.Atoi(f[0]); err != nil {
		return Mount{}, fmt.Errorf("mount id %q: %w", f[0], err)
	}
	if m.ParentID, err = strconv.Atoi(f[1]); err != nil {
		return Mount{}, fmt.Errorf("parent id %q: %w", f[1], err)
	}
	if m.Major, m.Minor, err = ParseDev(f[2]); err != nil {
		return Mount{}, err
	}
	m.Root = Unescape(f[3])
	m.MountPoint = Unescape(f[4])
	m.Options = splitOptions(f[5])
	m.Optional = append([]string(nil), f[6:sep]...)
	m.FSType = Unescape(f[sep+1])
	if sep+2 < len(f) {
		m.Source = Unescape(f[sep+2])
	}
	if sep+3 < len(f) {
		m.SuperOptions = splitOptions(f[sep+3])
	}
	return m, nil
}

// ParseDev parses "major:minor" as written in mountinfo and /sys/dev/block.
func ParseDev(s string) (major, minor uint32, err error) {
	a, b, ok := strings.Cut(s, ":")
	if !ok {
		return 0, 0, fmt.Errorf("device %q is not MAJOR:MINOR", s)
	}
	ma, err := strconv.ParseUint(a, 10, 32)
	if err != nil {
		return 0, 0, fmt.Errorf("device major %q: %w", s, err)
	}
	mi, err := strconv.ParseUint(b, 10, 32)
	if err != nil {
		return 0, 0, fmt.Errorf("device minor %q: %w", s, err)
	}
	return uint32(ma), uint32(mi), nil
}

// splitOptions splits an options field at its commas, then decodes each
// option's octal escapes: overlayfs writes its directory options with
// seq_show_option, which escapes commas, spaces and backslashes the same
// way (fs/seq_file.c), so "upperdir=/x/up\0404" is the directory "/x/up 4".
func splitOptions(s string) []string {
	if s == "" {
		return nil
	}
	out := strings.Split(s, ",")
	for i, o := range out {
		out[i] = Unescape(o)
	}
	return out
}

// Unescape undoes the kernel's octal escapes in mountinfo paths: space,
// tab, newline and backslash are written as \040, \011, \012 and \134
// (fs/proc_namespace.c, mangle()). Anything else is kept as it is.
func Unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) && s[i+1] >= '0' && s[i+1] <= '3' && isOctal(s[i+2]) && isOctal(s[i+3]) {
			v := (s[i+1]-'0')<<6 | (s[i+2]-'0')<<3 | (s[i+3] - '0')
			b.WriteByte(v)
			i += 3
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isOctal(c byte) bool { return c >= '0' && c <= '7' }
