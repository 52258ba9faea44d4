package profile

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a comparable server version, the one parser every package
// uses (probe/server reads it, the rules compare it).
type Version struct {
	Major, Minor, Patch int
	// Suffix is what follows the numbers ("-MariaDB-0+deb12u1", "-24", "-log").
	Suffix string
}

// mariaDBWirePrefix is what MariaDB 10.x+ puts before its real version in
// the protocol handshake so that old clients accept it (MariaDB KB,
// "Connection" / server_version "5.5.5-10.x.y-MariaDB").
const mariaDBWirePrefix = "5.5.5-"

// ParseVersion reads "8.0.36", "10.11.19-MariaDB-0+deb12u1",
// "5.5.5-10.11.6-MariaDB", "8.0.32-24" or "26.7.0". ok is false when the
// string does not start with a number.
func ParseVersion(s string) (v Version, ok bool) {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, mariaDBWirePrefix) && strings.Contains(strings.ToLower(s), "mariadb") {
		s = strings.TrimPrefix(s, mariaDBWirePrefix)
	}
	nums := [3]int{}
	i, part := 0, 0
	for part < 3 {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i || j-i > 9 {
			break
		}
		nums[part], _ = strconv.Atoi(s[i:j])
		part++
		i = j
		if part < 3 && i+1 < len(s) && s[i] == '.' && s[i+1] >= '0' && s[i+1] <= '9' {
			i++
			continue
		}
		break
	}
	if part == 0 {
		return Version{Suffix: s}, false
	}
	return Version{Major: nums[0], Minor: nums[1], Patch: nums[2], Suffix: s[i:]}, true
}

// ParseVersionStrict is ParseVersion for a version a person or a file
// names (--target, a [mysqld-8.0] header, a rule's range): it also wants
// the minor number ("8.4", "8.0.36-28-log", "5.5.5-10.11.6-MariaDB-0+deb12u1"),
// and refuses "8" or "eight" with an error saying so.
func ParseVersionStrict(s string) (Version, error) {
	v, ok := ParseVersion(s)
	t := CleanVersion(strings.TrimSpace(s))
	dot := strings.IndexByte(t, '.')
	if !ok || dot <= 0 || dot+1 >= len(t) || t[dot+1] < '0' || t[dot+1] > '9' {
		return Version{}, fmt.Errorf("version %q: want X.Y or X.Y.Z", s)
	}
	return v, nil
}

// Compare returns -1, 0 or 1 as v is older than, equal to or newer than o
// (numbers only; the suffix is ignored).
func (v Version) Compare(o Version) int {
	a := [3]int{v.Major, v.Minor, v.Patch}
	b := [3]int{o.Major, o.Minor, o.Patch}
	for i := range a {
		switch {
		case a[i] < b[i]:
			return -1
		case a[i] > b[i]:
			return 1
		}
	}
	return 0
}

// Less reports whether v is older than o.
func (v Version) Less(o Version) bool { return v.Compare(o) < 0 }

// AtLeast reports whether v is major.minor.patch or newer.
func (v Version) AtLeast(major, minor, patch int) bool {
	return v.Compare(Version{Major: major, Minor: minor, Patch: patch}) >= 0
}

// String renders "major.minor.patch".
func (v Version) String() string {
	return strconv.Itoa(v.Major) + "." + strconv.Itoa(v.Minor) + "." + strconv.Itoa(v.Patch)
}

// CleanVersion drops MariaDB's 5.5.5- wire prefix.
func CleanVersion(s string) string {
	if strings.HasPrefix(s, mariaDBWirePrefix) && strings.Contains(strings.ToLower(s), "mariadb") {
		return strings.TrimPrefix(s, mariaDBWirePrefix)
	}
	return s
}
