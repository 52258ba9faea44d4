package profile

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseSize parses a MySQL size value as mysqld accepts it in a my.cnf or
// prints it in SHOW VARIABLES: a plain integer of bytes, or an integer with a
// K, M, G, T, P or E suffix (powers of 1024, case-insensitive; MySQL manual,
// "Using Options on the Command Line"). A fractional value such as "1.5G" is
// accepted too, as MariaDB does.
func ParseSize(s string) (uint64, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return 0, fmt.Errorf("empty size")
	}
	mult := uint64(1)
	switch t[len(t)-1] {
	case 'k', 'K':
		mult = 1 << 10
	case 'm', 'M':
		mult = 1 << 20
	case 'g', 'G':
		mult = 1 << 30
	case 't', 'T':
		mult = 1 << 40
	case 'p', 'P':
		mult = 1 << 50
	case 'e', 'E':
		mult = 1 << 60
	}
	if mult > 1 {
		t = t[:len(t)-1]
	}
	if n, err := strconv.ParseUint(t, 10, 64); err == nil {
		if mult > 1 && n > ^uint64(0)/mult {
			return 0, fmt.Errorf("size %q overflows 64 bits", s)
		}
		return n * mult, nil
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f < 0 || f != f {
		return 0, fmt.Errorf("size %q is not a number of bytes (e.g. 134217728, 128M, 1G)", s)
	}
	v := f * float64(mult)
	if v >= 1.8446744073709552e19 {
		return 0, fmt.Errorf("size %q overflows 64 bits", s)
	}
	return uint64(v), nil
}

// ParseBool parses a MySQL boolean as mysqld accepts it: ON/OFF, TRUE/FALSE,
// YES/NO, 1/0 (case-insensitive). An empty value (a bare option such as
// "skip-name-resolve") means true.
func ParseBool(s string) (bool, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "on", "true", "yes", "1", "enabled":
		return true, nil
	case "off", "false", "no", "0", "disabled":
		return false, nil
	}
	return false, fmt.Errorf("%q is not a boolean (ON/OFF, 1/0, TRUE/FALSE)", s)
}

// FormatSize renders bytes the way a my.cnf line is best written: the
// largest exact binary suffix (G, M, K), else the plain number.
func FormatSize(b uint64) string {
	switch {
	case b == 0:
		return "0"
	case b%(1<<30) == 0:
		return strconv.FormatUint(b>>30, 10) + "G"
	case b%(1<<20) == 0:
		return strconv.FormatUint(b>>20, 10) + "M"
	case b%(1<<10) == 0:
		return strconv.FormatUint(b>>10, 10) + "K"
	}
	return strconv.FormatUint(b, 10)
}

// HumanBytes renders bytes for people: "1.5 GiB", "512 MiB", "900 B".
func HumanBytes(b uint64) string {
	const unit = 1024
	if b < unit {
		return fmt.Sprintf("%d B", b)
	}
	div, exp := uint64(unit), 0
	for n := b / unit; n >= unit && exp < 5; n /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(b)/float64(div), "KMGTPE"[exp])
}
