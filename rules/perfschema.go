package rules

import (
	"strings"

	"github.com/mytune/mytune/profile"
)

// fillPerfSchema sets PerfSchemaBytes from a live server's read and
// PerfSchemaUncounted when the performance schema is on but its memory
// was not read: a my.cnf or saved variables (no SHOW ENGINE
// PERFORMANCE_SCHEMA STATUS), or a live read without the PROCESS
// privilege. On when performance_schema says so, or, unset, on MySQL and
// Percona 5.6.6 and newer (MySQL 5.6 manual, "Performance Schema Startup
// Configuration": enabled by default as of 5.6.6); MariaDB's default is
// OFF (MariaDB KB, "Performance Schema System Variables").
func (f *Facts) fillPerfSchema(s *profile.Server, vars map[string]string) {
	if s != nil && s.Reachable {
		f.PerfSchemaBytes = s.PerfSchemaBytes
	}
	if f.PerfSchemaBytes > 0 {
		return
	}
	raw, set := vars["performance_schema"]
	if set {
		on, err := profile.ParseBool(strings.TrimSpace(raw))
		f.PerfSchemaUncounted = err == nil && on
		return
	}
	f.PerfSchemaUncounted = f.Flavor != profile.FlavorMariaDB && f.Flavor != "" && f.Version.AtLeast(5, 6, 6)
}
