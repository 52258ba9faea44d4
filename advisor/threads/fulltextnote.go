package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// FulltextDeferMinWords is the fewest words a row of every FULLTEXT table
// must give its FULLTEXT indexes (DumpTableModel.FulltextWordsPerRow) for
// the load to add them after the rows. Measured on MariaDB 10.11.19
// (review r63, docs/benchmarks/live-server.md, "FULLTEXT indexes added
// after the load"; 4 tables × 50,000 rows, 3 interleaved runs, medians,
// myloader at 1, 4 and 13 threads): with 7.3 words a row (a VARCHAR(64)
// title alone) inline 7.64, 6.21 and 5.33 s, deferred 5.62, 3.45 and
// 3.90 s; with 1.8 words a row inline 7.75, 3.71 and 3.09 s, deferred
// 4.61, 3.64 and 3.43 s: slower at the printed count, so below 7 words
// the indexes stay inline.
const FulltextDeferMinWords = 7

// FulltextDeferMinTableWords is the fewest index words (rows × words a
// row) every FULLTEXT table must give for the load to add the indexes
// after the rows: each ALTER TABLE rebuilds its table, a cost a small table
// does not earn back. Measured (review r63, 44 words a row, medians of 3
// interleaved runs): 100 tables of 100 rows (4,400 words each) loaded in
// 1.35 and 1.40 s inline at 4 and 13 threads, 2.44 and 2.34 s deferred;
// 10 tables of 2,500 rows (110,000 words each) 1.54, 3.93 and 2.00 s
// inline at 4, 1 and 13 threads, 1.20, 1.32 and 1.17 s deferred. 100,000
// is the smaller winner's 110,000 rounded down; nothing between was
// measured, so tables under it stay inline.
const FulltextDeferMinTableWords = 100_000

// FulltextAlterSecPerMWordLow/High price the ALTER TABLE … ADD FULLTEXT
// step: seconds per million index words (rows × words per row), one table
// after another in one session. Fitted on the ft4 shape only (review r63,
// docs/benchmarks/live-server.md, "FULLTEXT indexes added after the
// load"): 4 tables × 50,000 rows, 44.0 words a row (8.80 million), MariaDB
// 10.11.19 on 2 CPUs at load 6-12: the four ALTERs took 6.56-16.80 s in 9
// runs (median 9.90): 0.745-1.909 s a million, the fastest and the
// slowest of them. A quieter host is faster (the fast end may miss it).
const (
	FulltextAlterSecPerMWordLow  = 0.74
	FulltextAlterSecPerMWordHigh = 1.91
)

// fulltextLoadNote says what the deferral lines do and what they cost:
// dir is the mydumper dump's link directory ("" for a mysqldump file).
func fulltextLoadNote(dd dirs, dir string) string {
	f := dd.fulltext
	which, whose, kept := "every FULLTEXT KEY line of its CREATE TABLEs", "their", ""
	if f.kept > 0 {
		which, whose = "those tables' FULLTEXT KEY lines", "those tables'"
		kept = fmt.Sprintf(" (%s inline: %s)", tablesVerb(f.kept, "keeps its FULLTEXT indexes", "keep theirs"), f.keptWhy)
	}
	how := "the mysql line feeds the file through a perl filter that leaves out " + which + " (the file stays as it is)"
	if dir != "" {
		how = fmt.Sprintf("the first line links the dump's files into %s and rewrites the links of its -schema.sql files without %s FULLTEXT KEY lines "+
			"(perl -i writes new files there; the dump stays as it is: remove the directory after), and myloader loads that", dir, whose)
	}
	keys := 0
	for _, t := range f.tables {
		keys += len(t.keys)
	}
	return fmt.Sprintf("%s with FULLTEXT indexes%s: %s; the last line adds the %s back, one ALTER TABLE each, one table after another. "+
		"%s The first FULLTEXT index of a table rebuilds it (InnoDB adds its FTS_DOC_ID column): while it runs it takes free space in the datadir of "+
		"about %.1f times the table's bytes in the dump (measured: 35.3 MB at the peak for a table of 12.25 MB of SQL) and sort files in "+
		"innodb_tmpdir (else tmpdir). Measured on MariaDB 10.11.19; MySQL builds them the same way "+
		"(its manual: \"it is much faster to load your data into a table that has no FULLTEXT index and then create the index after that\"), "+
		"untested here", count(len(f.tables), "table"), kept, how, indexes(keys), fulltextGainText, ftRebuildPerDumpByte)
}

