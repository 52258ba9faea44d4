package dump

import (
	"context"
	"os"
	"path/filepath"
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
