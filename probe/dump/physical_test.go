package dump

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mytune/mytune/profile"
)

// physicalBed copies a captured backup's metadata from testdata/physical/src
// into a temporary directory with data files of the given sizes.
func physicalBed(t *testing.T, src string, files map[string]int64) string {
	t.Helper()
	dir := t.TempDir()
	entries, err := os.ReadDir(filepath.Join("testdata", "physical", src))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join("testdata", "physical", src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for name, size := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(size); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	return dir
}

func TestReadPhysical(t *testing.T) {
	cases := []struct {
		name         string
		src          string
		files        map[string]int64
		wantType     string
		wantRedo     uint64
		wantLog      uint64
		wantPrepared bool
		wantComp     string
		wantEnc      string
	}{
		{"backuped", "mariadb-10.11-backuped", map[string]int64{"ibdata1": 12 << 20, "ib_logfile0": 529364052, "sbtest/sbtest1.ibd": 60 << 20},
			profile.BackupFull, 1183261811 - 653910047, 529364052, false, "", ""},
		{"prepared (mariadb-backup writes log-applied)", "mariadb-10.11-prepared", map[string]int64{"ibdata1": 12 << 20, "ib_logfile0": 12304},
			profile.BackupLogApplied, 0, 12304, true, "", ""},
		{"compressed files", "mariadb-10.11-backuped", map[string]int64{"ibdata1.qp": 1 << 20}, profile.BackupFull, 1183261811 - 653910047, 0, false, ".qp", ""},
		{"encrypted files", "mariadb-10.11-backuped", map[string]int64{"ibdata1.xbcrypt": 1 << 20}, profile.BackupFull, 1183261811 - 653910047, 0, false, "", ".xbcrypt"},
		{"a schema's ib_logfile0 is no redo", "mariadb-10.11-backuped", map[string]int64{"db/ib_logfile0": 1 << 20}, profile.BackupFull, 1183261811 - 653910047, 0, false, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := physicalBed(t, tc.src, tc.files)
			if !IsPhysical(dir) {
				t.Fatal("IsPhysical = false")
			}
			b, err := ReadPhysical(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			if b.Type != tc.wantType || b.RedoBytes != tc.wantRedo || b.LogFileBytes != tc.wantLog || b.Prepared() != tc.wantPrepared ||
				b.Compressed != tc.wantComp || b.Encrypted != tc.wantEnc {
				t.Errorf("got type %q redo %d log %d prepared %v comp %q enc %q", b.Type, b.RedoBytes, b.LogFileBytes, b.Prepared(), b.Compressed, b.Encrypted)
			}
			if b.Tool != "mariadb-backup" || b.ServerVersion != "10.11.19-MariaDB-0+deb12u1" || b.PageSizeBytes != 16384 {
				t.Errorf("info: tool %q server %q page %d", b.Tool, b.ServerVersion, b.PageSizeBytes)
			}
			var sum int64
			for _, n := range tc.files {
				sum += n
			}
			if b.Files < len(tc.files)+3 || b.TotalBytes < uint64(sum) {
				t.Errorf("files %d bytes %d, want ≥ %d files ≥ %d bytes", b.Files, b.TotalBytes, len(tc.files)+3, sum)
			}
		})
	}
}

func TestIsPhysical(t *testing.T) {
	cases := []struct {
		name  string
		files map[string]int64
		want  bool
	}{
		{"mydumper dump", map[string]int64{"metadata": 10, "db.t.sql": 10}, false},
		{"xtrabackup checkpoints", map[string]int64{"xtrabackup_checkpoints": 10}, true},
		{"mariadb-backup 11 name", map[string]int64{"mariadb_backup_checkpoints": 10}, true},
		{"compressed checkpoints", map[string]int64{"xtrabackup_checkpoints.zst": 10}, true},
		{"a directory of that name", map[string]int64{"xtrabackup_checkpoints/x": 10}, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, size := range tc.files {
				p := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, make([]byte, size), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if got := IsPhysical(dir); got != tc.want {
				t.Errorf("IsPhysical = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestReadPhysicalLayout: what copy-back puts outside the datadir and
// whether the backup holds the mysql schema, as a mariadb-backup 10.11.19
// backup of a server with innodb_undo_directory and a DATA DIRECTORY table
// wrote them (review r44: its db1/ext.isl held "/var/tmp/r44/ext dir/db1/ext.ibd").
func TestReadPhysicalLayout(t *testing.T) {
	cases := []struct {
		name       string
		files      map[string]string
		wantISL    []string
		wantUndo   string
		wantSystem bool
	}{
		{"a DATA DIRECTORY table, a path with a space",
			map[string]string{"db1/ext.isl": "/var/tmp/r44/ext dir/db1/ext.ibd\n", "db1/ext.frm": "", "mysql/db.frm": ""},
			[]string{"/var/tmp/r44/ext dir/db1/ext.ibd"}, "", true},
		{"a relative .isl is not a path copy-back writes to", map[string]string{"db1/x.isl": "db1/x.ibd"}, nil, "", false},
		{"the undo directory of backup-my.cnf",
			map[string]string{"backup-my.cnf": "[mysqld]\ninnodb_undo_directory=/var/tmp/r44/undo1/\ninnodb_undo_tablespaces=3\n", "mysql/db.frm": ""},
			nil, "/var/tmp/r44/undo1", true},
		{"an undo directory in the datadir", map[string]string{"backup-my.cnf": "[mysqld]\ninnodb_undo_directory=./\n"}, nil, "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := physicalBed(t, "mariadb-10.11-backuped", nil)
			for name, body := range tc.files {
				path := filepath.Join(dir, name)
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			b, err := ReadPhysical(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			if tc.wantUndo != "" && b.UndoTablespaces != 3 {
				t.Errorf("undo tablespaces %d, want 3", b.UndoTablespaces)
			}
			if !slices.Equal(b.DataDirectoryFiles, tc.wantISL) || b.UndoDirectory != tc.wantUndo || b.SystemSchema != tc.wantSystem {
				t.Errorf("isl %q undo %q system %v, want %q %q %v", b.DataDirectoryFiles, b.UndoDirectory, b.SystemSchema,
					tc.wantISL, tc.wantUndo, tc.wantSystem)
			}
		})
	}
}

// TestDataDirectoryState: which .isl targets exist now, and which
// directories above their schema directories copy-back would create (review
// r45: /var/tmp/r45/newparent/deep was created root's, mode 0700, and
// MariaDB 10.11.19 running as mysql found "Tablespace is missing").
func TestDataDirectoryState(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "old", "db1"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "old", "db1", "a.ibd"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name        string
		files       []string
		wantPresent []string
		wantNew     []string
	}{
		{"there now, parents there", []string{"old/db1/a.ibd"}, []string{"old/db1/a.ibd"}, nil},
		{"schema directory missing, parent there: nothing above it to create", []string{"old/db2/b.ibd"}, nil, nil},
		{"two levels missing, parents first, each once", []string{"new/deep/db1/a.ibd", "new/deep/db2/b.ibd"}, nil,
			[]string{"new", "new/deep"}},
	}
	abs := func(rel []string) []string {
		var out []string
		for _, r := range rel {
			out = append(out, filepath.Join(root, r))
		}
		return out
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			present, newDirs := dataDirectoryState(abs(tc.files))
			if !slices.Equal(present, abs(tc.wantPresent)) || !slices.Equal(newDirs, abs(tc.wantNew)) {
				t.Errorf("present %q new %q, want %q %q", present, newDirs, abs(tc.wantPresent), abs(tc.wantNew))
			}
		})
	}
}
