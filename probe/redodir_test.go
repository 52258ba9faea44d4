package probe

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/probe/storage"
	"github.com/mytune/mytune/profile"
)

// otherFilesystem is a directory on another filesystem than dir: under
// /dev/shm (tmpfs on Linux; the test fails where it is missing or is the
// same filesystem, since the case it stands for could not be checked).
func otherFilesystem(t *testing.T, dir string) string {
	t.Helper()
	other, err := os.MkdirTemp("/dev/shm", "mytune-redo-")
	if err != nil {
		t.Fatalf("a directory on another filesystem is needed (/dev/shm): %v", err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(other) })
	if same, err := storage.SameFilesystem(dir, other); err != nil || same {
		t.Fatalf("%s and %s: same filesystem %v (%v); the test needs two", dir, other, same, err)
	}
	return other
}

// TestLocateRedoDir: innodb_log_group_home_dir on the datadir's filesystem
// (the default "./", a subdirectory) leaves RedoDir nil; on another
// filesystem RedoDir says where, its free space and the commit loop measured
// there; a directory that cannot be read here is a note, never an error.
func TestLocateRedoDir(t *testing.T) {
	datadir := t.TempDir()
	if err := os.Mkdir(filepath.Join(datadir, "redo"), 0o755); err != nil {
		t.Fatal(err)
	}
	other := otherFilesystem(t, datadir)
	tests := []struct {
		name      string
		server    map[string]string // live server variables (on this host)
		mycnf     map[string]string
		measure   bool
		wantPath  string // "" : RedoDir nil
		wantFsync bool
		wantNote  string
	}{
		{name: "the default ./", server: map[string]string{"innodb_log_group_home_dir": "./"}},
		{name: "a subdirectory of the datadir", mycnf: map[string]string{"innodb_log_group_home_dir": "redo", "datadir": datadir}},
		{name: "another filesystem, measured", server: map[string]string{"innodb_log_group_home_dir": other}, measure: true, wantPath: other, wantFsync: true},
		{name: "another filesystem from my.cnf, not measured", mycnf: map[string]string{"innodb_log_group_home_dir": other + "/"}, wantPath: other},
		{name: "not on this machine", server: map[string]string{"innodb_log_group_home_dir": "/nonexistent/mytune/redo"}, wantPath: "/nonexistent/mytune/redo",
			wantNote: "could not be read here"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := &profile.Profile{Storage: profile.Storage{Path: datadir}}
			if tc.server != nil {
				p.Server = &profile.Server{Reachable: true, Source: "server", Datadir: datadir, Variables: tc.server}
			}
			if tc.mycnf != nil {
				p.MyCnf = &profile.MyCnf{Variables: tc.mycnf}
			}
			locateRedoDir(context.Background(), Options{Measure: tc.measure, Roots: DefaultRoots}, p, true)
			rd := p.Storage.RedoDir
			if tc.wantPath == "" {
				if rd != nil {
					t.Fatalf("RedoDir = %+v, want nil (the datadir's filesystem)", rd)
				}
				return
			}
			if rd == nil || rd.Path != tc.wantPath {
				t.Fatalf("RedoDir = %+v, want path %s", rd, tc.wantPath)
			}
			if tc.wantNote == "" && (rd.FreeBytes == 0 || rd.MountPoint == "") {
				t.Errorf("RedoDir = %+v: want its mount and free space", rd)
			}
			if (rd.Fsync != nil && rd.Fsync.Ops > 0) != tc.wantFsync {
				t.Errorf("Fsync = %+v, measured want %v (note %q)", rd.Fsync, tc.wantFsync, rd.Note)
			}
			if !strings.Contains(rd.Note, tc.wantNote) || len(p.Storage.Notes) != 1 || !strings.Contains(p.Storage.Notes[0], "innodb_log_group_home_dir") {
				t.Errorf("note %q, storage notes %q: want %q and one storage note", rd.Note, p.Storage.Notes, tc.wantNote)
			}
			if entries, _ := os.ReadDir(other); len(entries) != 0 {
				t.Errorf("left behind in %s: %v", other, entries)
			}
		})
	}
}
