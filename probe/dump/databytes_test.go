package dump

import (
	"compress/gzip"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// TestDataBytes: a dump's data bytes are its data files uncompressed (what
// calibrate sends), not their size on disk.
func TestDataBytes(t *testing.T) {
	for _, c := range sourceCases {
		t.Run(c.name, func(t *testing.T) {
			src, err := OpenSource(t.Context(), c.path(t))
			if err != nil {
				t.Fatal(err)
			}
			var want uint64
			for _, f := range src.Files {
				if src.Format == FormatMysqldump {
					want += f.Bytes // the table's INSERT bytes, uncompressed
					continue
				}
				want += plainSize(t, f.Path)
			}
			if src.DataBytes != want {
				t.Errorf("DataBytes = %d, want %d (the data files uncompressed; %d on disk)", src.DataBytes, want, src.FileBytes)
			}
		})
	}
}

// plainSize is a data file's size uncompressed.
func plainSize(t *testing.T, path string) uint64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var r io.Reader = f
	switch {
	case strings.HasSuffix(path, ".gz"):
		zr, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	case strings.HasSuffix(path, ".zst"):
		zr, err := zstd.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		defer zr.Close()
		r = zr
	}
	n, err := io.Copy(io.Discard, r)
	if err != nil {
		t.Fatal(err)
	}
	return uint64(n)
}
