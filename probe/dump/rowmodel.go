package dump

import (
	"math"
	"strings"

	"github.com/mytune/mytune/profile"
)

// InnoDB's record layout (COMPACT and DYNAMIC, the row formats of every
// server since MySQL 5.7 and MariaDB 10.2; MySQL 8.4 manual, "InnoDB Row
// Formats", and storage/innobase/include/rem0rec.h):
const (
	// recordHeaderBytes is the fixed header of a record.
	recordHeaderBytes = 5
	// trxRollBytes are DB_TRX_ID (6) and DB_ROLL_PTR (7), in every
	// clustered index record.
	trxRollBytes = 13
	// rowIDBytes is DB_ROW_ID, the clustered key InnoDB adds to a table
	// without a primary key or NOT NULL unique index.
	rowIDBytes = 6
	// offPageLimitBytes is about the largest record a 16 KiB page keeps
	// in-row (half a page less the page overhead: page_zip/page0page.h's
	// page_get_free_space_of_empty / 2); above it DYNAMIC moves the longest
	// variable-length columns off-page.
	offPageLimitBytes = 8126
	// childPageBytes is the child page number of a node pointer record.
	childPageBytes = 4
	// offPagePointerBytes is what an off-page column leaves in the record.
	offPagePointerBytes = 20
	// blobPageBytes is the data an off-page (BLOB) page holds: 16 KiB less
	// its FIL header and trailer (38 + 8) and the BLOB header (12).
	blobPageBytes = 16384 - 38 - 8 - 12
)

// modelTable sizes the rows of one table as InnoDB stores them, from its
// CREATE TABLE and rows sampled from its data; ok is false when the rows
// cannot be matched to the columns or the table is not sized this way.
func modelTable(name string, def tableDef, s sampledRows, tsvColumns []string) (profile.DumpTableModel, bool) {
	m := profile.DumpTableModel{Name: name}
	if def.unmodelled != "" || len(s.rows) == 0 {
		return m, false
	}
	cols := valueColumns(def, s.columns, tsvColumns, len(s.rows[0]))
	if cols == nil {
		return m, false
	}
	entries := make([]float64, len(def.secondary))
	var record, offPage, pointer, n, sqlBytes float64
	for r, row := range s.rows {
		if len(row) != len(cols) {
			return m, false
		}
		values := make([]*sqlValue, len(def.cols))
		for i := range row {
			values[cols[i]] = &row[i]
		}
		def.fillGenerated(values)
		w := 1.0
		if r < len(s.weights) {
			w = s.weights[r]
			sqlBytes += w * s.rowBytes[r]
		}
		rec, off := def.recordBytes(values)
		record += w * rec
		pointer += w * (def.entryBytes(nil, values) + childPageBytes)
		offPage += w * off
		for i, idx := range def.secondary {
			entries[i] += w * def.entryBytes(idx, values)
		}
		n += w
	}
	m.SampledRows = len(s.rows)
	m.ZeroDates = sampledZeroDates(def, cols, s.rows)
	m.SQLBytesPerRow = float64(s.sqlBytes) / float64(len(s.rows))
	if s.weights != nil {
		m.SQLBytesPerRow = (sqlBytes + float64(s.sqlBytes) - weightedRowBytes(s)) / (n - float64(len(s.weights)) + float64(len(s.rows)))
	}
	m.RecordBytes = record / n
	m.NodePointerBytes = pointer / n
	m.OffPageBytes = offPage / n
	m.IndexEntryBytes = make([]float64, len(entries))
	for i := range entries {
		m.IndexEntryBytes[i] = entries[i] / n
	}
	m.IndexAscending = def.ascending(s, cols)
	m.PrimaryAscending = 1 // DB_ROW_ID: rows are numbered as they arrive
	if len(def.pk) > 0 {
		m.PrimaryAscending = tableDef{secondary: [][]keyPart{def.pk}}.ascending(s, cols)[0]
	}
	m.IndexDistinct = def.distinct(s, cols)
	m.Partitions, m.PartitionBy = def.partitions, def.partitionBy
	m.FulltextIndexes, m.SpatialIndexes = len(def.fulltext), def.spatial
	m.FulltextWordsPerRow = def.fulltextWords(s, cols)
	m.FulltextKeys = def.fulltextDefs
	m.SecondaryKeys, m.SecondaryKeyAt, m.KeysKept = def.plain.defs, def.plain.at, def.plain.kept
	return m, true
}

