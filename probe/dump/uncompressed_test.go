package dump

import (
	"context"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestUncompressedSize(t *testing.T) {
	tests := []struct {
		name, dir, file string
		size, want      uint64
		ok              bool
	}{
		{"gzip trailer (zcat | wc -c: 7822)", "testdata/mydumper-0.10-real", "shop.orders.00000.sql.gz", 2678, 7822, true},
		{"plain file", "testdata", "mariadb-dump-10.11.sql", 28943, 28943, true},
		{"zstd: unknown", "testdata/mydumper-0.17-zstd", "shop.orders.00000.sql.zst", 2000, 0, false},
		{"gzip name, file missing", "testdata", "missing.sql.gz", 22, 0, false},
		{"gzip too large to trust ISIZE", "testdata", "big.sql.gz", MaxISIZETrustBytes + 1, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := uncompressedSize(tc.dir, tc.file, tc.size)
			if got != tc.want || ok != tc.ok {
				t.Errorf("uncompressedSize = %d, %v; want %d, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}

// TestTotalBasis covers the mysqldump totals, including the extrapolation
// past MaxScanBytes that the small fixtures cannot reach.
func TestTotalBasis(t *testing.T) {
	tests := []struct {
		name        string
		compression string
		file        uint64
		read        int64
		consumed    int64
		want        uint64
		basis       string
	}{
		{"plain", "none", 1000, 1000, 1000, 1000, profile.DumpBytesUncompressed},
		{"gzip read to the end", "gzip", 300, 1000, 300, 1000, profile.DumpBytesUncompressed},
		{"gzip cut at MaxScanBytes: extrapolated", "gzip", 1 << 30, MaxScanBytes + 1, 64 << 20, 4 << 30, profile.DumpBytesEstimated},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := &sqlScan{d: &profile.Dump{FileBytes: tc.file, Compression: tc.compression}, read: tc.read, model: newSQLModeller()}
			s.total(tc.consumed)
			// the extrapolation is exact to within the one byte past MaxScanBytes
			if diff := int64(s.d.TotalBytes) - int64(tc.want); diff < -64 || diff > 64 || s.d.TotalBytesBasis != tc.basis {
				t.Errorf("total = %d %s, want %d %s", s.d.TotalBytes, s.d.TotalBytesBasis, tc.want, tc.basis)
			}
		})
	}
}

// TestUncompressedSizesSampled: past the read-through budget, files spread
// over the dump are read through and the others scaled by their ratio;
// the total is an estimate and a note says how it was made.
func TestUncompressedSizesSampled(t *testing.T) {
	defer func(b uint64) { sampleBudget = b }(sampleBudget)
	sampleBudget = 3000
	dir := "testdata/mydumper-zstd"
	files, err := listFiles(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	sizes, basis, note, err := uncompressedSizes(context.Background(), dir, files)
	if err != nil {
		t.Fatal(err)
	}
	total := sizes.sum()
	if basis != profile.DumpBytesEstimated || !strings.Contains(note, "read through") {
		t.Errorf("basis %q, note %q: want an estimate that says so", basis, note)
	}
	if total < 27073/2 || total > 27073*2 { // the dump's true uncompressed total (SOURCES.md)
		t.Errorf("estimated total %d, true 27073", total)
	}
}
