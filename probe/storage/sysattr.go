package storage

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// readAttr reads one sysfs attribute and trims it strictly: the trailing
// newline the kernel writes, surrounding blanks and NUL padding. A missing or
// unreadable attribute is "" and false, never an error: not every driver
// exports every attribute.
func readAttr(dir string, name ...string) (string, bool) {
	b, err := os.ReadFile(filepath.Join(append([]string{dir}, name...)...))
	if err != nil {
		return "", false
	}
	return trimAttr(string(b)), true
}

func trimAttr(s string) string {
	return strings.Trim(s, " \t\r\n\x00")
}

// parseUintAttr parses an unsigned decimal sysfs value such as queue/rotational
// or size. Signs, blanks inside and other bases are refused.
func parseUintAttr(s string) (uint64, error) {
	t := trimAttr(s)
	if t == "" || t[0] == '+' || t[0] == '-' {
		return 0, fmt.Errorf("sysfs value %q is not an unsigned decimal", s)
	}
	v, err := strconv.ParseUint(t, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("sysfs value %q is not an unsigned decimal: %w", s, err)
	}
	return v, nil
}

// parseScheduler returns the active I/O scheduler from queue/scheduler, the
// one in brackets ("mq-deadline kyber [bfq] none" → "bfq"; block/elevator.c
// elv_iosched_show). A single unbracketed word ("none" on devices without a
// choice) is returned as it is; anything else is "".
func parseScheduler(s string) string {
	t := trimAttr(s)
	if i := strings.IndexByte(t, '['); i >= 0 {
		j := strings.IndexByte(t[i+1:], ']')
		if j < 0 {
			return ""
		}
		inner := strings.TrimSpace(t[i+1 : i+1+j])
		if strings.ContainsAny(inner, "[]") {
			return ""
		}
		return inner
	}
	if f := strings.Fields(t); len(f) == 1 && !strings.ContainsAny(f[0], "[]") {
		return f[0]
	}
	return ""
}

// uintAttr reads and parses an unsigned attribute; missing or bad is 0, false.
func uintAttr(dir string, name ...string) (uint64, bool) {
	s, ok := readAttr(dir, name...)
	if !ok {
		return 0, false
	}
	v, err := parseUintAttr(s)
	if err != nil {
		return 0, false
	}
	return v, true
}
