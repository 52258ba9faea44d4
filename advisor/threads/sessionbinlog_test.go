package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestSessionBinlogOffTexts: a mysqldump file that turns the binary log
// off itself gets the warning, and the texts that say how to have the
// binary log written name the file's line; other dumps keep their texts.
func TestSessionBinlogOffTexts(t *testing.T) {
	maria := profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.19", Source: profile.SourceFlag}
	cases := []struct {
		name                   string
		d                      profile.Dump
		warn, written, account []string
	}{
		{"MySQL 8 file into MariaDB", profile.Dump{Format: "mysqldump", SessionBinlogOff: true},
			[]string{"stay out of TARGET's binary log", "BINLOG ADMIN or SUPER", "ERROR 1227", "--set-gtid-purged=OFF"},
			[]string{"the file without its SET @@SESSION.SQL_LOG_BIN= 0 line"},
			[]string{"SET @@SESSION.SQL_LOG_BIN= 0 line out of the file"}},
		{"mariadb-dump file", profile.Dump{Format: "mysqldump"}, nil,
			[]string{"the mysql line without its " + InitSkipBinlog}, []string{"let the binary log have the rows"}},
		{"mydumper", profile.Dump{Format: "mydumper", SessionBinlogOff: true}, nil,
			[]string{"myloader --enable-binlog"}, []string{"myloader 0.10 writes every row"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := c.d
			p := &profile.Profile{Dump: &d}
			o := Options{Target: maria}
			got := map[string]string{"warning": SessionBinlogOffWarning(p, o), "written": binlogWrittenHow(&d), "account": skipBinlogAccount(p, o)}
			if len(c.warn) == 0 && got["warning"] != "" {
				t.Errorf("warning %q, want none", got["warning"])
			}
			for key, want := range map[string][]string{"warning": c.warn, "written": c.written, "account": c.account} {
				for _, w := range want {
					if !strings.Contains(got[key], w) {
						t.Errorf("%s lacks %q: %q", key, w, got[key])
					}
				}
			}
			if !d.SessionBinlogOff && strings.Contains(got["account"], "SQL_LOG_BIN= 0 line") {
				t.Errorf("account text names a line the file lacks: %q", got["account"])
			}
		})
	}
}