// distinct estimates, per secondary index, the distinct keys of the whole
// table from the sampled rows (Chao1, bias-corrected: seen + f1(f1-1) /
// (2(f2+1)), f1 keys seen once, f2 twice; Chao 1984, Colwell et al. 2012).
func (d tableDef) distinct(s sampledRows, cols []int) []float64 {
	at := map[int]int{}
	for j, c := range cols {
		at[c] = j
	}
	out := make([]float64, len(d.secondary))
	for i, idx := range d.secondary {
		if !allMapped(idx, at) {
			continue // a key column the dump leaves out (a generated one): its keys are unknown, 0
		}
		counts := map[string]int{}
		for _, row := range s.rows {
			var k strings.Builder
			for _, p := range idx {
				if j, ok := at[p.col]; ok {
					k.WriteString(row[j].key)
					k.WriteByte(0)
				}
			}
			counts[k.String()]++
		}
		f1, f2 := 0.0, 0.0
		for _, n := range counts {
			switch n {
			case 1:
				f1++
			case 2:
				f2++
			}
		}
		out[i] = float64(len(counts)) + f1*(f1-1)/(2*(f2+1))
	}
	return out
}

// ascending is, per secondary index, the share of consecutive rows of the
// sample's first run (the rows before any spread sample) whose first key
// column does not sort before the previous row's; 0.5 (no order known)
// with fewer than two such rows.
func (d tableDef) ascending(s sampledRows, cols []int) []float64 {
	run := len(s.rows)
	for i, w := range s.weights {
		if w != 1 || i > 0 && s.rowBytes[i] != 0 {
			run = i
			break
		}
	}
	out := make([]float64, len(d.secondary))
	for i, idx := range d.secondary {
		at := -1
		for j, c := range cols {
			if c == idx[0].col {
				at = j
			}
		}
		up, pairs := 0, 0
		for r := 1; r < run && at >= 0; r++ {
			pairs++
			if !s.rows[r][at].before(s.rows[r-1][at]) {
				up++
			}
		}
		out[i] = 0.5
		if pairs > 0 {
			out[i] = float64(up) / float64(pairs)
		}
	}
	return out
}

// fillGenerated gives a generated column the dump carries no value for
// (mydumper lists the other columns only) its declared size: a STORED one
// takes row bytes, and an index on either kind holds it. Fixed-width types
// and CHAR take their width; variable ones half their declared width (the
// value is not in the dump: a choice, the middle of what the column
// holds); the value is marked unknown for the key order.
func (d tableDef) fillGenerated(values []*sqlValue) {
	for i, c := range d.cols {
		if values[i] != nil || !c.generated {
			continue
		}
		v := sqlValue{unknown: true}
		if len(c.args) > 0 {
			v.bytes = c.args[0]
			if _, variable := c.storedBytes(sqlValue{}); variable && !strings.HasPrefix(c.typ, "char") {
				v.bytes = c.args[0] / 2
			}
		}
		values[i] = &v
	}
}

// allMapped reports whether every column of an index has values in the dump.
func allMapped(idx []keyPart, at map[int]int) bool {
	for _, p := range idx {
		if _, ok := at[p.col]; !ok {
			return false
		}
	}
	return true
}

