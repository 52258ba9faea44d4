package dump

import (
	"context"
	"path/filepath"

	"github.com/mytune/mytune/profile"
)

// dataBytes is the dump's data files uncompressed, as a loader sends them:
// a mysqldump file's INSERT bytes (DataFile.Bytes, uncompressed already),
// else the files' sizes by uncompressedSizes (headers, then read through
// within MaxSampleBytes and scaled); ok is false when they stay on-disk
// sizes of compressed files.
func dataBytes(ctx context.Context, src *Source) (uint64, bool) {
	var n uint64
	if src.Format != FormatMysqldump {
		files := fileSet{}
		for _, f := range src.Files {
			rel, err := filepath.Rel(src.Path, f.Path)
			if err != nil {
				return 0, false
			}
			files[rel] = f.Bytes
		}
		sizes, basis, _, err := uncompressedSizes(ctx, src.Path, files)
		if err != nil || basis == profile.DumpBytesOnDisk {
			return 0, false
		}
		return sizes.sum(), true
	}
	for _, f := range src.Files {
		n += f.Bytes
	}
	return n, true
}
