package dump

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"

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

// MaxSampleBytes bounds the compressed bytes uncompressedSizes reads
// through to size the files whose headers do not say (zstd, which
// mydumper and MySQL Shell stream without a content size, and gzip past
// MaxISIZETrustBytes): 32 MiB. Read through on one core of this
// project's VM (the 152 MB sysbench dump in one file, 3 runs each): zstd
// -3 at 140-167 MB/s of compressed input, gzip -6 at 37-45 MB/s, so at
// most about 0.25 s of zstd or 0.9 s of gzip.
const MaxSampleBytes = 32 << 20

// sampleBudget is MaxSampleBytes; tests lower it to reach the estimate.
var sampleBudget uint64 = MaxSampleBytes

// uncompressedSizes maps every file to its uncompressed size. Sizes a
// header gives are exact; the rest are read through, all of them when
// they total at most sampleBudget compressed (basis "uncompressed"),
// else files spread evenly over them up to that budget (a file larger
// than what is left, in part), the others scaled by the ratio those
// showed (basis "estimated", said in note). A file that cannot be read
// leaves every size on-disk (basis "on-disk"), so totals and table bytes
// never mix the two.
func uncompressedSizes(ctx context.Context, dir string, files fileSet) (sizes fileSet, basis, note string, err error) {
	out, unknown, err := headerSizes(ctx, dir, files)
	if err != nil || len(unknown) == 0 {
		return out, profile.DumpBytesUncompressed, "", err
	}
	var onDisk uint64
	for _, name := range unknown {
		onDisk += files[name]
	}
	step := int(onDisk/sampleBudget) + 1
	var readC, readU uint64
	exact := map[string]bool{}
	for k := 0; k < len(unknown) && readC < sampleBudget; k += step {
		name := unknown[k]
		u, c, whole, err := readThrough(ctx, filepath.Join(dir, name), sampleBudget-readC)
		switch {
		case ctx.Err() != nil:
			return nil, "", "", fmt.Errorf("reading the sizes of the dump files in %s: %w", dir, ctx.Err())
		case err != nil:
			return files, profile.DumpBytesOnDisk, "", nil
		case whole:
			out[name], exact[name] = u, true
		}
		readC, readU = readC+c, readU+u
	}
	if len(exact) == len(unknown) {
		return out, profile.DumpBytesUncompressed, "", nil
	}
	if readC == 0 {
		return files, profile.DumpBytesOnDisk, "", nil
	}
	ratio := float64(readU) / float64(readC)
	for _, name := range unknown {
		if !exact[name] {
			out[name] = uint64(float64(files[name]) * ratio)
		}
	}
	return out, profile.DumpBytesEstimated, fmt.Sprintf("uncompressed size estimated: %s of the %s compressed read through (%d of %d files whole) gave %s, %.1fx; the rest scaled by that",
		profile.HumanBytes(readC), profile.HumanBytes(onDisk), len(exact), len(unknown), profile.HumanBytes(readU), ratio), nil
}

// headerSizes is the sizes of the files that are not compressed or whose
// gzip trailer says, and the names (sorted) of the others.
func headerSizes(ctx context.Context, dir string, files fileSet) (fileSet, []string, error) {
	out := make(fileSet, len(files))
	var unknown []string
	i := 0
	for name, size := range files {
		if i++; i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, fmt.Errorf("reading the sizes of the dump files in %s: %w", dir, err)
			}
		}
		if u, ok := uncompressedSize(dir, name, size); ok {
			out[name] = u
		} else {
			unknown = append(unknown, name)
		}
	}
	sort.Strings(unknown)
	return out, unknown, nil
}

// readThrough decompresses a dump file until its end or until limit
// compressed bytes were consumed: the bytes it held so far, the
// compressed bytes consumed, and whether that was the whole file.
func readThrough(ctx context.Context, path string, limit uint64) (out, consumed uint64, whole bool, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, false, err
	}
	defer f.Close()
	cr := &countingReader{r: f}
	r, closeR, err := decompressor(compressionOf(path), cr)
	if err != nil {
		return 0, 0, false, err
	}
	defer closeR()
	buf := make([]byte, 256<<10)
	for uint64(cr.n) < limit {
		if err := ctx.Err(); err != nil {
			return out, uint64(cr.n), false, err
		}
		k, err := r.Read(buf)
		out += uint64(k)
		if errors.Is(err, io.EOF) {
			return out, uint64(cr.n), true, nil
		}
		if err != nil {
			return out, uint64(cr.n), false, fmt.Errorf("reading %s through: %w", path, err)
		}
	}
	return out, uint64(cr.n), false, nil
}

// sum adds the sizes of a file set.
func (f fileSet) sum() uint64 {
	var n uint64
	for _, b := range f {
		n += b
	}
	return n
}
