package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// ClientPacketBytes is the mysql client's default max_allowed_packet,
// 16 MiB (`mariadb --help --verbose`, MariaDB 10.11.19; MySQL 8.4 manual,
// "mysql Client Options"): a longer statement in a mysqldump file stops
// the client unless the line raises it.
const ClientPacketBytes = 16 << 20

// MaxPacketBytes is max_allowed_packet's largest value, client and server
// (1G: MySQL 8.4 manual and MariaDB KB, max_allowed_packet).
const MaxPacketBytes = 1 << 30

// defaultPacketBytes is the target server's default max_allowed_packet:
// 16M on MariaDB since 10.2.4 (MariaDB KB), 64M on MySQL since 8.0.3
// (MySQL 8.0 manual).
func defaultPacketBytes(t profile.Target) uint64 {
	if t.IsMariaDB() {
		return 16 << 20
	}
	return 64 << 20
}

// headerSets are the session settings mysqldump's header makes (MariaDB
// dump 10.19: "/*!40103 SET TIME_ZONE='+00:00' */", UNIQUE_CHECKS=0,
// FOREIGN_KEY_CHECKS=0, SQL_MODE='NO_AUTO_VALUE_ON_ZERO'), which a file
// without it (--compact) must get from the mysql line: its TIMESTAMPs
// are still dumped in UTC (--tz-utc is on by default), its tables may
// refer to tables created after them, and a generated column's dumped
// value stops a strict sql_mode ("ERROR 1906 … The value specified for
// generated column", a review's --compact file on MariaDB 10.11.19).
var headerSets = []string{"SESSION time_zone='+00:00'", "SESSION unique_checks=0", "SESSION foreign_key_checks=0", "SESSION sql_mode='NO_AUTO_VALUE_ON_ZERO'"}

// mysqlSessionFlags are the options the mysql line of a mysqldump file
// needs beyond the client's own: an --init-command that skips the binary
// log (dd.skipBinlog: InitSkipBinlog) and, for a file without mysqldump's
// header, sets the session as the header would; and a max_allowed_packet
// that holds the file's longest statement.
func mysqlSessionFlags(dd dirs) string {
	var sets []string
	if dd.skipBinlog {
		sets = append(sets, "SESSION sql_log_bin=0")
	}
	if dd.noHeader {
		sets = append(sets, headerSets...)
	}
	var flags []string
	if dd.utf8Client {
		flags = append(flags, clientUTF8)
	}
	switch {
	case len(sets) == 1 && dd.skipBinlog:
		flags = append(flags, InitSkipBinlog)
	case len(sets) > 0:
		flags = append(flags, `--init-command="SET `+strings.Join(sets, ", ")+`"`)
	}
	if dd.largestLine > ClientPacketBytes {
		flags = append(flags, "--max-allowed-packet=1G")
	}
	return strings.Join(flags, " ")
}

// noNamesNote says why the mysql line names the client's character set
// for a UTF-8 file that sets none (mariadb-dump --compact, MariaDB
// 10.11.19, session 59: rows 'ä😀', '日本' and a latin1 'é' came back
// double-encoded through the printed line under LANG=C, C3A4F09F9880 as
// C383C2A4C3B0C5B8CB9CE282AC, and 'ä😀' as 'ä????' under LANG=C.UTF-8,
// exit 0 both times; with the option, identical under both).
const noNamesNote = "the file sets no character set (no SET NAMES: --compact, or another tool's export) and its text is UTF-8: the mysql " +
	"line says --default-character-set=utf8mb4, because without it the client sends the file in its locale's (under LANG=C latin1, " +
	"every character beyond ASCII stored double-encoded; under C.UTF-8 utf8mb3, each 4-byte character such as an emoji stored as '?'), " +
	"with no error"

// noHeaderNote says why the mysql line sets the session for a file
// without mysqldump's header.
const noHeaderNote = "the file has no session header (dumped with --compact: no SET of TIME_ZONE, FOREIGN_KEY_CHECKS or SQL_MODE before its " +
	"statements), so the mysql line's --init-command sets what mysqldump's header would: time_zone '+00:00' (its TIMESTAMPs are in UTC, " +
	"mysqldump's default --tz-utc; drop that part if it was dumped with --skip-tz-utc), unique_checks and foreign_key_checks 0 (a table may " +
	"refer to one created after it) and sql_mode NO_AUTO_VALUE_ON_ZERO (a generated column's dumped value fails a strict sql_mode)"

// packetSetting raises the target's max_allowed_packet for the load when
// the dump's longest statement does not fit it (the server's or my.cnf's
// value, else the target's default); false when it fits.
func packetSetting(p *profile.Profile, o Options) (Setting, bool) {
	longest, what, stops := longestStatement(p.Dump)
	if longest == 0 {
		return Setting{}, false
	}
	cur, from := defaultPacketBytes(targetOf(p, o)), "the target's default"
	for _, vars := range varSets(p, o) {
		if n, err := profile.ParseSize(vars["max_allowed_packet"]); err == nil && n > 0 {
			cur, from = n, "the server's"
			break
		}
	}
	if longest <= cur || longest > MaxPacketBytes {
		return Setting{}, false
	}
	need := min((longest>>20+2)<<20, MaxPacketBytes) // whole MiB, a MiB over the statement
	apply, undo := sizeLines(p, "max_allowed_packet", need, cur)
	return Setting{Name: fmt.Sprintf("hold %s (%s; max_allowed_packet is %s, %s)",
		what, profile.HumanBytes(longest), profile.HumanBytes(cur), from),
		Apply: apply, Undo: undo,
		Warning: "without it " + stops + "; new sessions take the new value, so run the load after it" +
			assumedNote(p, "max_allowed_packet", cur, from)}, true
}