// valueColumns maps the values of a row to the table's columns: by the
// names the INSERT (or the MySQL Shell chunk) lists, else in order over
// every column or, when the count says so, over the stored non-generated
// ones (dumps leave generated columns out). nil when they do not match.
func valueColumns(def tableDef, names, tsv []string, n int) []int {
	if names == nil {
		names = tsv
	}
	var cols []int
	if names != nil {
		for _, name := range names {
			i := def.colIndex(name)
			if i < 0 {
				return nil
			}
			cols = append(cols, i)
		}
		if len(cols) != n {
			return nil
		}
		return cols
	}
	if n == len(def.cols) {
		for i := range def.cols {
			cols = append(cols, i)
		}
		return cols
	}
	for i, c := range def.cols {
		if !c.generated {
			cols = append(cols, i)
		}
	}
	if len(cols) != n {
		return nil
	}
	return cols
}

// recordBytes is a row's clustered index record (header, null bitmap,
// length bytes, columns, DB_TRX_ID and DB_ROLL_PTR, DB_ROW_ID without a
// key) and the bytes it puts on BLOB pages (whole pages).
func (d tableDef) recordBytes(values []*sqlValue) (record, offPage float64) {
	var nullable, lenBytes, data int
	var movable []int // off-page candidates: their stored bytes
	for i, c := range d.cols {
		if c.virtual {
			continue
		}
		if c.nullable {
			nullable++
		}
		v := values[i]
		if v == nil || v.null {
			continue
		}
		b, variable := c.storedBytes(*v)
		data += b
		if variable {
			lenBytes += c.lengthBytes(b)
			if b > 255 && c.blobLike() {
				movable = append(movable, b)
			}
		}
	}
	size := recordHeaderBytes + (nullable+7)/8 + lenBytes + data + trxRollBytes
	if d.pk == nil {
		size += rowIDBytes
	}
	for size > offPageLimitBytes && len(movable) > 0 {
		longest := 0
		for i := range movable {
			if movable[i] > movable[longest] {
				longest = i
			}
		}
		b := movable[longest]
		movable = append(movable[:longest], movable[longest+1:]...)
		size -= b - offPagePointerBytes
		offPage += float64((b + blobPageBytes - 1) / blobPageBytes * 16384)
	}
	return float64(size), offPage
}

// entryBytes is a row's record in a secondary index: header, null bitmap,
// length bytes, the key's columns (prefixes cut) and the clustered key's
// columns not already in it (DB_ROW_ID without one).
func (d tableDef) entryBytes(idx []keyPart, values []*sqlValue) float64 {
	parts := append([]keyPart(nil), idx...)
	if d.pk == nil {
		parts = append(parts, keyPart{col: -1})
	}
	for _, p := range d.pk {
		if !containsCol(idx, p.col) {
			parts = append(parts, p)
		}
	}
	size := recordHeaderBytes
	nullable := 0
	for _, p := range parts {
		if p.col < 0 {
			size += rowIDBytes
			continue
		}
		c := d.cols[p.col]
		if c.nullable {
			nullable++
		}
		v := values[p.col]
		if v == nil || v.null {
			continue
		}
		b, variable := c.storedBytes(*v)
		if p.prefix > 0 && variable {
			b = prefixBytes(*v, b, p.prefix, c.mbMaxLen)
		}
		if variable {
			size += c.lengthBytes(b)
		}
		size += b
	}
	return float64(size + (nullable+7)/8)
}

// weightedRowBytes is the dump bytes of the rows that carry a weight, at
// one each (to take them out of sqlBytes).
func weightedRowBytes(s sampledRows) float64 {
	var b float64
	for _, rb := range s.rowBytes {
		b += rb
	}
	return b
}