// fulltextGainText is the measured gain the note states (review r63).
const fulltextGainText = "Measured on MariaDB 10.11.19 (review r63, 2 CPUs, 3 interleaved runs, medians): 4 tables × 50,000 rows of 44 words " +
	"loaded by myloader in 26.2 s at 4 threads with the indexes inline (44.5 s at 1, 24.9 s at 12) and in 12.1 s so (13.4 s, 9.5 s), the " +
	"ALTERs included; as a mysqldump file 33.9 s against 9.9 s; with 7.3 words a row 6.2 s against 3.5 s at 4 threads. " +
	"Four ALTERs at once (xargs -P 4) were no faster on 2 CPUs (median 14.0 s against 9.9 s one after another), and one after another " +
	"the free space they need is one table's at a time."

// fulltextKeptNote says why the FULLTEXT indexes stay in the CREATE
// TABLEs of this load; "" when there are none or they are deferred.
func fulltextKeptNote(f ftDeferral) string {
	if f.why == "" {
		return ""
	}
	return "the FULLTEXT indexes load inline, with the rows: " + f.why + ""
}

// alterCost is the ALTER step's seconds, fast and slow, and its basis.
func alterCost(f ftDeferral) (fast, slow float64, text string) {
	if !f.deferred() {
		return 0, 0, ""
	}
	mw := f.words / 1e6
	fast, slow = mw*FulltextAlterSecPerMWordLow, mw*FulltextAlterSecPerMWordHigh
	return fast, slow, fmt.Sprintf("; plus %.1f–%.1f s to add the FULLTEXT indexes after the load (%.2f million words at %.2f–%.2f s a million, "+
		"one table after another, measured on 2 CPUs)", fast, slow, mw, FulltextAlterSecPerMWordLow, FulltextAlterSecPerMWordHigh)
}

// withAlter adds the ALTER step to a modelled load estimate r.
func withAlter(r DurationRange, f ftDeferral) DurationRange {
	fast, slow, text := alterCost(f)
	if r.IsZero() || slow == 0 {
		return r
	}
	out := rangeOf(r.Low.Seconds()+fast, r.High.Seconds()+slow, r.Basis+text)
	return out
}

// ftRebuildPerDumpByte is the datadir's growth at the peak of a table's
// first FULLTEXT index build, per byte of the table's rows in the dump:
// measured (review r63, MariaDB 10.11.19) adding ft_1 to an ft4 table of
// 12.25 MB of SQL (a 25.2 MB .ibd), the schema's directory grew by 35.3 MB
// at its peak (the rebuilt copy and the FTS tables) and kept 11.1 MB.
const ftRebuildPerDumpByte = 2.9

// fulltextSpaceWarning says when the free space the profile read is
// short of what the first FULLTEXT index of the largest deferred table
// takes: its rebuilt copy in the datadir (ftRebuildPerDumpByte) and its
// sort files in innodb_tmpdir or tmpdir (the MySQL manual's bound, "Online
// DDL Space Requirements": the table's data plus indexes, the same figure).
func fulltextSpaceWarning(p *profile.Profile, f ftDeferral) string {
	if !f.deferred() || p.Dump == nil {
		return ""
	}
	var name string
	var largest uint64
	for _, m := range p.Dump.TableModels {
		for _, t := range f.tables {
			if m.Name == joinName(t) && m.Bytes > largest {
				name, largest = m.Name, m.Bytes
			}
		}
	}
	need := uint64(float64(largest) * ftRebuildPerDumpByte)
	var short []string
	if s := p.Storage; s.FreeBytes > 0 && s.FreeBytes < need {
		short = append(short, "the datadir's filesystem has "+profile.HumanBytes(s.FreeBytes)+" free")
	}
	if td := p.Storage.TmpDir; td != nil && td.Note == "" && td.FreeBytes > 0 && td.FreeBytes < need {
		short = append(short, fmt.Sprintf("%s (%s) has %s free", td.Variable, td.Path, profile.HumanBytes(td.FreeBytes)))
	}
	if len(short) == 0 {
		return ""
	}
	return fmt.Sprintf("adding the FULLTEXT index of %s after the load rebuilds it: about %s in the datadir at its peak (%.1f× its %s in the dump, "+
		"as measured on MariaDB 10.11.19) and sort files of about as much in the tmpdir, but %s: the ALTER TABLE would fail after most of its work "+
		"(ERROR 1878 \"Temporary file write failure\", or errno 28); make room first, or point innodb_tmpdir at a directory with room",
		name, profile.HumanBytes(need), ftRebuildPerDumpByte, profile.HumanBytes(largest), strings.Join(short, " and "))
}

// joinName is the table's "schema.table" as the dump names it.
func joinName(t ftTable) string { return t.schema + "." + t.table }

// indexes is "1 index" or "N indexes".
func indexes(n int) string {
	if n == 1 {
		return "1 index"
	}
	return fmt.Sprintf("%d indexes", n)
}
