package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// debianTools is what this project's machines hold on PATH (Debian 12,
// scripts/install-deps.sh), versions as their --version printed them.
func debianTools(drop ...string) *profile.Tools {
	t := &profile.Tools{Searched: []string{"myloader", "mysqlsh", "mysql", "mariadb", "mariadb-backup", "mariabackup", "xtrabackup",
		"gunzip", "zstd", "mbstream", "xbstream", "qpress"}}
	for _, f := range []profile.Tool{{Name: "myloader", Path: "/usr/bin/myloader", Version: "0.10.0"},
		{Name: "mysql", Path: "/usr/bin/mysql", Version: "10.11.19"}, {Name: "mariadb", Path: "/usr/bin/mariadb", Version: "10.11.19"},
		{Name: "mariadb-backup", Path: "/usr/bin/mariadb-backup", Version: "10.11.19"},
		{Name: "mariabackup", Path: "/usr/bin/mariabackup", Version: "10.11.19"}, {Name: "gunzip", Path: "/usr/bin/gunzip"},
		{Name: "zstd", Path: "/usr/bin/zstd"}, {Name: "mbstream", Path: "/usr/bin/mbstream"}} {
		keep := true
		for _, d := range drop {
			keep = keep && f.Name != d
		}
		if keep {
			t.Found = append(t.Found, f)
		}
	}
	return t
}

// withTool is t with name found at version.
func withTool(t *profile.Tools, name, version string) *profile.Tools {
	for i := range t.Found {
		if t.Found[i].Name == name {
			t.Found[i].Version = version
		}
	}
	return t
}

func TestToolWarnings(t *testing.T) {
	mydumper := func(tools *profile.Tools) *profile.Profile { p := cardProfile("db1"); p.Tools = tools; return p }
	gzFile := func(tools *profile.Tools) *profile.Profile {
		p := mydumper(tools)
		p.Dump = &profile.Dump{Format: "mysqldump", Path: "/backup/shop.sql.gz", Compression: "gzip", FileBytes: 20e6, TotalBytes: 80e6, Tables: 8}
		return p
	}
	backup := func(tools *profile.Tools, took string) *profile.Profile {
		p := physicalProfile()
		p.Tools, p.Backup.ToolVersion = tools, took
		p.Server = nil // the target unknown: its own series check stays silent
		return p
	}
	zstd := func(tools *profile.Tools) *profile.Profile {
		p := mydumper(tools)
		p.Dump.Compression = "zstd"
		return p
	}
	cases := []struct {
		name string
		p    *profile.Profile
		want []string // substrings of the warnings, commands and notes, joined
		not  []string
	}{
		{"debian 12 with every tool: nothing", mydumper(debianTools()), nil, []string{"not installed", "myloader is"}},
		{"no myloader: the load line would not run", mydumper(debianTools("myloader")),
			[]string{"myloader is not installed on this machine", "\"myloader: command not found\"", "package mydumper)"}, nil},
		{"a saved profile that did not look: nothing", mydumper(nil), nil, []string{"not installed"}},
		{"a gzip mysqldump file without the mysql name, a MariaDB target: the lines call mariadb", gzFile(debianTools("mysql")),
			[]string{"| mariadb --host TARGET", "the lines call the mariadb client: this machine has no mysql on PATH"},
			[]string{"mysql is not installed", "gunzip is not", "| mysql "}},
		{"the same for a MySQL target: mysql kept, a warning with the stand-in", func() *profile.Profile {
			p := gzFile(debianTools("mysql"))
			p.Server = server("mysql", "8.0.36", map[string]string{"hostname": "db1", "port": "3306"})
			return p
		}(), []string{"mysql is not installed", "type mariadb for mysql in them (/usr/bin/mariadb", "| mysql --host TARGET"}, []string{"lines call the mariadb"}},
		{"a gzip mysqldump file without gunzip", gzFile(debianTools("gunzip")), []string{"gunzip is not installed", "package gzip)"}, nil},
		{"a 10.6 backup, this machine's mariadb-backup 10.11: prepare with 10.6's", backup(debianTools(), "10.6.16-MariaDB"),
			[]string{"taken by mariadb-backup 10.6.16-MariaDB", "this machine's mariadb-backup is 10.11.19 (/usr/bin/mariadb-backup)",
				"run the prepare with mariadb-backup 10.6"}, nil},
		{"a 10.6 backup for a 10.11 target: the target's warning names the tool, no second one", func() *profile.Profile {
			p := backup(debianTools(), "10.6.16-MariaDB")
			p.Backup.ServerVersion, p.Server = "10.6.16-MariaDB", physicalProfile().Server
			return p
		}(), []string{"of its own major version (10.6)"}, []string{"this machine's mariadb-backup"}},
		{"a 10.11.6 backup, mariadb-backup 10.11.19: the same series", backup(debianTools(), "10.11.6-MariaDB"), nil, []string{"series"}},
		{"no mariadb-backup at all", backup(debianTools("mariadb-backup"), "10.11.19-MariaDB"),
			[]string{"mariadb-backup is not installed", "package mariadb-backup)"}, []string{"series"}},
		{"a zstd dump, myloader 0.10: it would leave the tables empty", zstd(debianTools()),
			[]string{"this machine's myloader is 0.10.0 (/usr/bin/myloader), which reads gzip only", "0.15 or newer"}, nil},
		{"a zstd dump, myloader 0.16", zstd(withTool(debianTools(), "myloader", "0.16.1")), nil, []string{"this machine's myloader is"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			plan := Size(tc.p, Options{Task: TaskLoad})
			got := strings.Join(plan.Warnings, "\n") + "\n" + strings.Join(plan.Commands, "\n") + "\n" + strings.Join(plan.Notes, "\n")
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("warnings lack %q:\n%s\ncommands: %q", w, got, plan.Commands)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(got, w) {
					t.Errorf("warnings have %q:\n%s", w, got)
				}
			}
		})
	}
}

