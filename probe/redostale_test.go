//go:build linux

package probe

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRedoDirStaleRemoved: a probe killed during its commit loop in the
// redo log's directory (another filesystem) left its test file there, and
// the next probe neither removed nor mentioned it (review r15: a 4 MiB
// .mytune-probe-*.tmp stayed in /dev/shm/r15redo after kill -9 and a second
// probe). A measuring probe now removes it there as in the datadir and
// says so; one that does not measure leaves the directory alone.
func TestRedoDirStaleRemoved(t *testing.T) {
	const stale = ".mytune-probe-1-4026532999-aaaaaaaabbbbccccddddeeeeeeeeeeee-7-0123456789ab.tmp"
	cases := []struct {
		name     string
		measure  bool
		wantGone bool
	}{
		{"measuring: removed and said", true, true},
		{"not measuring: left alone", false, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			datadir := t.TempDir()
			other := otherFilesystem(t, datadir)
			path := filepath.Join(other, stale)
			if err := os.WriteFile(path, make([]byte, 4096), 0o600); err != nil {
				t.Fatal(err)
			}
			p := &profile.Profile{Storage: profile.Storage{Path: datadir},
				MyCnf: &profile.MyCnf{Variables: map[string]string{"innodb_log_group_home_dir": other}}}
			locateRedoDir(context.Background(), Options{Measure: tc.measure, Roots: DefaultRoots}, p, true)
			_, err := os.Stat(path)
			if gone := os.IsNotExist(err); gone != tc.wantGone {
				t.Errorf("stale file gone %v, want %v", gone, tc.wantGone)
			}
			said := strings.Contains(strings.Join(p.Storage.Notes, "\n"), "removed a test file an earlier run left behind")
			if said != tc.wantGone {
				t.Errorf("storage notes %q: removal said %v, want %v", p.Storage.Notes, said, tc.wantGone)
			}
		})
	}
}
