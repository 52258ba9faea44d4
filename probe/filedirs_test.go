package probe

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestLocateFileDirs: the undo directory, innodb_data_home_dir and
// aria_log_dir_path of the live server on this host or of the my.cnf, and
// the server's DATA DIRECTORY tables, are recorded with a storage note
// when they are off the datadir's filesystem, and only then; an undo
// directory without undo tablespaces and a remote server's are not; one
// that cannot be read here is a note. Nothing is measured (Measure off).
func TestLocateFileDirs(t *testing.T) {
	datadir := t.TempDir()
	other := otherFilesystem(t, datadir) // /dev/shm, in RAM
	tests := []struct {
		name          string
		server, mycnf map[string]string
		outside       []profile.Tablespace
		onThisHost    bool
		wantVars      []string // the Variable of each FileDir, in order
		wantNote      string   // in the first storage note
	}{
		{name: "undo tablespaces elsewhere", server: map[string]string{"innodb_undo_directory": other, "innodb_undo_tablespaces": "3"},
			outside:    []profile.Tablespace{{Name: "innodb_undo001", Path: filepath.Join(other, "undo001"), FileBytes: 10 << 20}},
			onThisHost: true, wantVars: []string{"innodb_undo_directory"},
			wantNote: "undo tablespaces off the datadir's filesystem: innodb_undo_directory = " + other + " (server), 10.0 MiB of tablespace files, on "},
		{name: "no undo tablespaces", server: map[string]string{"innodb_undo_directory": other, "innodb_undo_tablespaces": "0"}, onThisHost: true},
		{name: "defaults: the datadir", server: map[string]string{"innodb_undo_directory": "./", "innodb_data_home_dir": "NULL",
			"aria_log_dir_path": datadir + "/"}, onThisHost: true},
		{name: "ibdata and the Aria log elsewhere", server: map[string]string{"innodb_data_home_dir": other, "aria_log_dir_path": other},
			onThisHost: true, wantVars: []string{"innodb_data_home_dir", "aria_log_dir_path"},
			wantNote: "the system tablespace (ibdata) and ibtmp1 off the datadir's filesystem"},
		{name: "DATA DIRECTORY tables", server: map[string]string{}, onThisHost: true,
			outside: []profile.Tablespace{{Name: "s/a", Path: filepath.Join(other, "s", "a.ibd"), FileBytes: 1 << 20},
				{Name: "s/b#P#p0", Path: filepath.Join(other, "s", "b#P#p0.ibd"), FileBytes: 1 << 20},
				{Name: "t/c", Path: filepath.Join(datadir, "t", "c.ibd")}},
			wantVars: []string{"DATA DIRECTORY"}, wantNote: "2 table(s) live off the datadir's filesystem (DATA DIRECTORY = " + other + "): s.a, s.b#P#p0, 2.0 MiB"},
		{name: "a server on another host", server: map[string]string{"innodb_undo_directory": other},
			outside: []profile.Tablespace{{Name: "s/a", Path: filepath.Join(other, "s", "a.ibd")}}},
		{name: "my.cnf, no server", mycnf: map[string]string{"innodb_undo_directory": other}, wantVars: []string{"innodb_undo_directory"}},
		{name: "not on this machine", server: map[string]string{"innodb_undo_directory": "/nonexistent/mytune/undo"}, onThisHost: true,
			wantVars: []string{"innodb_undo_directory"}, wantNote: "/nonexistent/mytune/undo could not be read here"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &profile.Profile{Storage: profile.Storage{Path: datadir}}
			if tc.server != nil {
				p.Server = &profile.Server{Reachable: true, Source: "server", Datadir: datadir, Variables: tc.server, OutsideTablespaces: tc.outside}
			}
			if tc.mycnf != nil {
				p.MyCnf = &profile.MyCnf{Variables: tc.mycnf}
			}
			locateFileDirs(context.Background(), Options{Roots: DefaultRoots}, p, tc.onThisHost)
			var got []string
			for _, fd := range p.Storage.FileDirs {
				got = append(got, fd.Variable)
			}
			if strings.Join(got, ",") != strings.Join(tc.wantVars, ",") {
				t.Fatalf("FileDirs = %q, want %q", got, tc.wantVars)
			}
			if len(p.Storage.Notes) != len(tc.wantVars) {
				t.Fatalf("notes = %q, want one a set", p.Storage.Notes)
			}
			if tc.wantNote != "" && !strings.Contains(p.Storage.Notes[0], tc.wantNote) {
				t.Errorf("note = %q, want it to hold %q", p.Storage.Notes[0], tc.wantNote)
			}
		})
	}
}

// TestTableList: up to five tables are named, the rest counted.
func TestTableList(t *testing.T) {
	tests := []struct {
		name   string
		tables []string
		want   string
	}{
		{name: "one", tables: []string{"a.b"}, want: "a.b"},
		{name: "six", tables: []string{"s.1", "s.2", "s.3", "s.4", "s.5", "s.6"}, want: "s.1, s.2, s.3, s.4, s.5 and 1 more"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := tableList(tc.tables); got != tc.want {
				t.Errorf("tableList = %q, want %q", got, tc.want)
			}
		})
	}
}
