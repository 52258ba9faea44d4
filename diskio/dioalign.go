package diskio

import "errors"

// errNoDirect marks a file the kernel says takes no direct I/O (statx
// STATX_DIOALIGN reported with both alignments 0, statx(2)), though
// open(O_DIRECT) succeeds on it: ext4 mounted data=journal, or a file with
// ext4's journalled-data flag (chattr +j, inherited from its directory),
// serves O_DIRECT reads and writes from the page cache (review r59: on
// ext4 data=journal over a loop device the probe said direct_io true and
// read 8777 MB/s sequentially and 371,350 random 16K reads/s at one
// thread, fio --direct=1 137,589, against 2552 MB/s and 8201 on the same
// disk mounted data=ordered).
var errNoDirect = errors.New("the kernel reports no direct I/O for this file (statx STATX_DIOALIGN: 0, as on ext4 mounted " +
	"data=journal or a file with ext4's journalled-data flag), so O_DIRECT would be served from the page cache")

// alignFromStatx is the memory alignment direct I/O needs, from statx's
// STATX_DIOALIGN answer: reported says the filesystem answered (Linux >=
// 6.1, and only some filesystems), memAlign and offsetAlign are
// stx_dio_mem_align and stx_dio_offset_align. none is true when it
// answered 0 for both: direct I/O is not supported on the file. Unreported
// or smaller alignments give defaultAlign.
func alignFromStatx(reported bool, memAlign, offsetAlign uint32) (align int, none bool) {
	if !reported {
		return defaultAlign, false
	}
	if memAlign == 0 && offsetAlign == 0 {
		return defaultAlign, true
	}
	return max(defaultAlign, int(memAlign), int(offsetAlign)), false
}
