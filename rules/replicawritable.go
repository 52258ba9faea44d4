package rules

import (
	"strings"

	"github.com/mytune/mytune/profile"
)

// ReadOnlyOff is true when the server says read_only is off (OFF or 0);
// false when it is on (ON, 1, or MariaDB 11's NO_LOCK and NO_LOCK_NO_ADMIN)
// or not read. Review r24: a MariaDB 10.11 replica set read_only = OFF got
// no word of it, though any write there makes it differ from its source.
func (e Env) ReadOnlyOff() bool {
	raw, ok := e.F.Raw["read_only"]
	if !ok || strings.HasPrefix(strings.ToUpper(strings.TrimSpace(raw)), "NO_LOCK") {
		return false
	}
	on, err := profile.ParseBool(strings.TrimSpace(raw))
	return err == nil && !on
}

// ReadOnlyWriters names the privileges that write through read_only on the
// advised server (profile.ReadOnlyWritePrivileges).
func (e Env) ReadOnlyWriters() string {
	if e.F.Version == (profile.Version{}) {
		return profile.ReadOnlyWritePrivileges(e.F.Flavor, "")
	}
	return profile.ReadOnlyWritePrivileges(e.F.Flavor, e.F.Version.String())
}
