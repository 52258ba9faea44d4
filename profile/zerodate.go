package profile

// ZeroDate is a date a dump holds that a strict sql_mode refuses: a
// column's DEFAULT in its CREATE TABLE, or a value among its sampled rows.
type ZeroDate struct {
	// Table is "schema.table" (absent in a DumpTableModel's list, whose
	// Name says it).
	Table  string `json:"table,omitempty"`
	Column string `json:"column"`
	// Value is the date as dumped ("0000-00-00 00:00:00", "2024-00-15").
	Value string `json:"value"`
}

// AllZero reports whether the date is all zeros ('0000-00-00…'), which
// NO_ZERO_DATE refuses; a date with only a zero month or day
// ('2024-00-15') is refused by NO_ZERO_IN_DATE instead.
func (z ZeroDate) AllZero() bool {
	return len(z.Value) >= 10 && z.Value[:10] == "0000-00-00"
}

// DumpDates are the dates of a dump that a strict sql_mode refuses.
type DumpDates struct {
	// ZeroDateDefaults are the columns whose CREATE TABLE names a DEFAULT
	// with a zero date, month or day (DATE, DATETIME and TIMESTAMP), by
	// table and column, at most MaxZeroDateDefaults: a server whose
	// sql_mode holds NO_ZERO_DATE (all zeros) or NO_ZERO_IN_DATE (a zero
	// part) refuses that CREATE TABLE ("ERROR 1067 (42000): Invalid
	// default value", MariaDB 10.11.19, even without strict mode).
	ZeroDateDefaults []ZeroDate `json:"zero_date_defaults,omitempty"`
}

// MaxZeroDateDefaults bounds Dump.ZeroDateDefaults: enough to name the
// tables in a warning (which shows the first few) and to fix them in one
// command, without a report as long as a schema of thousands of tables.
const MaxZeroDateDefaults = 200