func TestLinePrograms(t *testing.T) {
	for _, tc := range []struct{ name, line, want string }{
		{"one program", "myloader --host TARGET --threads 8", "myloader"},
		{"a pipeline", "gunzip -c '/d/x.sql.gz' | tail -n +2 | mysql --host TARGET", "gunzip tail mysql"},
		{"a pipe inside quotes is not one", "mysqlsh URI --js -e 'a || b' | cat", "mysqlsh cat"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := strings.Join(linePrograms(tc.line), " "); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestEnvelopeLoader: a myloader of another series than the fit's is
// outside the envelope; the fit's own series (any patch) is not.
func TestEnvelopeLoader(t *testing.T) {
	for _, tc := range []struct {
		name, version string
		want          bool
	}{
		{"myloader 0.16.1", "0.16.1", true}, {"myloader 0.10.0", "0.10.0", false}, {"version unread", "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := &profile.Dump{Format: "mydumper"}
			got := FittedEnvelope.loader(d, withTool(debianTools(), "myloader", tc.version))
			if (len(got) > 0) != tc.want {
				t.Errorf("loader = %q, want outside %v", got, tc.want)
			}
			if tc.want && got[0] != "myloader "+tc.version+" on this machine (measured: myloader 0.10)" {
				t.Errorf("loader = %q", got)
			}
		})
	}
}

func TestRenameProgram(t *testing.T) {
	for _, tc := range []struct{ name, line, want string }{
		{"the first word", "mysql --host TARGET -e 'ANALYZE TABLE t'", "mariadb --host TARGET -e 'ANALYZE TABLE t'"},
		{"after a pipe", "gunzip -c f.gz | tail -n +2 | mysql --host TARGET", "gunzip -c f.gz | tail -n +2 | mariadb --host TARGET"},
		{"quoted text and other words stay", "mysqlsh URI -e 'mysql | x' | cat", "mysqlsh URI -e 'mysql | x' | cat"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := renameProgram(tc.line, "mysql", "mariadb"); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