// mysqldumpWarnings are the warnings a mysqldump file's load needs before
// its line is run: a file cut short, one without rows, a statement past
// the client's largest packet, and what a MySQL file or a MariaDB client's
// line does on the other server.
func mysqldumpWarnings(p *profile.Profile, o Options) []string {
	d := p.Dump
	if d == nil || d.Format != "mysqldump" {
		return nil
	}
	var out []string
	t := targetOf(p, o)
	if d.Incomplete {
		out = append(out, "the dump file ends without mysqldump's last line (\"-- Dump completed on …\"): it was cut short (a copy that did not "+
			"finish, a dump that stopped or ran out of space), and loading it restores only what is before the cut: later tables are missing and "+
			"views stay as their stand-ins. Check the source's copy (`tail -n 1 FILE`) and take or copy the dump again")
	}
	if d.InsertStatements == 0 && d.Tables > 0 {
		out = append(out, fmt.Sprintf("the file creates %s and inserts no rows (dumped with --no-data, or the .sql of a --tab dump, whose rows "+
			"are in .txt files beside it): loading it leaves them empty%s; load a --tab dump's rows after it with `mysqlimport --local DB DIR/*.txt`",
			dumpTables(d), map[bool]string{true: ", and its DROP TABLE IF EXISTS lines replace a table of the same name on TARGET by an empty one", false: ""}[d.DropsTables]))
	}
	if d.LargestLineBytes > MaxPacketBytes {
		out = append(out, fmt.Sprintf("the file's longest statement is %s, over the 1G max_allowed_packet the mysql client and server can take: "+
			"the load stops there; dump that table again with a smaller --net-buffer-length", profile.HumanBytes(d.LargestLineBytes)))
	}
	if w := SessionBinlogOffWarning(p, o); w != "" {
		out = append(out, w)
	}
	return append(out, crossFlavorWarnings(d, t)...)
}

// Collations0900Since is the first MariaDB with MySQL 8's utf8mb4_0900_*
// collations, as aliases (MariaDB 11.4.5 release notes).
var Collations0900Since = profile.Version{Major: 11, Minor: 4, Patch: 5}

// crossFlavorWarnings are what a file from the other server family meets:
// MySQL's SET @@GLOBAL.GTID_PURGED and utf8mb4_0900 collations on MariaDB
// (mariadb-dump's sandbox line in MySQL's client: the line skips it,
// sandboxed).
func crossFlavorWarnings(d *profile.Dump, t profile.Target) []string {
	var out []string
	maria := t.IsMariaDB()
	for _, st := range d.ReplicationStatements {
		if maria && strings.Contains(strings.ToUpper(st), "GTID_PURGED") {
			out = append(out, "the file runs SET @@GLOBAL.GTID_PURGED (MySQL's mysqldump --set-gtid-purged), which MariaDB does not have: the load "+
				"stops at it (\"ERROR 1193 (HY000): Unknown system variable 'GTID_PURGED'\") before its first table; take that statement out first, "+
				"or dump again with --set-gtid-purged=OFF")
		}
	}
	// A profile saved before Dump.Collations: CharsetWarning has the names now.
	if v, err := profile.ParseVersionStrict(t.Version); maria && d.MySQL8Collations && len(d.Collations) == 0 && (err != nil || v.Less(Collations0900Since)) {
		out = append(out, "the file's tables use MySQL 8's utf8mb4_0900_* collations, which MariaDB has only since 11.4.5: on an older "+
			"MariaDB the load stops at the first (\"ERROR 1273 (HY000): Unknown collation\"); replace them first (utf8mb4_0900_ai_ci by "+
			"utf8mb4_uca1400_ai_ci on MariaDB 10.10 and later, utf8mb4_unicode_520_ci before) or load into MariaDB 11.4.5 or later")
	}
	return out
}

// mysqlFlavor reports whether t is known to be MySQL or Percona Server.
func mysqlFlavor(t profile.Target) bool {
	return t.Flavor == profile.FlavorMySQL || t.Flavor == profile.FlavorPercona
}

// sandboxed is a mysql line that feeds the client the file without its
// first line when dd.stripSandbox: mariadb-dump's "/*M!999999\- enable the
// sandbox mode */" stops MySQL's mysql client ("ERROR at line 1: Unknown
// command '\-'", MDEV-34183); the line is a comment to any other reader.
func sandboxed(line string, dd dirs) string {
	if !dd.stripSandbox {
		return line
	}
	if file, ok := strings.CutPrefix(line, mysqlClient+" < "); ok {
		return "tail -n +2 " + file + " | " + mysqlClient
	}
	return strings.Replace(line, " | "+mysqlClient, " | tail -n +2 | "+mysqlClient, 1)
}

// sandboxNote says why the mysql line skips the file's first line (a MySQL
// target), or what to do with MySQL's client when the target is unknown.
func sandboxNote(d *profile.Dump, t profile.Target) string {
	switch {
	case d == nil || !d.SandboxLine || t.IsMariaDB():
		return ""
	case mysqlFlavor(t):
		return "the file's first line is mariadb-dump's \"/*M!999999\\- enable the sandbox mode */\", which MySQL's mysql client stops at " +
			"(\"ERROR at line 1: Unknown command '\\-'\"): the line feeds the client the file from its second line (tail -n +2)"
	}
	return "the file's first line is mariadb-dump's \"/*M!999999\\- enable the sandbox mode */\": MySQL's mysql client (and MariaDB's before " +
		"10.5.25, 10.6.18, 10.11.8) stops at it (\"Unknown command '\\-'\"); with such a client feed it the file from its second line: tail -n +2 FILE | mysql …"
}
