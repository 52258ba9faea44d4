package threads

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// galeraMaxWriteSetDefault is wsrep_max_ws_size's default and maximum,
// and Galera's repl.max_ws_size default (MariaDB 10.11.19, galera-4
// 26.4: SHOW VARIABLES and wsrep_provider_options read 2147483647).
const galeraMaxWriteSetDefault = 2147483647

// replMaxWS finds repl.max_ws_size in wsrep_provider_options ("…;
// repl.max_ws_size = 2147483647; …").
var replMaxWS = regexp.MustCompile(`(?:^|;)\s*repl\.max_ws_size\s*=\s*(\d+)`)

// galeraLimits are the limits a Galera node puts on one transaction's
// write set: bytes (the smaller of wsrep_max_ws_size and the provider's
// repl.max_ws_size) and rows (wsrep_max_ws_rows, 0: none); annotate is
// whether the write set carries each statement's text too.
type galeraLimits struct {
	bytes, rows uint64
	bytesFrom   string
	annotate    bool
}

// galeraLimitsOf reads the limits from the variables the load meets
// (varSets: the advised, the server's, the my.cnf's, first wins).
func galeraLimitsOf(p *profile.Profile, o Options) galeraLimits {
	l := galeraLimits{bytes: galeraMaxWriteSetDefault, bytesFrom: "wsrep_max_ws_size"}
	look := func(name string) (string, bool) {
		for _, vars := range varSets(p, o) {
			if v, ok := vars[name]; ok {
				return strings.TrimSpace(v), true
			}
		}
		return "", false
	}
	if v, ok := look("wsrep_max_ws_size"); ok {
		if n, err := profile.ParseSize(v); err == nil && n > 0 {
			l.bytes = n
		}
	}
	if v, ok := look("wsrep_provider_options"); ok {
		if m := replMaxWS.FindStringSubmatch(v); m != nil {
			if n, err := strconv.ParseUint(m[1], 10, 64); err == nil && n > 0 && n < l.bytes {
				l.bytes, l.bytesFrom = n, "repl.max_ws_size (wsrep_provider_options)"
			}
		}
	}
	if v, ok := look("wsrep_max_ws_rows"); ok {
		l.rows, _ = strconv.ParseUint(v, 10, 64)
	}
	// binlog_annotate_row_events puts each statement's text into the
	// write set beside its rows; ON by default on MariaDB since 10.2.4.
	v, ok := look("binlog_annotate_row_events")
	b, err := profile.ParseBool(v)
	l.annotate = (ok && err == nil && b) || (!ok && targetOf(p, o).IsMariaDB())
	return l
}

// galeraTrx is one table's largest myloader transaction, as sized for
// Galera: its SQL bytes, rows and estimated write-set bytes, and the
// write set and rows of one of its statements.
type galeraTrx struct {
	table                 string
	sqlBytes, rows, ws    float64
	stmtRows, stmtWS      float64
	queriesPerTransaction int
}

// galeraTrxOf sizes the largest transaction myloader 0.10 commits from
// one table's files at qpt statements per transaction: a file is chunks'
// share of the table's bytes, a statement at most LargestStatementBytes.
// A row's write set is its record as stored (record + off-page bytes),
// plus its SQL text when annotate: measured on MariaDB 10.11.19, galera-4
// (review r39, docs/benchmarks/live-server.md "A Galera node"), a 100,000
// row sbtest file of 19.9 MB made a 38.9 MB write set with
// binlog_annotate_row_events ON and 19.0 MB with it OFF, against
// 100,000 × 206 record bytes = 20.6 MB modelled. ok false when the
// model lacks the sizes.
func galeraTrxOf(m profile.DumpTableModel, chunks, qpt int, annotate bool) (galeraTrx, bool) {
	if m.LargestStatementBytes == 0 || m.SQLBytesPerRow <= 0 || m.RecordBytes <= 0 {
		return galeraTrx{}, false
	}
	t := galeraTrx{table: m.Name, queriesPerTransaction: qpt}
	rowBytes, file := m.RecordBytes+m.OffPageBytes, float64(m.Bytes)/float64(max(chunks, 1))
	stmt := math.Min(float64(m.LargestStatementBytes), file)
	t.sqlBytes = math.Min(file, float64(qpt)*stmt)
	t.rows, t.stmtRows = math.Ceil(t.sqlBytes/m.SQLBytesPerRow), math.Ceil(stmt/m.SQLBytesPerRow)
	t.ws, t.stmtWS = t.rows*rowBytes, t.stmtRows*rowBytes
	if annotate {
		t.ws += t.sqlBytes
		t.stmtWS += stmt
	}
	return t, true
}

