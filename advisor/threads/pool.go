package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// InnoDBBytesPerDumpByte is how much tablespace a byte of dump SQL becomes:
// 39.7 MB of mydumper SQL (sysbench, 8 tables) filled 110 MB of InnoDB
// files on the restore beds (scripts/bench-restore.sh), 2.8x; rounded up
// to 3 (row headers, pages filled to 15/16, the secondary index). It sizes
// the disk a load takes (LoadedBytes) and the tablespaces the estimate's
// growth terms were fitted on (fitScaleBytes); the buffer pool a load
// fills is the row model's (innoDBPoolBytes), this only where no table
// could be sized.
const InnoDBBytesPerDumpByte = 3

// loadedCountText says, where a setting grows for the loaded size, how
// the size is counted: from the tables sized row by row (their CREATE
// TABLE and sampled rows, as InnoDB stores them: innoDBPoolBytes), or, for a
// dump whose tables could not be sized, at InnoDBBytesPerDumpByte × its
// SQL, with what was measured (docs/benchmarks/loaded-size.md). It names
// the tables left out for loading outside InnoDB.
func loadedCountText(d *profile.Dump) string {
	n, all := sizedTables(d)
	if n == 0 {
		s := fmt.Sprintf("counted as %g× the dump's SQL (its tables could not be sized row by row): the pool held 1.28-1.49× it on four sysbench shapes and 3.29× on "+
			"CHAR-padded rows (docs/benchmarks/loaded-size.md)", float64(InnoDBBytesPerDumpByte))
		return s + nonInnoDBText(d)
	}
	pool, sql := modelledPoolBytes(d, tableBytesScale(d))
	s := fmt.Sprintf("counted from the CREATE TABLE and sampled rows of %d of its %d InnoDB tables%s as InnoDB stores them "+
		"(%.2f bytes of pages per byte of their SQL; the rest at that rate)", n, all, scannedPart(d), pool/sql)
	return s + nonInnoDBText(d)
}

// loadedOf is the plan's loaded_innodb_bytes and its basis; 0, "" without a dump.
func loadedOf(d *profile.Dump) (uint64, string) {
	if d == nil || d.TotalBytes == 0 {
		return 0, ""
	}
	return dumpInnoDBBytes(d), loadedCountText(d)
}

// sizedTables counts the dump's InnoDB tables sized row by row, and all
// its InnoDB tables (user schemas).
func sizedTables(d *profile.Dump) (sized, all int) {
	if d == nil {
		return 0, 0
	}
	for _, m := range d.TableModels {
		if loadsIntoInnoDB(m.Engine) && m.SQLBytesPerRow > 0 {
			sized++
		}
	}
	for _, e := range d.Engines {
		if loadsIntoInnoDB(e.Name) {
			all += e.Tables
		}
	}
	return sized, max(all, sized)
}

// nonInnoDBText says which of the dump's tables the InnoDB figures leave
// out ("; its 3 MyISAM, Aria tables (12.0 MiB) are left out: they do not
// load into InnoDB"), "" when every table loads into InnoDB.
func nonInnoDBText(d *profile.Dump) string {
	if d == nil {
		return ""
	}
	tables, bytes, names := d.NonInnoDB()
	if tables == 0 {
		return ""
	}
	return fmt.Sprintf("; its %d %s tables (%s) are left out: they do not load into InnoDB",
		tables, strings.Join(names, ", "), profile.HumanBytes(bytes))
}

