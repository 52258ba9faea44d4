package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a server version reduced to its numeric parts:
// "8.0.36-28-log" → 8.0.36, "10.11.6-MariaDB-0+deb12u1" → 10.11.6.
type Version struct {
	Major, Minor, Patch int
}

// ParseVersion reads the leading "X.Y[.Z]" of a server version string.
func ParseVersion(s string) (Version, error) {
	t := strings.TrimSpace(s)
	t = strings.TrimPrefix(t, "5.5.5-") // MariaDB's replication-compat prefix
	end := strings.IndexFunc(t, func(r rune) bool { return r != '.' && (r < '0' || r > '9') })
	if end >= 0 {
		t = t[:end]
	}
	parts := strings.Split(strings.Trim(t, "."), ".")
	var v Version
	dst := []*int{&v.Major, &v.Minor, &v.Patch}
	for i, p := range parts {
		if i >= len(dst) {
			break
		}
		n, err := strconv.Atoi(p)
		if err != nil {
			return Version{}, fmt.Errorf("version %q: want X.Y or X.Y.Z: %w", s, err)
		}
		*dst[i] = n
	}
	if len(parts) < 2 {
		return Version{}, fmt.Errorf("version %q: want X.Y or X.Y.Z", s)
	}
	return v, nil
}

// Compare returns -1, 0 or 1 as v is older than, equal to or newer than o.
func (v Version) Compare(o Version) int {
	a := [3]int{v.Major, v.Minor, v.Patch}
	b := [3]int{o.Major, o.Minor, o.Patch}
	for i := range a {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

// AtLeast reports whether v is x.y.z or newer (callable from rule expressions).
func (v Version) AtLeast(x, y, z int) bool { return v.Compare(Version{x, y, z}) >= 0 }

// String renders "X.Y.Z".
func (v Version) String() string { return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch) }

// versionRange is a conjunction of constraints such as ">=8.0.30, <9.0".
type versionRange struct {
	ops  []string
	vers []Version
}

// parseRange parses "" (any version) or comma-separated constraints with
// the operators >=, >, <=, <, = .
func parseRange(s string) (versionRange, error) {
	var r versionRange
	for _, c := range strings.Split(s, ",") {
		c = strings.TrimSpace(c)
		if c == "" {
			continue
		}
		op := ""
		for _, cand := range []string{">=", "<=", ">", "<", "="} {
			if strings.HasPrefix(c, cand) {
				op = cand
				break
			}
		}
		if op == "" {
			return r, fmt.Errorf("version constraint %q: start it with >=, >, <=, < or =", c)
		}
		v, err := ParseVersion(strings.TrimSpace(c[len(op):]))
		if err != nil {
			return r, fmt.Errorf("version constraint %q: %w", c, err)
		}
		r.ops = append(r.ops, op)
		r.vers = append(r.vers, v)
	}
	return r, nil
}

// contains reports whether v satisfies every constraint of r.
func (r versionRange) contains(v Version) bool {
	for i, op := range r.ops {
		c := v.Compare(r.vers[i])
		ok := map[string]bool{">=": c >= 0, ">": c > 0, "<=": c <= 0, "<": c < 0, "=": c == 0}[op]
		if !ok {
			return false
		}
	}
	return true
}