// galeraOver is the dump's table whose largest transaction exceeds the
// node's limits by the most, and the statements per transaction that
// fit every table (0 when not even one statement fits); ok false when
// none exceeds or the target is no Galera node or the dump no mydumper's.
func galeraOver(p *profile.Profile, o Options) (worst galeraTrx, l galeraLimits, qpt int, ok bool) {
	if p.Dump == nil || p.Dump.Format != "mydumper" || !galeraNode(p, o) {
		return galeraTrx{}, galeraLimits{}, 0, false
	}
	l = galeraLimitsOf(p, o)
	chunks := map[string]int{}
	for _, t := range p.Dump.TopTables {
		chunks[t.Name] = t.Chunks
	}
	qpt, ratio := QueriesPerTransaction, 1.0
	for _, m := range p.Dump.TableModels {
		t, known := galeraTrxOf(m, chunks[m.Name], QueriesPerTransaction, l.annotate)
		if !known {
			continue
		}
		r := t.ws / float64(l.bytes)
		if l.rows > 0 {
			r = math.Max(r, t.rows/float64(l.rows))
		}
		if r <= 1 {
			continue
		}
		if r > ratio {
			worst, ratio, ok = t, r, true
		}
		fit := int(float64(l.bytes) / t.stmtWS)
		if l.rows > 0 {
			fit = min(fit, int(float64(l.rows)/t.stmtRows))
		}
		qpt = min(qpt, fit)
	}
	return worst, l, qpt, ok
}

// galeraQueriesPerTransaction is the --queries-per-transaction of the
// printed myloader line: myloader's default, or fewer statements when a
// transaction of the default would exceed the Galera node's write-set
// limits (galeraOver; at least 1).
func galeraQueriesPerTransaction(p *profile.Profile, o Options) int {
	if _, _, qpt, ok := galeraOver(p, o); ok {
		return max(qpt, 1)
	}
	return QueriesPerTransaction
}

// GaleraWriteSetWarning says that on a Galera node a transaction of
// myloader's would exceed wsrep_max_ws_size (or repl.max_ws_size, or
// wsrep_max_ws_rows), which Galera refuses at commit: on MariaDB 10.11.19
// with wsrep_max_ws_size = 16M (review r39) myloader 0.10 logged
// "Error committing data for … Maximum writeset size exceeded" for each
// of the sbtest dump's 4 files, loaded none of their rows and exited 1.
// "" when every transaction fits.
func GaleraWriteSetWarning(p *profile.Profile, o Options) string {
	t, l, qpt, ok := galeraOver(p, o)
	if !ok {
		return ""
	}
	what := "its rows as stored"
	if l.annotate {
		what += ", plus the statements' text: binlog_annotate_row_events is ON"
	}
	limit := fmt.Sprintf("%s %s", l.bytesFrom, profile.HumanBytes(l.bytes))
	if l.rows > 0 {
		limit += fmt.Sprintf(" or wsrep_max_ws_rows %d", l.rows)
	}
	s := fmt.Sprintf("this server is a Galera cluster node, and myloader commits up to %d INSERTs of a file in one transaction "+
		"(--queries-per-transaction): %s's is about %s of SQL, %.0f rows, a write set of about %s (%s), over %s: Galera refuses "+
		"it at commit (\"Maximum writeset size exceeded\"), myloader 0.10 loads none of that file's rows and exits 1",
		t.queriesPerTransaction, t.table, profile.HumanBytes(uint64(t.sqlBytes)), t.rows, profile.HumanBytes(uint64(t.ws)), what, limit)
	if qpt < 1 {
		return s + fmt.Sprintf("; even one of its INSERTs (about %s of write set) exceeds it: raise wsrep_max_ws_size (SET GLOBAL) "+
			"for the load, or dump again with a smaller mydumper --statement-size", profile.HumanBytes(uint64(t.stmtWS)))
	}
	return s + fmt.Sprintf("; the myloader line commits every %d INSERTs instead (%s's about %s of write set each)", qpt,
		t.table, profile.HumanBytes(uint64(float64(qpt)*t.stmtWS)))
}
