package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPhysicalLayout: the lines put what copy-back writes outside the
// datadir where the server reads it, and give it to the server's user,
// as a restore of a server with innodb_log_group_home_dir,
// innodb_undo_directory and a DATA DIRECTORY table needed (review r44:
// before, the server did not start, "File …/ib_logfile0 was not found").
func TestPhysicalLayout(t *testing.T) {
	cases := []struct {
		name       string
		edit       func(p *profile.Profile)
		wantCmds   []string // whole lines
		wantIn     []string // substrings of the lines
		wantAbsent []string
		wantWarn   []string
		wantNotes  []string
	}{
		{name: "the server's redo and undo directories",
			edit: func(p *profile.Profile) {
				p.Server.Variables["innodb_log_group_home_dir"] = "/var/lib/mysql-redo/"
				p.Server.Variables["innodb_undo_directory"] = "/var/lib/mysql-undo"
				p.Backup.UndoTablespaces = 3
			},
			wantCmds: []string{"mariadb-backup --copy-back --target-dir=/backup/full --parallel=1 --datadir=/var/lib/mysql " +
				"--innodb-undo-directory=/var/lib/mysql-undo --innodb-log-group-home-dir=/var/lib/mysql-redo",
				"sync -f /var/lib/mysql /var/lib/mysql-redo /var/lib/mysql-undo", "chown mysql:mysql /var/lib/mysql-redo/ib_logfile0",
				"chown mysql:mysql /var/lib/mysql-undo/undo001 /var/lib/mysql-undo/undo002 /var/lib/mysql-undo/undo003"},
			wantNotes: []string{"the copy-back line puts them there (/var/lib/mysql-redo, /var/lib/mysql-undo)"}},
		{name: "directories in the datadir: no options",
			edit: func(p *profile.Profile) {
				p.Server.Variables["innodb_log_group_home_dir"] = "./"
				p.Server.Variables["innodb_undo_directory"] = "/var/lib/mysql/"
			},
			wantAbsent: []string{"--innodb-undo-directory", "--innodb-log-group-home-dir", "chown mysql:mysql"}},
		{name: "no server: the my.cnf's directories",
			edit: func(p *profile.Profile) {
				p.Server = nil
				p.MyCnf = &profile.MyCnf{Path: "/etc/my.cnf", Variables: map[string]string{"innodb_log_group_home_dir": "/redo logs"}}
			},
			wantIn: []string{"--datadir=/var/lib/mysql --innodb-log-group-home-dir='/redo logs'"}},
		{name: "no server, no my.cnf: the backup's undo directory said",
			edit: func(p *profile.Profile) { p.Server, p.Backup.UndoDirectory = nil, "/srv/undo" },
			wantNotes: []string{"the backup's server kept its undo tablespaces in /srv/undo (backup-my.cnf)",
				"add --innodb-undo-directory=DIR"}},
		{name: "a DATA DIRECTORY table in a path with a space",
			edit:     func(p *profile.Profile) { p.Backup.DataDirectoryFiles = []string{"/data/ext dir/db1/ext.ibd"} },
			wantCmds: []string{"sync -f /var/lib/mysql '/data/ext dir/db1'", "chown mysql:mysql '/data/ext dir/db1' '/data/ext dir/db1/ext.ibd'"},
			wantWarn: []string{"1 table was created with DATA DIRECTORY: copy-back writes its file where the backup's .isl files " +
				"say, outside --datadir ('/data/ext dir/db1/ext.ibd'), and stops with \"File exists\""}},
		{name: "five DATA DIRECTORY tables: three named",
			edit: func(p *profile.Profile) {
				p.Backup.DataDirectoryFiles = []string{"/d/a/1.ibd", "/d/a/2.ibd", "/d/a/3.ibd", "/d/b/4.ibd", "/d/b/5.ibd"}
			},
			wantCmds: []string{"chown mysql:mysql /d/a /d/a/1.ibd /d/a/2.ibd /d/a/3.ibd", "chown mysql:mysql /d/b /d/b/4.ibd /d/b/5.ibd"},
			wantWarn: []string{"5 tables were created with DATA DIRECTORY", "(/d/a/1.ibd, /d/a/2.ibd, /d/a/3.ibd and 2 more)"}},
		{name: "DATA DIRECTORY parents copy-back creates: chowned, each once",
			edit: func(p *profile.Profile) {
				p.Backup.DataDirectoryFiles = []string{"/srv/new/deep/db1/a.ibd", "/srv/new/deep/db2/b.ibd", "/srv/old/db3/c.ibd"}
				p.Backup.DataDirectoryNewDirs = []string{"/srv/new", "/srv/new/deep"}
			},
			wantCmds: []string{"chown mysql:mysql /srv/new /srv/new/deep /srv/new/deep/db1 /srv/new/deep/db1/a.ibd",
				"chown mysql:mysql /srv/new/deep/db2 /srv/new/deep/db2/b.ibd", "chown mysql:mysql /srv/old/db3 /srv/old/db3/c.ibd"},
			wantWarn: []string{"it creates 2 directories above the tables' schema directories that are not there now " +
				"(/srv/new, /srv/new/deep), its runner's, mode 0700, which a server running as another user cannot enter: " +
				"the chown lines name them"}},
		{name: "DATA DIRECTORY files there now: named",
			edit: func(p *profile.Profile) {
				p.Backup.DataDirectoryFiles = []string{"/d/a/1.ibd", "/d/b/2.ibd"}
				p.Backup.DataDirectoryPresent = []string{"/d/b/2.ibd"}
			},
			wantWarn: []string{"stops with \"File exists\" on a file it finds there, and 1 is there now (/d/b/2.ibd): move it aside too",
				"a directory it creates there is its runner's, mode 0700"}},
		{name: "owner unknown: no chown of the outside files",
			edit: func(p *profile.Profile) {
				p.Backup.DatadirOwner, p.Backup.DataDirectoryFiles = "", []string{"/d/a/1.ibd"}
			},
			wantAbsent: []string{"chown"}},
		{name: "datadir unknown: a bare sync",
			edit:     func(p *profile.Profile) { p.Server, p.Storage.Path = nil, "" },
			wantCmds: []string{"sync"}},
		{name: "compressed, its info file unread: qpress and what was not read",
			edit:      func(p *profile.Profile) { p.Backup.Compressed, p.Backup.ServerVersion = ".qp", "" },
			wantNotes: []string{"--decompress runs qpress", "no time is given", "its server's version and page size were not read"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := physicalProfile()
			tc.edit(p)
			plan := Size(p, Options{Task: TaskLoad})
			if p.Backup.Compressed != "" && !plan.EstimatedLoad.IsZero() {
				t.Errorf("a compressed backup priced: %v", plan.EstimatedLoad)
			}
			all := "\n" + strings.Join(plan.Commands, "\n") + "\n"
			for _, c := range tc.wantCmds {
				if !strings.Contains(all, "\n"+c+"\n") {
					t.Errorf("no line %q in:%s", c, all)
				}
			}
			for _, c := range tc.wantIn {
				if !strings.Contains(all, c) {
					t.Errorf("lines lack %q:%s", c, all)
				}
			}
			for _, c := range tc.wantAbsent {
				if strings.Contains(all, c) {
					t.Errorf("lines hold %q:%s", c, all)
				}
			}
			for _, set := range []struct {
				got  []string
				want []string
			}{{plan.Warnings, tc.wantWarn}, {plan.Notes, tc.wantNotes}} {
				joined := strings.Join(set.got, "\n")
				for _, w := range set.want {
					if !strings.Contains(joined, w) {
						t.Errorf("lacks %q:\n%s", w, joined)
					}
				}
			}
		})
	}
}
