package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestScannedCounts: a mysqldump file scanned only in part has its table
// counts said of that part wherever they are stated (QA 18: "the dump has
// 4 tables in 1 chunk", "4 of its 4 InnoDB tables" for a 4 GB file of 44
// tables scanned to 256 MiB); a dump read whole is as before.
func TestScannedCounts(t *testing.T) {
	models := []profile.DumpTableModel{{Name: "s.t", Engine: "InnoDB", SQLBytesPerRow: 100, RecordBytes: 120, SampledRows: 200, Bytes: 1 << 20}}
	tests := []struct {
		name    string
		scanned uint64
		want    []string
		notWant string
	}{
		{name: "scanned in part", scanned: 256 << 20, want: []string{
			"the first 256.0 MiB of the dump, all that was scanned, has 4 tables in 1 chunk (the rest not counted)",
			"4 tables in the first 256.0 MiB scanned (the rest not counted)",
			"of 1 of its 4 InnoDB tables in the first 256.0 MiB scanned"}},
		{name: "read whole", want: []string{"the dump has 4 tables in 1 chunk", "4 tables", "of 1 of its 4 InnoDB tables as"}, notWant: "scanned"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := &profile.Dump{Format: "mysqldump", Tables: 4, Chunks: 1, TotalBytes: 4 << 30, ScannedBytes: tt.scanned,
				Engines: []profile.DumpEngine{{Name: "InnoDB", Tables: 4, Bytes: 4 << 30}}, TableModels: models}
			got := strings.Join([]string{dumpHas(d), dumpTables(d), loadedCountText(d)}, " | ")
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q\nlacks %q", got, w)
				}
			}
			if tt.notWant != "" && strings.Contains(got, tt.notWant) {
				t.Errorf("%q holds %q", got, tt.notWant)
			}
		})
	}
}
