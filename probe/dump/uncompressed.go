package dump

import (
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mytune/mytune/profile"
)

// MaxISIZETrustBytes is the largest gzip file whose trailer is trusted:
// ISIZE is the uncompressed size modulo 2^32 (RFC 1952, 2.3.1), so it is
// exact only below 4 GiB uncompressed. SQL text compresses well under 16x
// with gzip (the mariadb-dump fixture here: 3.3x), so a file under
// 4 GiB / 16 = 256 MiB cannot have wrapped.
const MaxISIZETrustBytes = 256 << 20

// uncompressedSize is the uncompressed size of one dump file: its size
// when it is not compressed, a gzip file's ISIZE trailer, and unknown
// (false) for zstd files (mydumper and MySQL Shell stream zstd frames
// without a content size) and for gzip files too large to trust.
func uncompressedSize(dir, name string, size uint64) (uint64, bool) {
	switch compressionOf(name) {
	case "none":
		return size, true
	case "gzip":
		if size < 18 || size > MaxISIZETrustBytes { // 10-byte header + 8-byte trailer (RFC 1952)
			return 0, false
		}
		n, err := gzipISIZE(filepath.Join(dir, name), size)
		return n, err == nil
	}
	return 0, false
}

// gzipISIZE reads a gzip file's magic and the 4-byte little-endian ISIZE
// that ends it (RFC 1952, 2.3). A multi-member file gives the last
// member's size only: mydumper writes one member per file.
func gzipISIZE(path string, size uint64) (uint64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, fmt.Errorf("reading gzip trailer of %s: %w", path, err)
	}
	defer f.Close()
	var head [2]byte
	var tail [4]byte
	if _, err := f.ReadAt(head[:], 0); err != nil {
		return 0, fmt.Errorf("reading gzip header of %s: %w", path, err)
	}
	if head != [2]byte{0x1f, 0x8b} {
		return 0, fmt.Errorf("%s: not gzip (magic %x)", path, head)
	}
	if _, err := f.ReadAt(tail[:], int64(size)-4); err != nil {
		return 0, fmt.Errorf("reading gzip trailer of %s: %w", path, err)
	}
	return uint64(binary.LittleEndian.Uint32(tail[:])), nil
}

// uncompressedSizes maps every file to its uncompressed size when all of
// them are known, with basis "uncompressed"; else it returns files (the
// on-disk sizes) with basis "on-disk", so totals and table bytes never
// mix the two.
func uncompressedSizes(ctx context.Context, dir string, files fileSet) (fileSet, string, error) {
	out := make(fileSet, len(files))
	i := 0
	for name, size := range files {
		if i++; i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, "", fmt.Errorf("reading the sizes of the dump files in %s: %w", dir, err)
			}
		}
		u, ok := uncompressedSize(dir, name, size)
		if !ok {
			return files, profile.DumpBytesOnDisk, nil
		}
		out[name] = u
	}
	return out, profile.DumpBytesUncompressed, nil
}

// sum adds the sizes of a file set.
func (f fileSet) sum() uint64 {
	var n uint64
	for _, b := range f {
		n += b
	}
	return n
}
