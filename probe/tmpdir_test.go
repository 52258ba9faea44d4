package probe

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/mytune/mytune/probe/storage"
	"github.com/mytune/mytune/profile"
)

// TestLocateTmpDir: innodb_tmpdir, else tmpdir, of the live server on
// this host or of the my.cnf, is located whether or not it shares the
// datadir's filesystem; of a list the directory with the least room is
// kept; one that cannot be read here is a note; a remote server's is not
// looked for here. Nothing is written there.
func TestLocateTmpDir(t *testing.T) {
	datadir := t.TempDir()
	other := otherFilesystem(t, datadir) // /dev/shm, in RAM
	least := other
	if free(t, datadir) < free(t, other) {
		least = datadir
	}
	tests := []struct {
		name               string
		server, mycnf      map[string]string
		onThisHost         bool
		wantPath, wantVar  string // wantPath "": TmpDir nil
		wantSame, wantNote bool
	}{
		{name: "tmpdir on another filesystem", server: map[string]string{"tmpdir": other, "innodb_tmpdir": ""}, onThisHost: true,
			wantPath: other, wantVar: "tmpdir"},
		{name: "innodb_tmpdir wins over tmpdir", server: map[string]string{"tmpdir": other, "innodb_tmpdir": datadir}, onThisHost: true,
			wantPath: datadir, wantVar: "innodb_tmpdir", wantSame: true},
		{name: "innodb_tmpdir NULL", server: map[string]string{"tmpdir": datadir, "innodb_tmpdir": "NULL"}, onThisHost: true,
			wantPath: datadir, wantVar: "tmpdir", wantSame: true},
		{name: "a list: the least room kept", server: map[string]string{"tmpdir": datadir + ":" + other}, onThisHost: true,
			wantPath: least, wantVar: "tmpdir", wantSame: least == datadir},
		{name: "a server on another host", server: map[string]string{"tmpdir": other}},
		{name: "my.cnf, no server", mycnf: map[string]string{"tmpdir": other}, wantPath: other, wantVar: "tmpdir"},
		{name: "not on this machine", server: map[string]string{"tmpdir": "/nonexistent/mytune/tmp"}, onThisHost: true,
			wantPath: "/nonexistent/mytune/tmp", wantVar: "tmpdir", wantNote: true},
		{name: "nothing said", server: map[string]string{}, onThisHost: true},
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
			locateTmpDir(context.Background(), Options{Roots: DefaultRoots}, p, tc.onThisHost)
			td := p.Storage.TmpDir
			if tc.wantPath == "" {
				if td != nil {
					t.Fatalf("TmpDir = %+v, want nil", td)
				}
				return
			}
			if td == nil || td.Path != tc.wantPath || td.Variable != tc.wantVar || td.SameFilesystem != tc.wantSame {
				t.Fatalf("TmpDir = %+v, want path %s, variable %s, same filesystem %v", td, tc.wantPath, tc.wantVar, tc.wantSame)
			}
			if (td.Note != "") != tc.wantNote || !tc.wantNote && (td.FreeBytes == 0 || td.MountPoint == "" || td.FSType == "") {
				t.Errorf("TmpDir = %+v: want a note %v, else its filesystem and free space", td, tc.wantNote)
			}
			if tc.wantNote && !strings.Contains(td.Note, "could not be read here") {
				t.Errorf("note %q", td.Note)
			}
			if entries, _ := os.ReadDir(other); len(entries) != 0 {
				t.Errorf("left behind in %s: %v", other, entries)
			}
		})
	}
}

// free is the free space of dir's filesystem, as the probe reads it.
func free(t *testing.T, dir string) uint64 {
	t.Helper()
	st, _, err := storage.Locate(context.Background(), DefaultRoots, dir)
	if err != nil {
		t.Fatal(err)
	}
	return st.FreeBytes
}
