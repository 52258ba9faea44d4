package profile

import "fmt"

// InnoDB's page arithmetic behind the CREATE TABLE row-size check
// (storage/innobase/include/page0page.h, page0zip.h), checked against
// MariaDB 10.11.19 at 4K, 16K and 64K pages (probe/dump/testdata/rowlimit/,
// docs/benchmarks/live-server.md, review r51):
const (
	// compactPageOverheadBytes is what page_get_free_space_of_empty takes
	// off a COMPACT/DYNAMIC page: PAGE_NEW_SUPREMUM_END (120), the page
	// trailer PAGE_DIR (8) and two directory slots (4). Half the rest is
	// the limit: 1982 at 4K, 8126 at 16K, 32702 at 64K (64K measured: a
	// 32701-byte record created, 32702 refused).
	compactPageOverheadBytes = 132
	// redundantPageOverheadBytes is the same for REDUNDANT
	// (PAGE_OLD_SUPREMUM_END 125): 1979 at 4K, 8123 at 16K.
	redundantPageOverheadBytes = 137
	// redundantMaxRecordBytes caps REDUNDANT's limit (REC_MAX_DATA_SIZE
	// 16384 less 1: its 2-byte offsets): 16383 at 64K, measured.
	redundantMaxRecordBytes = 16383
	// rowSizeMessageMaxBytes is the largest figure MariaDB's "Row size too
	// large (> N)" prints: 16383 on 64K pages though the limit is 32702.
	rowSizeMessageMaxBytes = 16383
	// zipPageOverheadBytes is page_zip_empty_size's fixed part: PAGE_DATA
	// (94), a clustered leaf's uncompressed slot (2 + 6 + 7), 2 bytes of
	// log, less the 5-byte header a compressed record omits; then
	// compressBound of 2 bytes per field + 2 (zlib: n + 13 below 4 KiB)
	// and 1 byte more. Measured: 7999 fits a 16K server's default 8K
	// compressed page with 35 fields, 8000 not; 1903 a 4K server's 2K one
	// with 11 fields, 1904 not.
	zipPageOverheadBytes = 94 + 15 + 2 - 5
	// zlibBoundExtraBytes is compressBound's constant for inputs under 4 KiB.
	zlibBoundExtraBytes = 13
	// compressedHeaderSavingBytes is the 5-byte record header less the
	// 2-byte directory entry a compressed page keeps instead.
	compressedHeaderSavingBytes = 3
	// maxZipPageBytes is the largest page ROW_FORMAT=COMPRESSED takes: a
	// 64K server refuses every such table (errno 140, "Wrong create options").
	maxZipPageBytes = 16 << 10
)

// RecordFit is how one table's largest record meets a page size: Record is
// the record as counted for that page, Limit the size that page refuses
// (a record fits when it is below it), Message the figure the server's
// "Row size too large (> N)" prints, and Refused says why the page takes
// no such table at all ("" when Record and Limit decide).
type RecordFit struct {
	Record, Limit, Message int
	Refused                string
}

// Fits reports whether the table is created on that page.
func (f RecordFit) Fits() bool { return f.Refused == "" && f.Record < f.Limit }

// FitOn is the table's record against InnoDB pages of pageBytes under
// innodb_strict_mode=ON (MariaDB 10.11's rule): a COMPACT or DYNAMIC
// record must stay under half an empty page, REDUNDANT's too (at most
// 16383), a COMPRESSED one under its compressed page's room
// (KEY_BLOCK_SIZE, else half the server's page).
func (w DumpWideTable) FitOn(pageBytes uint64) RecordFit {
	page := int(pageBytes)
	compact := (page - compactPageOverheadBytes) / 2
	f := RecordFit{Record: w.RecordBytes, Limit: compact, Message: min(compact, rowSizeMessageMaxBytes)}
	switch w.RowFormat {
	case "redundant":
		f.Limit = min((page-redundantPageOverheadBytes)/2, redundantMaxRecordBytes)
		f.Message = min(f.Limit, rowSizeMessageMaxBytes-1)
	case "compressed":
		zip := w.KeyBlockSizeKiB << 10
		if zip == 0 {
			zip = page / 2
		}
		switch {
		case page > maxZipPageBytes:
			f.Refused = fmt.Sprintf("ROW_FORMAT=COMPRESSED is refused on %s pages", HumanBytes(pageBytes))
		case zip > page:
			f.Refused = fmt.Sprintf("KEY_BLOCK_SIZE=%d is larger than the %s page", w.KeyBlockSizeKiB, HumanBytes(pageBytes))
		case zip < page:
			f.Record = w.RecordBytes - compressedHeaderSavingBytes
			f.Limit = zip - zipPageOverheadBytes - (2*(w.Fields+1) + zlibBoundExtraBytes) - 1
		}
	}
	return f
}
