package calibrate

// RowBytes is the row data of one inserted row: id BIGINT (8) + k INT (4)
// + c CHAR(120) + pad CHAR(60), in a single-byte character set (MySQL
// manual, "Data Type Storage Requirements"). The byte budget counts these.
const RowBytes = 8 + 4 + 120 + 60