// pool is the buffer pool a load will run with, and where that figure
// came from.
type pool struct {
	bytes uint64
	from  string // "advised", "server", "my.cnf", "default"; "" when unknown
	// unfit is the clause describe adds when the advice found no room for
	// any pool in this memory (Options.PoolUnfit), "" otherwise.
	unfit string
	// redo is the redo log capacity the load runs with (the same sources;
	// 0 when unknown): with the data in the pool, a redo log smaller than
	// the data forces checkpoint flushes during the load.
	redo uint64
	// room is the load's redo against the checkpoint limits of redo on the
	// target (redoroom.go); zero until Size sets it, or when unknown.
	room redoRoom
	// buffered is set when the load writes its data files through the page
	// cache (buffered.go): page flushing while the pool holds the load then
	// goes at bufferedPageRates, not one 16K write at a time.
	buffered bool
	// binlog is the binary log the load writes (binlogwrite.go): zero when
	// it skips it, as the advice says.
	binlog binlogWrite
	// commitWait is how each commit of the load waits for the disk
	// (commitwait.go: commitNoWait, commitSyncs, commitWrites).
	commitWait int
	// fileCommit is how the commit that ends each data file of a chunked
	// dump (myloader, loadDump) waits for the disk (commitMode; filecost.go).
	fileCommit int
	// analyzeTables is the tables the printed mysqlcheck --analyze line
	// analyzes after the load (statsrecalc.go), 0 when none is printed.
	analyzeTables int
	// recalcOff: the load runs without InnoDB's background statistics
	// recalculation (the advice turns it off, or the target has it or
	// persistent statistics off), so its tables cost TableCreateOffSec.
	recalcOff bool
	// held is the InnoDB data the live target already holds outside the
	// dump's databases (heldBytes), which the pool keeps beside the load.
	held uint64
	// heldUnsplit: held is all the target's InnoDB data, the profile not
	// saying how much of it is in the dump's databases (heldBytes).
	heldUnsplit bool
}

// poolOf is the pool after following the advice (o.Advised, the value its
// my.cnf sets), else the live server's, else the my.cnf's, else the
// default when a target is known; zero when none of those says.
func poolOf(p *profile.Profile, o Options) pool {
	var srv, cnf map[string]string
	if p.Server != nil {
		srv = p.Server.Variables
	}
	if p.MyCnf != nil {
		cnf = p.MyCnf.Variables
	}
	redo := redoOf(targetOf(p, o), srv, o.Advised, nil, cnf)
	if n := sizeIn(o.Advised, "innodb_redo_log_capacity") + sizeIn(o.Advised, "innodb_log_file_size"); n == 0 && srv != nil {
		if r := profile.ServerRedoBytes(srv, p.Server.Status); r > 0 {
			redo = r // the server's, in use (not what a set of its variables might first say)
		}
	}
	b := poolFrom(o.Advised, srv, cnf, targetOf(p, o).Version != "")
	b.redo = redo
	b.held, b.heldUnsplit = heldBytes(p)
	if o.PoolUnfit && b.from != "advised" && b.bytes > 0 {
		b.unfit = " (which this memory cannot hold: memory.no_room_for_pool)"
	}
	return b
}

// poolFrom is the first buffer pool size of: the advice's my.cnf, the live
// server, the my.cnf read, the default when the target is known.
func poolFrom(advised, srv, cnf map[string]string, targetKnown bool) pool {
	const v = "innodb_buffer_pool_size"
	switch {
	case sizeIn(advised, v) > 0:
		return pool{bytes: sizeIn(advised, v), from: "advised"}
	case sizeIn(srv, v) > 0:
		return pool{bytes: sizeIn(srv, v), from: "server"}
	case sizeIn(cnf, v) > 0:
		return pool{bytes: sizeIn(cnf, v), from: "my.cnf"}
	case targetKnown:
		return pool{bytes: profile.DefaultBufferPoolBytes, from: "default"}
	}
	return pool{}
}

// redoOf is the redo log capacity the first of the variable sets that
// names it gives: innodb_redo_log_capacity (MySQL 8.0.30+), else
// innodb_log_file_size × the log files (redoFiles; srv, the live
// server's variables, may say how many); 0 when none says.
func redoOf(t profile.Target, srv map[string]string, sets ...map[string]string) uint64 {
	for _, vars := range sets {
		if n := sizeIn(vars, "innodb_redo_log_capacity"); n > 0 {
			return n
		}
		if n := sizeIn(vars, "innodb_log_file_size"); n > 0 {
			return n * redoFiles(t, append([]map[string]string{srv}, sets...)...)
		}
	}
	return 0
}

