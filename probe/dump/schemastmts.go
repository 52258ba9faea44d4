package dump

import (
	"bytes"
	"regexp"
)

// reSchemaStatement is the start of a statement that changes a schema, as
// mysqldump writes them at a line's start, bare or in a version comment:
// CREATE/DROP DATABASE, DROP TABLE, CREATE TABLE, "/*!40000 ALTER TABLE …
// DISABLE KEYS */", a view's stand-in and definition ("/*!50001 CREATE
// VIEW", "/*!50001 DROP VIEW"), a trigger's or an event's "/*!50003
// CREATE*/", a routine's "CREATE DEFINER=… PROCEDURE" and "/*!50003 DROP
// PROCEDURE".
var reSchemaStatement = regexp.MustCompile(`(?i)^(?:/\*!\d+ ?)?(?:CREATE|DROP|ALTER|RENAME|TRUNCATE)\b`)

// reDelimiter is the mysql client's DELIMITER command, its new delimiter
// captured: mysqldump writes "DELIMITER ;;" before a trigger, event or
// routine and "DELIMITER ;" after it.
var reDelimiter = regexp.MustCompile(`(?i)^DELIMITER\s+(\S+)`)

// schemaStatement counts a line that starts a schema statement (Dump.
// SchemaStatements). Under a DELIMITER other than ";" a statement runs to
// the line ending in that delimiter: the lines of a routine's body (its
// own CREATE TEMPORARY TABLE, say) are not statements of the file's.
// Checked against the binary log: loading testdata/mariadb-dump-10.11-
// routines.sql with the log on wrote 22 event groups, its one INSERT and
// the 21 counted here.
func (s *sqlScan) schemaStatement(b []byte) {
	if m := reDelimiter.FindSubmatch(b); m != nil {
		s.delimiter, s.inBody = string(m[1]), false
		return
	}
	if s.delimiter == "" || s.delimiter == ";" {
		if reSchemaStatement.Match(b) {
			s.d.SchemaStatements++
		}
		return
	}
	if !s.inBody && reSchemaStatement.Match(b) {
		s.d.SchemaStatements++
		s.inBody = true
	}
	if s.inBody && bytes.HasSuffix(bytes.TrimRight(b, " \t\r\n"), []byte(s.delimiter)) {
		s.inBody = false
	}
}
