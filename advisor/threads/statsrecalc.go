package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// StatsRecalcSessionsPerCore is the load sessions per core above which
// InnoDB's background statistics recalculation is turned off for the
// load. InnoDB queues a table for a recalculation once more than a tenth
// of its rows changed since the last one (dict_stats_update_if_needed, the
// modified-row counter compared before it counts the row: a table's
// second row queues it, a one-row table never), and the one background
// thread that runs them saves each with a commit into the statistics
// tables. Measured on the fast bed, 300 tables of 10 rows, one server,
// rounds interleaved (docs/benchmarks/restore-e2e.md, "Statistics
// recalculation during a load of many small tables", 2026-12-04): at 16
// sessions on 2 cores (8 a core) the load took 3.03 s with it and 1.86 s
// without, 2.06 s with the ANALYZE after it; at 4 sessions (2 a core)
// 2.27 s with it, 2.15 without, 2.94 with the ANALYZE after: no gain
// there. So only a plan of more than LoadThreadsPerCore sessions a core
// gets it.
const StatsRecalcSessionsPerCore = LoadThreadsPerCore

// statsRecalcOff reports whether the load runs with
// innodb_stats_auto_recalc OFF and the analyze line after it, and, when
// it does not for a reason the user should know, why. vars are the
// target's variables as the load meets them.
func statsRecalcOff(p *profile.Profile, o Options, threads, cores int, vars map[string]string) (bool, string) {
	d := p.Dump
	// myloader's dumps only: a mysqldump file loads through one session, and a MySQL Shell dump has no
	// load line into MariaDB (the analyze line would then be the only command)
	if d == nil || len(d.Databases) == 0 || d.Format != "mydumper" || threads <= StatsRecalcSessionsPerCore*max(cores, 1) {
		return false, ""
	}
	if mysqlTools(targetOf(p, o)) {
		return false, "InnoDB's background statistics recalculation stays on during the load: turning it off (and analyzing the tables after) was measured on MariaDB only"
	}
	if isOff(vars["innodb_stats_persistent"]) || isOff(vars["innodb_stats_auto_recalc"]) {
		return false, ""
	}
	if n, _, names := d.NonInnoDB(); n > 0 {
		// ANALYZE TABLE reads a MyISAM or Aria table's whole index (not
		// 20 sampled pages): the analyze line would pay that, unpriced
		return false, fmt.Sprintf("InnoDB's background statistics recalculation stays on during the load: %d of the dump's tables are %s, "+
			"whose ANALYZE is not InnoDB's sampled one (MyISAM and Aria read whole indexes); turning it off was measured on all-InnoDB dumps only", n, strings.Join(names, ", "))
	}
	if f := p.Storage.Fsync.P50US; f <= 0 || f >= SlowCommitUS {
		why := "the commit latency was not measured"
		if f > 0 {
			why = fmt.Sprintf("a commit takes %s here", micros(f))
		}
		return false, "InnoDB's background statistics recalculation stays on during the load: " + why +
			", and the analyze after the load would pay a commit a table one after another where the load overlaps them; the gain was measured on a fast disk only"
	}
	return true, ""
}

// isOff reports whether a server variable's value reads OFF.
func isOff(v string) bool {
	v = strings.ToUpper(strings.TrimSpace(v))
	return v == "OFF" || v == "0"
}

// statsRecalcSetting is the during-load setting that turns the background
// statistics recalculation off, for the load of tables tables.
func statsRecalcSetting(tables int) Setting {
	return Setting{
		Name:  fmt.Sprintf("no background statistics recalculation while loading (each of the %d tables is analyzed once after the load: the mysqlcheck line in COMMANDS)", tables),
		Apply: "SET GLOBAL innodb_stats_auto_recalc = OFF;",
		Undo:  "SET GLOBAL innodb_stats_auto_recalc = ON;",
		Warning: "until the mysqlcheck --analyze line after the load has run, the loaded tables keep the statistics of empty tables " +
			"(the optimizer may choose poor plans for them): run it when the load ends; the undo alone does not recalculate them",
	}
}

