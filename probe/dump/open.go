package dump

import (
	"compress/gzip"
	"fmt"
	"io"
	"os"

	"github.com/klauspost/compress/zstd"
)

// OpenData opens one dump file for reading its content: plain, gzip
// (.gz) or zstd (.zst), by its extension, or by its first bytes when the
// name has neither (mysqldump … | gzip > dump.sql: Read takes it so, and
// calibrate must too). Close releases the file and the decompressor.
func OpenData(path string) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("opening dump file %s: %w", path, err)
	}
	if err := unsupportedDump(path, f); err != nil {
		f.Close()
		return nil, err
	}
	comp := compressionOf(path)
	if comp == "none" {
		comp = sniffCompression(f)
	}
	switch comp {
	case "gzip":
		gz, err := gzip.NewReader(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: not readable as gzip: %w", path, err)
		}
		return &stacked{Reader: gz, closers: []io.Closer{gz, f}}, nil
	case "zstd":
		// One decoder goroutine: calibrate runs up to 16 readers at once
		// on a machine whose cores the server needs.
		zr, err := zstd.NewReader(f, zstd.WithDecoderConcurrency(1))
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("%s: not readable as zstd: %w", path, err)
		}
		return &stacked{Reader: zr, closers: []io.Closer{zstdCloser{zr}, f}}, nil
	}
	return f, nil
}

// stacked is a decompressor over a file; Close closes both.
type stacked struct {
	io.Reader
	closers []io.Closer
}

func (s *stacked) Close() error {
	var first error
	for _, c := range s.closers {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// zstdCloser adapts zstd.Decoder.Close, which returns nothing.
type zstdCloser struct{ d *zstd.Decoder }

func (z zstdCloser) Close() error { z.d.Close(); return nil }
