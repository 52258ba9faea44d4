package dump

import (
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// What InnoDB's CREATE TABLE row-size check counts for a record of the
// clustered index: the largest record the definition allows, with each
// column that may go off-page counted at what it leaves in the record.
// The rule (MariaDB's dict_index_t::rec_potentially_too_big, the
// dict_index_too_big_for_tree of MySQL 5.7's dict0dict.cc, with
// dict_table_t::get_overflow_field_local_len) was checked against MariaDB
// 10.11.19 at 4K, 16K and 64K pages: the largest and the next CREATE TABLE
// of 24 shapes each, every one as counted here
// (testdata/rowlimit/, docs/benchmarks/live-server.md, review r51).
const (
	// compactHeaderBytes is REC_N_NEW_EXTRA_BYTES, a COMPACT/DYNAMIC
	// record's header (rem0rec.h).
	compactHeaderBytes = 5
	// redundantHeaderBytes is REC_N_OLD_EXTRA_BYTES; REDUNDANT adds 2 bytes
	// of offset per field.
	redundantHeaderBytes = 6
	// compressedHeaderBytes is the 2-byte dense-directory entry a
	// compressed page keeps per record instead of a header.
	compressedHeaderBytes = 2
	// inRowMaxBytes is the longest variable column kept in the record
	// whatever its length (DATA_BIG_COL: longer, or any BLOB/TEXT, may go
	// off-page): 10.11.19 counted VARCHAR(63) utf8mb4 (252 bytes) at 253
	// and VARCHAR(64) utf8mb4 (256) at 21, DYNAMIC.
	inRowMaxBytes = 255
	// antelopeLocalBytes is what COMPACT and REDUNDANT keep of a long
	// column: the 768-byte prefix and the 20-byte pointer
	// (DICT_ANTELOPE_MAX_INDEX_COL_LEN + BTR_EXTERN_FIELD_REF_SIZE);
	// COMPACT adds 2 length bytes (measured: 790 for VARCHAR(789),
	// VARCHAR(1000) and TEXT alike; REDUNDANT 788).
	antelopeLocalBytes = 768 + offPagePointerBytes
	// WideRecordBytes is the smallest record some page refuses:
	// REDUNDANT's limit on 4K pages (records of 1979 bytes or more: "Row
	// size too large (> 1979)"); a smaller table fits every page size.
	WideRecordBytes = 1979
)

// reRowFormat and reKeyBlockSize read the table options.
var (
	reRowFormat    = regexp.MustCompile(`(?i)\bROW_FORMAT\s*=\s*'?(\w+)`)
	reKeyBlockSize = regexp.MustCompile(`(?i)\bKEY_BLOCK_SIZE\s*=\s*'?(\d+)`)
)

// rowFormatOf is the ROW_FORMAT a table's options ask for, lower case
// ("dynamic", "compact", "redundant", "compressed"): "compressed" for a
// KEY_BLOCK_SIZE without one, "" when unstated (or DEFAULT: the target's
// innodb_default_row_format), and the KEY_BLOCK_SIZE in KiB (0: none).
func rowFormatOf(options string) (format string, keyBlockKiB int) {
	if m := reKeyBlockSize.FindStringSubmatch(options); m != nil {
		keyBlockKiB, _ = strconv.Atoi(m[1])
	}
	if m := reRowFormat.FindStringSubmatch(options); m != nil {
		format = strings.ToLower(m[1])
	}
	switch {
	case format == "default":
		format = ""
	case format == "" && keyBlockKiB > 0:
		format = "compressed"
	}
	return format, keyBlockKiB
}

// wideTable is measureTable's answer for a table whose record some page
// size refuses: ok is false as well when the record is under
// WideRecordBytes and the table is not COMPRESSED (every page takes it).
func wideTable(name, rest string) (profile.DumpWideTable, bool) {
	w, ok := measureTable(name, rest)
	return w, ok && (w.RecordBytes >= WideRecordBytes || w.RowFormat == "compressed")
}

// measureTable is the table's worst-case record as InnoDB's CREATE TABLE
// check counts it, from its CREATE TABLE text after the name; ok is false
// when a column's type is not known here.
func measureTable(name, rest string) (profile.DumpWideTable, bool) {
	_, opts := splitCreate(rest)
	format, kbs := rowFormatOf(opts)
	d := parseCreate(rest)
	if len(d.cols) == 0 || d.unmodelled == "a primary key on an expression" {
		return profile.DumpWideTable{}, false
	}
	w := profile.DumpWideTable{Name: name, RowFormat: format, KeyBlockSizeKiB: kbs}
	counted := format
	if format == "" || format == "compressed" {
		counted = "dynamic" // COMPRESSED's limit is its page's; the advisor takes the 3-byte header difference off
	}
	var ok bool
	if w.RecordBytes, w.Fields, ok = d.maxRecordBytes(counted); !ok {
		return w, false
	}
	if counted != "dynamic" {
		w.DynamicRecordBytes, _, _ = d.maxRecordBytes("dynamic")
	}
	return w, true
}

// maxRecordBytes is the largest clustered-index record the definition
// allows in format ("dynamic", "compact" or "redundant") as the CREATE
// TABLE check counts it, and its fields; ok is false for a column type
// not known here.
func (d tableDef) maxRecordBytes(format string) (bytes, fields int, ok bool) {
	var nullable, size int
	add := func(b, ext int) {
		fields++
		size += b
		if format != "redundant" {
			size += ext
		}
	}
	for _, p := range d.pk {
		c := d.cols[p.col]
		b, ext, fixed, long, known := c.maxBytes(format)
		if !known {
			return 0, 0, false
		}
		switch {
		case p.prefix > 0 && !fixed: // measured: VARCHAR(500) and VARCHAR(50) PRIMARY KEY (id(10)) both 11 bytes, and the column again
			b = min(b, p.prefix*c.mbMaxLen)
			ext = lengthBytesOf(b)
		case long:
			b, ext = longColumnBytes(format, b, ext)
		}
		add(b, ext)
	}
	if d.pk == nil {
		add(rowIDBytes, 0)
	}
	add(6, 0) // DB_TRX_ID
	add(7, 0) // DB_ROLL_PTR
	for i, c := range d.cols {
		if c.virtual || wholeKeyPart(d.pk, i) {
			continue
		}
		b, ext, _, long, known := c.maxBytes(format)
		if !known {
			return 0, 0, false
		}
		if long {
			b, ext = longColumnBytes(format, b, ext)
		}
		if c.nullable {
			nullable++
		}
		add(b, ext)
	}
	if format == "redundant" {
		return redundantHeaderBytes + 2*fields + size, fields, true
	}
	return compactHeaderBytes + (nullable+7)/8 + size, fields, true
}

// longColumnBytes is what a column of b bytes (ext length bytes) that may
// go off-page counts in format: DYNAMIC (and COMPRESSED) the 20-byte
// off-page pointer and 1 length byte (measured: 92 TEXT columns beside an
// INT key fit a 4K page, 93 do not), COMPACT and REDUNDANT their
// antelopeLocalBytes when b is more.
func longColumnBytes(format string, b, ext int) (int, int) {
	switch {
	case format == "dynamic":
		return offPagePointerBytes, 1
	case b > antelopeLocalBytes:
		return antelopeLocalBytes, 2
	}
	return b, ext
}

// lengthBytesOf is the length bytes the check counts for a column of at most b bytes.
func lengthBytesOf(b int) int {
	if b > inRowMaxBytes {
		return 2
	}
	return 1
}

// wholeKeyPart reports whether column col is in the clustered key whole
// (a prefix part stores the column again after the system columns).
func wholeKeyPart(pk []keyPart, col int) bool {
	for _, p := range pk {
		if p.col == col && p.prefix == 0 {
			return true
		}
	}
	return false
}

// blobTypes hold BLOB-like values: InnoDB may store any of them off-page,
// TINYTEXT too (10.11.19 counted it at 21 bytes DYNAMIC and refused a 4K
// COMPACT table with it that 256 bytes would have fitted: the check takes
// a BLOB's maximum as unbounded).
var blobTypes = map[string]bool{
	"tinytext": true, "tinyblob": true, "text": true, "blob": true, "mediumtext": true, "mediumblob": true,
	"longtext": true, "longblob": true, "json": true, "geometry": true, "point": true, "linestring": true,
	"polygon": true, "multipoint": true, "multilinestring": true, "multipolygon": true, "geometrycollection": true,
}

// unboundedBytes stands for a BLOB's maximum, above every local length.
const unboundedBytes = 1 << 30

// maxBytes is the column's largest value as the check counts it in
// format: b bytes and ext length bytes (1 when the maximum is under 256
// bytes, else 2), whether it is fixed-length, and whether it is long (may
// go off-page and is counted at longColumnBytes); known is false for a
// type not listed here. A multi-byte CHAR is variable-length in COMPACT
// and DYNAMIC, fixed at its maximum in REDUNDANT.
func (c colDef) maxBytes(format string) (b, ext int, fixed, long, known bool) {
	if n := c.fixedBytes(); n > 0 {
		return n, 0, true, false, true
	}
	n := 1
	if len(c.args) > 0 {
		n = c.args[0]
	}
	switch c.typ {
	case "char", "character", "nchar", "binary":
		b = n * c.mbMaxLen
		if c.typ == "binary" || c.mbMaxLen == 1 || format == "redundant" {
			return b, 0, true, false, true
		}
	case "varchar", "varbinary", "nvarchar":
		b = n * c.mbMaxLen
	default:
		if !blobTypes[c.typ] {
			return 0, 0, false, false, false
		}
		return unboundedBytes, 2, false, true, true
	}
	return b, lengthBytesOf(b), false, b > inRowMaxBytes, true
}

// wideTables are the tables whose records some InnoDB page refuses
// (wideTable), by "schema.table".
type wideTables map[string]profile.DumpWideTable

// add records table when its CREATE TABLE text (after the table's name) is wide.
func (w wideTables) add(table, createRest string) {
	if t, ok := wideTable(table, createRest); ok {
		w[table] = t
	}
}

// list is the tables, sorted by name; nil when none.
func (w wideTables) list() []profile.DumpWideTable {
	var out []profile.DumpWideTable
	for _, t := range w {
		out = append(out, t)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}
