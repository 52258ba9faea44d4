package dump

import (
	"bytes"
	"regexp"
	"strings"
)

// The lines a mysqldump file's load depends on beyond its statements.
var (
	// prefixCompleted is mysqldump's last line ("-- Dump completed on
	// 2026-12-05 22:26:04"), written when it finished, unless comments are
	// off (--skip-comments, --compact).
	prefixCompleted = []byte("-- Dump completed")
	// prefixSandbox is the first line mariadb-dump writes since MariaDB
	// 10.5.25, 10.6.18, 10.11.8 and 11.x ("/*M!999999\- enable the sandbox
	// mode */"): the mariadb client of those releases turns on its sandbox
	// mode; MySQL's mysql client and older MariaDB clients stop at it
	// ("ERROR at line 1: Unknown command '\-'", MDEV-34183).
	prefixSandbox = []byte(`/*M!999999\- enable the sandbox mode`)
	// reHeaderChecks is the header line mysqldump writes unless --compact
	// ("/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS,
	// FOREIGN_KEY_CHECKS=0 */;"), or a SET of its own.
	reHeaderChecks = regexp.MustCompile(`(?i)^(?:/\*!\d+ )?SET\b.*\bFOREIGN_KEY_CHECKS\s*=\s*0`)
	// reHeaderTimeZone is mysqldump's "/*!40103 SET TIME_ZONE='+00:00' */;"
	// (--tz-utc, on by default; left out with --compact, which still dumps
	// TIMESTAMP values in UTC).
	reHeaderTimeZone = regexp.MustCompile(`(?i)^(?:/\*!\d+ )?SET\b.*\bTIME_ZONE\s*=`)
	// reSetsNames is a view's or routine's header line setting the names
	// its statement was written in ("/*!50001 SET character_set_client =
	// utf8mb4 */;", "/*!50001 SET collation_connection =
	// utf8mb4_0900_ai_ci */;"): an unknown one stops the load there.
	reSetsNames = regexp.MustCompile(`(?i)^(?:/\*!\d+ )?SET\s+(?:character_set_client|character_set_results|collation_connection)\s*=`)
	// reSessionBinlogOff is a line turning the binary log off for the
	// file's session: MySQL's mysqldump writes "SET @@SESSION.SQL_LOG_BIN=
	// 0;" in its header with GTIDs on (--set-gtid-purged AUTO or ON,
	// beside SET @@GLOBAL.GTID_PURGED); mariadb-dump writes none.
	reSessionBinlogOff = regexp.MustCompile(`(?i)^(?:/\*!\d+\s*)?SET\s+(?:@@SESSION\.|SESSION\s+|@@)?SQL_LOG_BIN\s*=\s*(?:0|OFF)\b`)
	// reInsertHistory is the header line mariadb-dump --dump-history
	// writes (10.11.19: "/*M!101100 SET @old_system_versioning_insert_history=
	// @@session.system_versioning_insert_history,
	// @@session.system_versioning_insert_history=1 */;").
	reInsertHistory = regexp.MustCompile(`(?i)^(?:/\*[M!]*\d+\s*)?SET\b.*\bsystem_versioning_insert_history\s*=\s*(?:1|ON)\b`)
)

// fileChecks reads the lines around a mysqldump file's statements: its
// first and last lines, the session header, the longest line (Dump.
// LargestLineBytes) and what its CREATE TABLEs need from the header.
func (s *sqlScan) fileChecks(b []byte) {
	switch {
	case s.read == int64(len(b)) && bytes.HasPrefix(b, prefixSandbox):
		s.d.SandboxLine = true
	case bytes.HasPrefix(b, prefixCompleted):
		s.completed = true
	case !s.statementSeen && reHeaderChecks.Match(b):
		s.headerChecks = true
	case !s.statementSeen && reHeaderTimeZone.Match(b):
		s.headerTimeZone = true
	case reInsertHistory.Match(b):
		s.d.HistoryRows = true
	case s.creating && (bytes.Contains(b, []byte(" FOREIGN KEY ")) || bytes.Contains(b, []byte(" REFERENCES `"))):
		s.d.ForeignKeys++
	case s.creating && bytes.Contains(b, []byte(" GENERATED ALWAYS AS ")):
		s.d.GeneratedColumns++
	}
	if s.creating || reCreateDatabase.Match(b) {
		if bytes.Contains(b, []byte("utf8mb4_0900_")) {
			s.d.MySQL8Collations = true
		}
		s.t.names.add(string(b))
		if s.creating && s.current != nil {
			s.t.functional.add(s.current.Name, string(b))
			s.t.genNotNull.add(s.current.Name, string(b))
			s.t.invisible.add(s.current.Name, string(b))
			s.t.zeroDefaults.add(s.current.Name, string(b))
			if tableOptionsLine(string(b)) {
				s.t.dataDirs.add(s.current.Name, string(b))
				s.t.encryption.add(s.current.Name, string(b))
				s.t.compressedRows(s.current.Name, string(b))
			}
		}
	} else if reSetsNames.Match(b) {
		s.t.names.add(string(b))
	}
	if m := reSetNames.FindSubmatch(b); m != nil {
		s.t.setNames = strings.ToLower(string(m[1]))
	}
	if hasDefiner := bytes.Contains(b, []byte("DEFINER")); hasDefiner || s.t.objects.pending != "" {
		s.t.objects.addLine(s.schema, string(b))
	}
	if bytes.Contains(b, []byte("DEFINER")) {
		s.t.definers.add(string(b))
	} else if reSessionBinlogOff.Match(b) {
		s.d.SessionBinlogOff = true
	}
}

// lineEnds records a whole line's length (Dump.LargestLineBytes).
func (s *sqlScan) lineEnds(n int64) {
	if uint64(n) > s.d.LargestLineBytes {
		s.d.LargestLineBytes = uint64(n)
	}
}

// checksDone sets what the file lacks once it is read: mysqldump's last
// line, when the header comments say comments were on (Dump.Incomplete;
// not judged on a scan that stopped early), and the session header
// (Dump.NoSessionHeader) when the file has statements.
func (s *sqlScan) checksDone() {
	if s.d.Dumper != "" && !s.completed && s.read <= MaxScanBytes {
		s.d.Incomplete = true
	}
	if s.statementSeen && !s.headerChecks && !s.headerTimeZone {
		s.d.NoSessionHeader = true
	}
	s.d.NoSetNamesUTF8 = s.t.setNames == "" && s.t.text.utf8()
}
