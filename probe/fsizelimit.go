package probe

import (
	"fmt"

	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/profile"
)

// fitFileSizeLimit is the test file's size within the process's file size
// limit (RLIMIT_FSIZE, `ulimit -f`; limit 0 means none), with a note when
// it had to shrink: past the limit a write fails with EFBIG, and under
// `ulimit -f 20000` the probe measured nothing, said "measurement failed:
// ... file too large" among its notes and exited 0 (review r18). A limit
// below diskio.MinFileBytes is an error saying what to do.
func fitFileSizeLimit(st *profile.Storage, fileBytes, limit uint64, skip string) (uint64, error) {
	if limit == 0 || fileBytes <= limit {
		return fileBytes, nil
	}
	fits := limit / diskio.MiB * diskio.MiB
	if fits < diskio.MinFileBytes {
		return 0, inputf("%s: the file size limit of this process (ulimit -f) is %d bytes, less than the %d MiB test file the probe "+
			"needs at least: raise it (ulimit -f unlimited), or give %s", st.Path, limit, diskio.MinFileBytes/diskio.MiB, skip)
	}
	st.Notes = append(st.Notes, fmt.Sprintf("test file shrunk from %d MiB to %d MiB: the file size limit of this process "+
		"(ulimit -f) is %d bytes", fileBytes/diskio.MiB, fits/diskio.MiB, limit))
	return fits, nil
}
