package probe

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestLocateBinlogDir: the binary log in the datadir, or off, leaves
// BinlogDir nil; log_bin_basename on another filesystem records where,
// its free space and the commit loop measured there (review r34); one
// that cannot be read here is a note, never an error.
func TestLocateBinlogDir(t *testing.T) {
	datadir := t.TempDir()
	other := otherFilesystem(t, datadir)
	tests := []struct {
		name      string
		server    map[string]string // live server variables (on this host)
		mycnf     map[string]string
		measure   bool
		wantPath  string // "": BinlogDir nil
		wantFsync bool
		wantNote  string
	}{
		{name: "in the datadir", server: map[string]string{"log_bin": "ON", "log_bin_basename": filepath.Join(datadir, "mysql-bin")}},
		{name: "the binary log off", server: map[string]string{"log_bin": "OFF", "log_bin_basename": filepath.Join(other, "bin")}},
		{name: "another filesystem, measured", server: map[string]string{"log_bin": "ON", "log_bin_basename": filepath.Join(other, "bin")},
			measure: true, wantPath: other, wantFsync: true},
		{name: "another filesystem from my.cnf, not measured", mycnf: map[string]string{"log_bin": "ON", "log_bin_basename": filepath.Join(other, "bin")}, wantPath: other},
		{name: "a relative name in my.cnf: the datadir", mycnf: map[string]string{"log_bin": "ON", "log_bin_basename": "mysql-bin", "datadir": datadir}},
		{name: "not on this machine", server: map[string]string{"log_bin": "ON", "log_bin_basename": "/nonexistent/mytune/binlog/bin"},
			wantPath: "/nonexistent/mytune/binlog", wantNote: "could not be read here"},
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
			locateBinlogDir(context.Background(), Options{Measure: tc.measure, Roots: DefaultRoots}, p, true)
			bd := p.Storage.BinlogDir
			if tc.wantPath == "" {
				if bd != nil {
					t.Fatalf("BinlogDir = %+v, want nil (the datadir's filesystem)", bd)
				}
				return
			}
			if bd == nil || bd.Path != tc.wantPath {
				t.Fatalf("BinlogDir = %+v, want path %s", bd, tc.wantPath)
			}
			if tc.wantNote == "" && (bd.FreeBytes == 0 || bd.MountPoint == "") {
				t.Errorf("BinlogDir = %+v: want its mount and free space", bd)
			}
			if (bd.Fsync != nil && bd.Fsync.Ops > 0) != tc.wantFsync {
				t.Errorf("Fsync = %+v, measured want %v (note %q)", bd.Fsync, tc.wantFsync, bd.Note)
			}
			if tc.wantFsync && !strings.Contains(p.Storage.Notes[0], "200-byte append + fdatasync") {
				t.Errorf("storage note %q: want the binary log's appends named (BinlogAppendBytes)", p.Storage.Notes[0])
			}
			if !strings.Contains(bd.Note, tc.wantNote) || len(p.Storage.Notes) != 1 || !strings.Contains(p.Storage.Notes[0], "log_bin_basename") {
				t.Errorf("note %q, storage notes %q: want %q and one storage note", bd.Note, p.Storage.Notes, tc.wantNote)
			}
			if entries, _ := os.ReadDir(other); len(entries) != 0 {
				t.Errorf("left behind in %s: %v", other, entries)
			}
		})
	}
}
