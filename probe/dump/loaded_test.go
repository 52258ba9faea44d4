package dump

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestStrayFilesLeftOut: files a loader does not read (a 50 MB old
// backup, a renamed data file) in a dump directory are neither counted in
// its size nor tables, and a note names them (QA: a 50 MB tar in a 46 KB
// mydumper dump sized the restore at 50 MB).
func TestStrayFilesLeftOut(t *testing.T) {
	real := "testdata/mydumper-0.10-hyphen" // 13,528 bytes, 2 tables
	shell := "testdata/mysqlsh-8.0"         // 1,050,517 bytes uncompressed, 3 tables
	cases := []struct {
		name     string
		from     string
		stray    map[string]int64
		total    uint64
		tables   int
		noteHave string
	}{
		{"mydumper + old-backup.tar", real, map[string]int64{"old-backup.tar": 50 << 20}, 13528, 2,
			"1 file(s) here are not the dump's and myloader does not read them: old-backup.tar (50.0 MiB)"},
		// QA: myloader 0.10 loads any file whose name contains .sql (three renamed copies added their rows): counted, and a trap
		{"mydumper + a renamed data file: myloader loads it", real, map[string]int64{"shop-schema.orders.sql.orig": 7642}, 13528 + 7642, 2,
			"files that are not the dump's but whose names contain .sql (shop-schema.orders.sql.orig)"},
		{"mydumper + an editor's backup", real, map[string]int64{"shop-schema.orders.sql~": 100}, 13528 + 100, 2,
			"(shop-schema.orders.sql~): it loads every such file"},
		{"mydumper without strays: no note", real, nil, 13528, 2, ""},
		{"MySQL Shell + old-backup.tar", shell, map[string]int64{"old-backup.tar": 50 << 20}, 1048576 + 13741 - 11800, 3,
			"util.loadDump does not read them: old-backup.tar (50.0 MiB)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			copyDir(t, c.from, dir)
			for name, size := range c.stray {
				f, err := os.Create(filepath.Join(dir, name))
				if err != nil {
					t.Fatal(err)
				}
				if err := f.Truncate(size); err != nil {
					t.Fatal(err)
				}
				f.Close()
			}
			d, err := Read(context.Background(), dir)
			if err != nil {
				t.Fatal(err)
			}
			notes := strings.Join(d.Notes, "|")
			if d.TotalBytes != c.total || d.Tables != c.tables {
				t.Errorf("TotalBytes %d, Tables %d; want %d and %d (notes %q)", d.TotalBytes, d.Tables, c.total, c.tables, notes)
			}
			if got := strings.Contains(notes, "not the dump's"); got != (c.noteHave != "") || !strings.Contains(notes, c.noteHave) {
				t.Errorf("notes %q, want one with %q", notes, c.noteHave)
			}
		})
	}
}

// copyDir copies the regular files of src into dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dst, e.Name()), b)
	}
}