// redoFiles is how many files of innodb_log_file_size the redo log of
// target t has: 1 on MariaDB 10.5+ (oneRedoFile), else the first
// innodb_log_files_in_group the sets give, else its default, 2 (MySQL
// 5.0-9.x manual and MariaDB KB before 10.5, innodb_log_files_in_group:
// the advised "innodb_log_file_size = 1G" for MySQL 5.7 is 2.0 GiB of log,
// which the load plan once counted as 1.0 GiB), or 1 for a target whose
// flavor and version are unknown.
func redoFiles(t profile.Target, sets ...map[string]string) uint64 {
	if oneRedoFile(t) {
		return 1
	}
	for _, vars := range sets {
		if n := sizeIn(vars, "innodb_log_files_in_group"); n > 0 {
			return n
		}
	}
	if _, ok := profile.ParseVersion(t.Version); ok && t.Flavor != "" {
		return classicFiles
	}
	return 1
}

// oneRedoFile reports whether target t keeps its redo log in one file
// whatever innodb_log_files_in_group says: MariaDB from 10.5 (MariaDB KB,
// innodb_log_files_in_group: ignored from 10.5.2; mariadbd 10.11.19 with
// innodb_log_file_size = 256M and innodb_log_files_in_group = 4 writes one
// 268435456-byte ib_logfile0).
func oneRedoFile(t profile.Target) bool {
	v, ok := profile.ParseVersion(t.Version)
	return t.IsMariaDB() && ok && v.AtLeast(10, 5, 0)
}

func sizeIn(vars map[string]string, name string) uint64 {
	if vars == nil {
		return 0
	}
	n, err := profile.ParseSize(vars[name])
	if err != nil {
		return 0
	}
	return n
}

// describe names the pool for a why or a basis: "the advised 17.0 GiB buffer pool".
func (b pool) describe() string {
	switch b.from {
	case "":
		return "a buffer pool of unknown size"
	case "default":
		return fmt.Sprintf("the default %s buffer pool%s%s", profile.HumanBytes(b.bytes), b.unfit, b.heldText())
	}
	return fmt.Sprintf("the %s %s buffer pool%s%s", b.from, profile.HumanBytes(b.bytes), b.unfit, b.heldText())
}

// LoadedBytes is what restoring the dump adds to the datadir's disk: its
// tables once loaded, in every engine (uncompressed SQL ×
// InnoDBBytesPerDumpByte, high for MyISAM and Aria, whose files hold no
// page slack; 0 without a dump). The rules hold the redo log to a share
// of the free space left after it, so that the cnf's redo note and the
// plan's growRedo reserve the same bytes.
func LoadedBytes(d *profile.Dump) uint64 {
	if d == nil {
		return 0
	}
	lo, hi := dumpSQLBytes(d)
	return uint64((lo + hi) / 2 * InnoDBBytesPerDumpByte)
}

// dumpInnoDBBytes is the buffer pool the dump's InnoDB tables fill once
// loaded (innoDBPoolBytes: MyISAM, Aria and MEMORY tables never pass
// through the buffer pool or the redo log); 0 without a dump size.
func dumpInnoDBBytes(d *profile.Dump) uint64 {
	if d == nil {
		return 0
	}
	return innoDBPoolBytes(d)
}

// fitScaleBytes is the InnoDB share of LoadedBytes (InnoDBBytesPerDumpByte ×
// the SQL): the scale the estimate's tablespace-growth terms were fitted
// on (GrowthSyncsPer4x and its neighbours, testdata/card-io-fit/), kept for
// them until they are re-fitted on the row model.
func fitScaleBytes(d *profile.Dump) uint64 {
	if d == nil {
		return 0
	}
	return uint64(float64(LoadedBytes(d)) * d.InnoDBShare())
}

// dumpInnoDBSQLBytes is dumpSQLBytes for the dump's InnoDB tables only.
func dumpInnoDBSQLBytes(d *profile.Dump) (lo, hi float64) {
	lo, hi = dumpSQLBytes(d)
	share := d.InnoDBShare()
	return lo * share, hi * share
}