// prefixBytes is what an index prefix of prefix characters keeps of a
// value of b bytes: its first prefix characters at the value's own bytes
// per character (1 for ASCII text in any character set), at most prefix ×
// mbMaxLen.
func prefixBytes(v sqlValue, b, prefix, mbMaxLen int) int {
	perChar := 1.0
	if v.chars > 0 && v.bytes > 0 {
		perChar = float64(v.bytes) / float64(v.chars)
	}
	return min(b, int(math.Ceil(float64(prefix)*perChar)), prefix*mbMaxLen)
}

func containsCol(parts []keyPart, col int) bool {
	for _, p := range parts {
		if p.col == col {
			return true
		}
	}
	return false
}

// storedBytes is what a value takes in a record, and whether the column
// is variable-length (has length bytes). Sizes: MySQL 8.4 manual, "Data
// Type Storage Requirements"; MariaDB's INET4/INET6/UUID are 4/16/16.
func (c colDef) storedBytes(v sqlValue) (int, bool) {
	if n := c.fixedBytes(); n > 0 {
		return n, false
	}
	switch c.typ {
	case "char", "character", "nchar", "national":
		n := 1
		if len(c.args) > 0 {
			n = c.args[0]
		}
		if c.mbMaxLen == 1 {
			return n, false // padded to its width
		}
		return max(n, v.bytes), true // a multi-byte CHAR(n) keeps at least n bytes
	case "binary":
		if len(c.args) > 0 {
			return c.args[0], false
		}
		return 1, false
	}
	return v.bytes, true
}

// fixedBytes is the size of a fixed-width type; 0 for the others.
func (c colDef) fixedBytes() int {
	arg := func(i, def int) int {
		if len(c.args) > i {
			return c.args[i]
		}
		return def
	}
	fsp := (arg(0, 0) + 1) / 2
	switch c.typ {
	case "tinyint", "bool", "boolean", "year", "int1":
		return 1
	case "smallint", "int2":
		return 2
	case "mediumint", "int3", "middleint":
		return 3
	case "int", "integer", "int4", "float", "inet4":
		if c.typ == "float" && arg(0, 0) > 24 {
			return 8
		}
		return 4
	case "bigint", "int8", "double", "real", "serial":
		return 8
	case "inet6", "uuid":
		return 16
	case "decimal", "dec", "numeric", "fixed":
		return decimalBytes(arg(0, 10), arg(1, 0))
	case "date":
		return 3
	case "time":
		return 3 + fsp
	case "datetime":
		return 5 + fsp
	case "timestamp":
		return 4 + fsp
	case "bit":
		return (arg(0, 1) + 7) / 8
	case "enum":
		if c.members > 255 {
			return 2
		}
		return 1
	case "set":
		return []int{1, 1, 2, 3, 4, 8, 8, 8, 8}[min((c.members+7)/8, 8)]
	}
	return 0
}

// decimalBytes is DECIMAL(m,d)'s packed size: 4 bytes per 9 digits on each
// side of the point, the leftover digits in 0-4 bytes.
func decimalBytes(m, d int) int {
	left := []int{0, 1, 1, 2, 2, 3, 3, 4, 4}
	ip := max(m-d, 0)
	return ip/9*4 + left[ip%9] + d/9*4 + left[d%9]
}

// lengthBytes is the length prefix of a variable-length value of b bytes:
// 1 when the column's maximum is at most 255 bytes or the value is under
// 128 bytes, else 2.
func (c colDef) lengthBytes(b int) int {
	if b < 128 {
		return 1
	}
	switch c.typ {
	case "varchar", "varbinary", "char", "character", "nchar", "national":
		if len(c.args) > 0 && c.args[0]*c.mbMaxLen <= 255 {
			return 1
		}
	case "tinytext", "tinyblob":
		return 1
	}
	return 2
}

// blobLike reports whether DYNAMIC may store the column off-page: BLOB
// and TEXT types, and VARCHAR/VARBINARY values over 255 bytes.
func (c colDef) blobLike() bool {
	return !strings.HasPrefix(c.typ, "char") && c.typ != "binary" && c.typ != "nchar"
}
