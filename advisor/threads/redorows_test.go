package threads

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// redoFitCell is one fit run's dump and the redo it wrote.
type redoFitCell struct {
	name   string
	dump   *profile.Dump
	redo   float64 // Innodb_os_log_written over the run
	perTbl float64 // rows a table
}

// readRedoFit reads every fit file under testdata/ whose first cell has a
// dump every InnoDB table of which was sized and whose runs read the redo
// written: the middle run at the first thread count. One cell per dump
// (size, tables, files).
func readRedoFit(t *testing.T) []redoFitCell {
	t.Helper()
	var names []string
	err := filepath.Walk("testdata", func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && filepath.Ext(p) == ".json" {
			names = append(names, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(names)
	seen := map[[3]uint64]bool{}
	var out []redoFitCell
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var f struct {
			Cells []struct {
				IO map[string][]struct {
					LogBytes float64 `json:"log_bytes"`
				} `json:"io"`
				Profile profile.Profile `json:"profile"`
				Printed struct {
					Commands []string `json:"commands"`
				} `json:"printed"`
			} `json:"cells"`
		}
		if json.Unmarshal(b, &f) != nil || len(f.Cells) == 0 {
			continue
		}
		c := f.Cells[0]
		d := c.Profile.Dump
		if d == nil || len(c.IO) == 0 || deferredFulltext(c.Printed.Commands) {
			continue // the FULLTEXT deferral's load and ALTER, not a load of the rows with their indexes
		}
		if _, ok := rowRedoBytes(d); !ok {
			continue
		}
		runs := c.IO[fewestThreads(c.IO)]
		if len(runs) == 0 || runs[len(runs)/2].LogBytes <= 0 {
			continue
		}
		key := [3]uint64{d.TotalBytes, uint64(d.Tables), uint64(d.Chunks)}
		if seen[key] {
			continue
		}
		seen[key] = true
		rows := 0.0
		for _, m := range d.TableModels {
			rows += m.Rows() * tableBytesScale(d)
		}
		out = append(out, redoFitCell{name: name, dump: d, redo: runs[len(runs)/2].LogBytes, perTbl: rows / float64(max(d.Tables, 1))})
	}
	return out
}

// TestRedoRowFit: on the fit dumps of 1,000 rows a table or more the redo
// measured lies inside the row model's range (rowRatio × the dump's
// bytes), and every dump is logged with both; dumps of partitioned tables
// too (PartitionRedoBytes at the high end). A check of the fit (the
// constants were chosen on these cells), not evidence: testdata/heldout/
// judges it.
func TestRedoRowFit(t *testing.T) {
	cells := readRedoFit(t)
	if len(cells) < 20 {
		t.Fatalf("%d fit dumps with their redo read, want the 35 of the fit", len(cells))
	}
	for _, c := range cells {
		r, ok := rowRatio(c.dump)
		if !ok {
			t.Errorf("%s: sized, but no row-model ratio", c.name)
			continue
		}
		lo, hi := dumpInnoDBSQLBytes(c.dump)
		mid := (lo + hi) / 2
		t.Logf("%-70s %8.0f rows a table: redo %6.2f MB, the model %6.2f-%6.2f", c.name, c.perTbl, c.redo/1e6, r.low*mid/1e6, r.high*mid/1e6)
		if c.perTbl >= 1000 && (c.redo < r.low*mid || c.redo > r.high*mid) {
			t.Errorf("%s: %.2f MB of redo outside the row model's %.2f-%.2f MB", c.name, c.redo/1e6, r.low*mid/1e6, r.high*mid/1e6)
		}
	}
}

// TestRowRedoBytes: a hand-worked dump of two sized tables.
func TestRowRedoBytes(t *testing.T) {
	m := profile.DumpTableModel{Name: "s.t", Bytes: 199000, SQLBytesPerRow: 199, RecordBytes: 206, IndexEntryBytes: []float64{13}}
	d := &profile.Dump{Format: "mydumper", TotalBytes: 398000, Tables: 2, Chunks: 4,
		Engines:     []profile.DumpEngine{{Name: "InnoDB", Tables: 2, Bytes: 398000}},
		TableModels: []profile.DumpTableModel{m, m}}
	// 1,000 rows a table × (29.4 + 206 + 10.7 + 13) + 3,378 a table, twice; 4 files × 1,073
	want := 2*(1000*(RedoRowBytes+206+RedoIndexEntryBytes+13)+RedoTableBytes) + 4*RedoFileBytes
	got, ok := rowRedoBytes(d)
	if !ok || got < want-1 || got > want+1 {
		t.Fatalf("rowRedoBytes = %.0f, %v; want %.0f", got, ok, want)
	}
	d.TableModels = d.TableModels[:1] // one of two sized: no model
	if _, ok := rowRedoBytes(d); ok {
		t.Errorf("rowRedoBytes with one of two tables sized: want no model")
	}
}

// deferredFulltext reports whether the printed commands load the dump
// without its FULLTEXT keys (a directory ending NoFulltextSuffix, or the
// filter in a mysqldump file's pipe) and add them after.
func deferredFulltext(cmds []string) bool {
	for _, c := range cmds {
		if strings.Contains(c, NoFulltextSuffix) || strings.Contains(c, "ADD FULLTEXT") {
			return true
		}
	}
	return false
}
