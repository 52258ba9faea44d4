package probe

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRecordRedoLog: the redo log files already in the datadir (or the
// redo directory) are summed by name, MariaDB's and MySQL's, and nothing
// else there counts (review r23: a storage.redo_exceeds_disk crit on a
// log that was already there).
func TestRecordRedoLog(t *testing.T) {
	cases := []struct {
		name    string
		files   map[string]int64 // path under the directory → size
		inRedo  bool             // the files are in a RedoDir off the datadir
		want    uint64
		wantDir bool
	}{
		{"MariaDB ib_logfile0", map[string]int64{"ib_logfile0": 4096, "ibdata1": 1 << 20}, false, 4096, false},
		{"a resize's ib_logfile101 is not the log", map[string]int64{"ib_logfile0": 4096, "ib_logfile101": 8192}, false, 4096, false},
		{"MySQL 5.7 two files", map[string]int64{"ib_logfile0": 4096, "ib_logfile1": 4096}, false, 8192, false},
		{"MySQL 8.0.30 #innodb_redo", map[string]int64{"#innodb_redo/#ib_redo9": 2048, "#innodb_redo/#ib_redo10_tmp": 2048}, false, 4096, false},
		{"none", map[string]int64{"ibdata1": 1 << 20}, false, 0, false},
		{"in innodb_log_group_home_dir", map[string]int64{"ib_logfile0": 4096}, true, 4096, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			datadir, redo := t.TempDir(), t.TempDir()
			where := datadir
			if tc.inRedo {
				where = redo
			}
			for name, size := range tc.files {
				path := filepath.Join(where, name)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, make([]byte, size), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			p := &profile.Profile{Storage: profile.Storage{Path: datadir}}
			if tc.wantDir {
				p.Storage.RedoDir = &profile.RedoDir{Path: redo}
			}
			recordRedoLog(p)
			if p.Storage.RedoLogBytes != tc.want {
				t.Errorf("RedoLogBytes = %d, want %d", p.Storage.RedoLogBytes, tc.want)
			}
		})
	}
}
