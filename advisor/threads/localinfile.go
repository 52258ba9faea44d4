package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// LocalInfileOffSince is the first MySQL release whose local_infile
// defaults to OFF (MySQL 8.0 manual, local_infile: "default OFF" since
// 8.0.2; ON in 5.7). MySQL Shell's util.loadDump and util.copyInstance
// load with LOAD DATA LOCAL INFILE, so the target's global local_infile
// must be ON for the import (MySQL Shell manual, "Dump Loading Utility",
// requirements).
var LocalInfileOffSince = profile.Version{Major: 8, Minor: 0, Patch: 2}

// localInfileLoad names the printed load that needs LOAD DATA LOCAL on a
// MySQL target ("" when none): "mysqlsh load" for util.loadDump (a MySQL
// Shell dump, or no --dump) or util.copyInstance, "myloader load" for a
// mydumper --load-data dump, whose .sql files run LOAD DATA LOCAL INFILE
// on their .dat files (mydumper docs, --load-data).
func localInfileLoad(p *profile.Profile, o Options) string {
	if !mysqlTools(targetOf(p, o)) {
		return ""
	}
	format, loadData := "", false
	if p.Dump != nil {
		format, loadData = p.Dump.Format, p.Dump.LoadData
	}
	load := o.Task == TaskAll || o.Task == TaskLoad
	shell := load && (format == "" || format == "mysqlsh") || o.Task == TaskAll || o.Task == TaskCopy
	myloader := load && format == "mydumper" && loadData
	switch {
	case shell && myloader:
		return "mysqlsh and myloader loads"
	case shell:
		return "mysqlsh load"
	case myloader:
		return "myloader load"
	}
	return ""
}

// localInfile turns local_infile on for the load that needs it when it is
// off (vars: the server's or advised values) or may be: the target's
// default when no server said, "if it is OFF" when the version is unknown.
func localInfile(p *profile.Profile, o Options, vars map[string]string) (Setting, bool) {
	which := localInfileLoad(p, o)
	if which == "" {
		return Setting{}, false
	}
	cur, from := "", "the server"
	if v, ok := vars["local_infile"]; ok {
		b, err := profile.ParseBool(v)
		if err == nil && b {
			return Setting{}, false
		}
		cur = "OFF"
	}
	if cur == "" {
		v, err := profile.ParseVersionStrict(targetOf(p, o).Version)
		ok := err == nil
		if ok && v.Less(LocalInfileOffSince) {
			return Setting{}, false // MySQL 5.7: ON by default
		}
		from = "MySQL 8.0's default"
		if !ok {
			from = "the default of MySQL 8.0 and later; skip it if local_infile is already ON"
		}
	}
	s := Setting{Name: fmt.Sprintf("allow LOAD DATA LOCAL for the %s (local_infile is OFF: %s)", which, from),
		Apply:   "SET GLOBAL local_infile = ON;",
		Undo:    "SET GLOBAL local_infile = OFF;",
		Warning: "while ON, any client may send a file of its host with LOAD DATA LOCAL (MySQL manual, 'Security Considerations for LOAD DATA LOCAL'); util.loadDump and util.copyInstance refuse to load without it (MySQL Shell manual)"}
	if strings.Contains(which, "myloader") {
		s.Warning += "; a --load-data dump's LOAD DATA LOCAL INFILE statements fail without it"
	}
	return s, true
}