// analyzeLine is the mysqlcheck line that analyzes the dump's databases
// after the load (MariaDB KB, mariadb-check: --analyze runs ANALYZE
// TABLE on each table; mysqlcheck is its name on both servers). --force
// goes on past a database it cannot select, so the others are analyzed;
// --skip-write-binlog keeps the ANALYZE statements out of the binary log
// when the load kept its tables out of it (writeBinlog false): mysqlcheck
// logs them by default, and a replica would then meet statements for
// tables it never received.
// A name that begins with "-" would be read as an option (mysqlcheck:
// "unknown option '-d'" for a database "-dash"): "--" before the names
// ends the options then.
func analyzeLine(dbs []string, writeBinlog bool) string {
	words, dash := make([]string, len(dbs)), false
	for i, db := range dbs {
		words[i], dash = shQuote(db), dash || strings.HasPrefix(db, "-")
	}
	if dash {
		words = append([]string{"--"}, words...)
	}
	opts := "--analyze --force --skip-write-binlog"
	if writeBinlog {
		opts = "--analyze --force"
	}
	return "mysqlcheck --host TARGET --user USER -p " + opts + " --databases " + strings.Join(words, " ")
}

// AnalyzeCPUSec is the server's CPU time to analyze one table (ANALYZE
// TABLE through mysqlcheck: InnoDB samples its indexes and saves their
// statistics) beyond the commit that saves them, at the CPU fit's
// reference rate; AnalyzeStartSec is the line's start (mysqlcheck
// starting, connecting, listing the schemas), at the same rate.
// Measured (testdata/stats-recalc-fast/analyze-cost.txt, 2026-12-04 21:33
// UTC, fast bed, MariaDB 10.11.19): mysqlcheck --analyze of 300 tables of
// 10 rows took 0.193-0.220 s and of 1000 tables 0.556-0.612 s (0.52 ms a
// table between them), on a host at 1.26x the reference rate whose probe
// read a commit p50 of 238 µs; testdata/table-cost-off-fast/ (22:28 UTC,
// p50 242 µs, the same host speed): the line for one table 0.041-0.050 s,
// for 100, 300 and 1000 tables medians 0.123, 0.248, 0.637 s (0.57 ms a
// table). Until 2026-12-04 22:40 the start was not counted and
// AnalyzeCPUSec was 0.40 ms; the fastest one-table line, 0.0414 s, stays
// at or above the fast end up to 0.0515 s at the reference rate (0.051
// taken); with it 0.30 ms
// keeps the fastest run of either sitting inside the fast end, and the
// slow end (÷ QuietSpreadShare) holds all of 21:33's and 22 of 22:28's 25
// (the other three up to 7.9% over; TestAnalyzeCostFit). 0.055 from
// 22:40 until a review on 2026-12-05 00:10 found the one-table runs under
// it.
const (
	AnalyzeCPUSec   = 0.0003
	AnalyzeStartSec = 0.051
)

// analyzeCost is the time the printed mysqlcheck --analyze line takes
// after the load, fast and slow: one session analyzing tables one after
// another, each AnalyzeCPUSec at the host's CPU rate plus one commit at
// the probe's commit p50; the slow end ÷ QuietSpreadShare, as the
// table's synchronous writes (fixedCost).
func analyzeCost(p *profile.Profile, tables int) (fast, slow float64, text string) {
	if tables <= 0 {
		return 0, 0, ""
	}
	scale, _ := cpuSpeedScale(p.Host.CPU.Speed)
	fast, slow = analyzeSeconds(tables, scale, p.Storage.Fsync.P50US)
	return fast, slow, fmt.Sprintf("; then the mysqlcheck --analyze line: %.2f s to start + %s × (%.2f ms of CPU, %.2f at the fit's rate, + one commit at %s); ÷ %.2f at the slow end = %s",
		AnalyzeStartSec/max(scale, 0.01), count(tables, "table"), AnalyzeCPUSec/max(scale, 0.01)*1e3, AnalyzeCPUSec*1e3, micros(p.Storage.Fsync.P50US), QuietSpreadShare, secsRange(fast, slow))
}

// analyzeSeconds is analyzeCost's arithmetic: AnalyzeStartSec ÷ scale +
// tables × (AnalyzeCPUSec ÷ scale + commitUS), and that ÷
// QuietSpreadShare.
func analyzeSeconds(tables int, scale, commitUS float64) (fast, slow float64) {
	fast = AnalyzeStartSec/max(scale, 0.01) + float64(tables)*(AnalyzeCPUSec/max(scale, 0.01)+commitUS/1e6)
	return fast, fast / QuietSpreadShare
}
