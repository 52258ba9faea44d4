package threads

import (
	"fmt"
	"math"
	"strings"

	"github.com/mytune/mytune/profile"
)

// MaxThreads caps every choice: the profile's curves stop at 16 threads,
// so nothing above 16 is backed by a measurement.
const MaxThreads = 16

// SlowCommitUS is the fsync p50 (µs) from which a load's batch commits are a cost
// worth naming: 1 ms is where SD cards and HDDs sit; SSDs sync in well under
// it (DESIGN.md, "Classifying storage").
const SlowCommitUS = 1000

// ThreadsPerCore is how many dump threads one core keeps busy: a dump
// thread waits on the rows the server sends, so threads = cores leaves the
// CPU idle. Measured by scripts/bench-threads.sh on 2 cores (MariaDB 10.11,
// 575 MB sysbench data, medians of 3): mydumper --compress 1 thread 42.8 s,
// 2 31.4 s, 4 24.6 s, 6 28.9 s, 8 28.2 s (docs/benchmarks/dump-threads.md).
// Loads have their own: LoadThreadsPerCore and FitThreadsPerCore.
const ThreadsPerCore = 2

// OLTPNote is the whole threads block of --task oltp: nothing is dumped
// or loaded, so nothing is sized.
const OLTPNote = "--task oltp: no dump, load or copy is planned, so no thread counts, commands or load settings are given; " +
	"the OLTP settings are in the findings (use --task all, dump, load or copy for a dump or restore plan)"

// markExtrapolated says in each estimate's basis that it extrapolates.
func markExtrapolated(plan *Plan) {
	for _, r := range []*DurationRange{&plan.EstimatedLoad, &plan.EstimatedSettled, &plan.EstimatedLoadBinlog} {
		if r.Basis != "" {
			r.Basis += "; extrapolated beyond the measured machines (see the notes)"
		}
	}
}

// advisedPoolFirstNote says, when the plan is sized for the advised pool
// the server does not have yet, that the my.cnf lines come first and how
// the pool takes them; "" otherwise.
func advisedPoolFirstNote(p *profile.Profile, o Options, b pool) string {
	live := livePoolBytes(p)
	if b.from != "advised" || live == 0 || live == b.bytes {
		return ""
	}
	how := fmt.Sprintf("it resizes online: SET GLOBAL innodb_buffer_pool_size = %d;", b.bytes)
	if ok, why := poolOnline(p, o, b.bytes); !ok {
		how = "it takes that only at a restart: " + why
	}
	return fmt.Sprintf("the load is sized for the my.cnf lines of this report applied first: the advised %s buffer pool, "+
		"where the server has %s now (%s); without them the threads, "+
		"the during-load settings and the estimate do not hold", profile.HumanBytes(b.bytes), profile.HumanBytes(live), how)
}

// Size sizes dump, load and copy threads for the profile and builds the
// commands, temporary settings and load estimate for the task.
func Size(p *profile.Profile, o Options) Plan {
	if p == nil {
		p = &profile.Profile{}
	}
	p = serversView(loadedDump(p))
	o = normalise(o)
	if o.Task == TaskOLTP {
		// CONTRACT.md: basis is always set on the load choice, "modelled
		// from the probe" without a calibration (none is used for oltp).
		return Plan{Load: Choice{Basis: BasisModelled}, Commands: []string{}, Temporary: []Setting{}, Warnings: []string{}, Notes: []string{OLTPNote}}
	}
	if p.Backup != nil && o.Task != TaskDump {
		plan := physicalPlan(p, o)
		plan.Warnings = append(plan.Warnings, toolWarnings(p, o, plan.Commands)...)
		return plan
	}
	c := coresOf(p.Host)
	b := poolOf(p, o)
	loads := o.Task == TaskAll || o.Task == TaskLoad || o.Task == TaskCopy
	var temp []Setting
	var tempNotes, first []string
	if note := advisedPoolFirstNote(p, o, b); loads && note != "" {
		first = append(first, note)
	}
	if loads { // the load runs with its temporary settings applied: size for the pool they leave
		temp, tempNotes, b = loadSettings(p, o, b)
		tempNotes = append(first, tempNotes...)
		b.commitWait, b.binlog = commitWait(p, o, temp), replicatedBinlog(p, o)
		b.fileCommit = commitMode(p, o, temp)
		b.room = roomOf(p.Dump, ratioOf(p, o.Calibration), targetOf(p, o), b.redo, pageOf(p))
	}
	plan := Plan{Temporary: []Setting{}, Warnings: []string{}, Dump: capDumpToConnections(p, o, sizeDump(p, c)),
		Load: capToConnections(p, o, withCalibration(p, sizeLoad(p, c, b), o.Calibration))}
	plan.Copy = sizeCopy(plan.Dump, plan.Load)
	plan.keys = keyPlan(p, o, loaderChoice(o, plan), b, c.n) // none unless the task loads the dump
	plan.Commands, plan.Notes = commands(p, o, plan)
	if loads { // a target that has the recalculation (or persistent statistics) off loads without it
		vars := loadVars(p, o)
		b.recalcOff = isOff(vars["innodb_stats_auto_recalc"]) || isOff(vars["innodb_stats_persistent"])
	}
	if o.Task == TaskAll || o.Task == TaskLoad {
		on, why := statsRecalcOff(p, o, plan.Load.Threads, c.n, loadVars(p, o))
		b.recalcOff = b.recalcOff || on
		if on {
			b.analyzeTables = p.Dump.Tables - p.Dump.SystemTables
			temp = append(temp, statsRecalcSetting(b.analyzeTables))
			plan.Commands = append(plan.Commands, analyzeLine(p.Dump.Databases, replicating(p, o)))
		} else if why != "" {
			tempNotes = append(tempNotes, why)
		}
	}
	if loads {
		planLoad(p, o, &plan, b, c, temp, tempNotes)
	}
	useClientStandIn(p, o, &plan)
	plan.Warnings = append(plan.Warnings, toolWarnings(p, o, plan.Commands)...)
	return plan
}

// planLoad fills the load half of plan: the during-load settings and their
// notes, the estimates (loaded, settled, with the binary log), the
// warnings and the notes on what the load meets (engines, redo room, one
// CPU, the model's envelope).
func planLoad(p *profile.Profile, o Options, plan *Plan, b pool, c cores, temp []Setting, tempNotes []string) {
	plan.Temporary = append(plan.Temporary, temp...)
	plan.Notes = append(plan.Notes, tempNotes...)
	if note := loaderDeadlockNote(p, o, *plan); note != "" {
		plan.Notes = append(plan.Notes, note)
	}
	loader := loaderChoice(o, *plan)
	if note := galeraCalibrated(p, o, loader); note != "" {
		plan.Notes = append(plan.Notes, note)
	}
	plan.EstimatedLoad = loadEstimate(p, o, loader, b, c.n, plan.keys)
	b.buffered = settledPlan(p, o, plan, b)
	if b.buffered { // page flushing during the load goes through the page cache too
		plan.EstimatedLoad = loadEstimate(p, o, loader, b, c.n, plan.keys)
		plan.EstimatedSettled = estimateSettled(p, plan.EstimatedLoad, b, maxDirtyPctOf(p, o), true, neighborsDuringLoad(p, o, b, maxDirtyPctOf(p, o)), pagesPerPage(p, o))
	}
	plan.EstimatedLoadBinlog = binlogEstimate(p, o, loader.Threads, c.n, b)
	plan.EstimatedLoadAsIs, plan.EstimatedSettledAsIs = asIsPlan(p, o, c, *plan)
	plan.Warnings = append(plan.Warnings, loadWarnings(p, o)...)
	if w := fulltextSpaceWarning(p, fulltextOf(p, o)); w != "" {
		plan.Warnings = append(plan.Warnings, w)
	}
	if w := AccountWarning(p, o, plan.Temporary); w != "" && (o.Task == TaskAll || o.Task == TaskLoad) {
		plan.Warnings = append(plan.Warnings, w)
	}
	if w := busyTargetWarning(p, loader.Threads); w != "" && p.Dump != nil {
		plan.Warnings = append(plan.Warnings, w)
	}
	plan.LoadedInnoDBBytes, plan.LoadedInnoDBBasis = loadedOf(p.Dump)
	for _, note := range []string{asIsNote(*plan), foreignEngineNote(targetOf(p, o), p.Dump), nonInnoDBSettleNote(p.Dump, plan.EstimatedSettled),
		redoRoomNote(p, b, loader.Threads), oneCPUFullRedoNote(c, b), freshMemoryNote(p, plan.LoadedInnoDBBytes, b)} {
		if note != "" {
			plan.Notes = append(plan.Notes, note)
		}
	}
	elsewhere := elsewhereNote(p, plan.Load, o.ServerFlags)
	if elsewhere != "" {
		plan.Notes = append(plan.Notes, elsewhere)
	}
	if note := extrapolationNote(p, targetOf(p, o), c, plan.Load, o.ServerFlags, elsewhere != ""); note != "" {
		plan.Notes = append(plan.Notes, note)
		markExtrapolated(plan)
	}
}

// loaderChoice is the load choice at the threads the printed loader line
// runs at, which the estimates are for: the copy's for --task copy
// (mydumperCopy's myloader, util.copyInstance), else the load's (review
// r14: a copy printed myloader --threads 4 under an estimate for 8).
func loaderChoice(o Options, plan Plan) Choice {
	c := plan.Load
	if o.Task == TaskCopy {
		c.Threads = plan.Copy.Threads
	}
	return c
}

// loaderDeadlockNote is deadlockNote for the printed myloader line into a
// MariaDB target, at the threads it runs at: the copy's for --task copy
// (mydumperCopy loads the dump it makes, whatever --dump holds), else the
// load's, when the load is myloader's (no dump given, or a mydumper one).
// QA: a 4-thread copy quoted the odds at 8.
func loaderDeadlockNote(p *profile.Profile, o Options, plan Plan) string {
	if mysqlTools(targetOf(p, o)) {
		return ""
	}
	if o.Task == TaskCopy {
		return deadlockNote(plan.Copy.Threads)
	}
	if d := p.Dump; d == nil || d.Format == "mydumper" {
		return deadlockNote(plan.Load.Threads)
	}
	return ""
}

func normalise(o Options) Options {
	o.Task = strings.ToLower(strings.TrimSpace(o.Task))
	if o.Task == "" {
		o.Task = TaskAll
	}
	if strings.ToLower(strings.TrimSpace(o.Durability)) == DurabilityRelaxed {
		o.Durability = DurabilityRelaxed
	} else {
		o.Durability = DurabilityStrict
	}
	return o
}

// cores is the CPU count a dump or load may use, and how it was decided.
type cores struct {
	n   int
	why string
}

// coresOf takes the cgroup quota, or the CPUs a cpuset allows, when below
// the logical CPUs (the quota when both are).
func coresOf(h profile.Host) cores {
	n := h.CPU.Logical
	if a := h.CPU.AllowedCPUs; a > 0 && (n <= 0 || a < n) && (h.CPU.QuotaCores <= 0 || float64(a) <= h.CPU.QuotaCores) {
		return cores{a, fmt.Sprintf("%s (a cpuset or affinity mask allows %d of %d)", count(a, "core"), a, n)}
	}
	if q := h.CPU.QuotaCores; q > 0 && (n <= 0 || q < float64(n)) {
		c := max(int(math.Round(q)), 1)
		why := fmt.Sprintf("cgroup CPU quota of %.1f cores (of %d)", q, n)
		if float64(c) != q {
			why += fmt.Sprintf(", counted as %s", count(c, "core"))
		}
		return cores{c, why}
	}
	if n <= 0 {
		return cores{1, "core count unknown (assumed 1)"}
	}
	return cores{n, count(n, "core")}
}

// LoadDiskCap caps load threads on a disk whose random writes stop
// scaling, when the data outgrows the pool: there, concurrent sessions
// still share each log flush (group commit) and the page flusher merges
// neighbouring pages, so a few threads beat one, but more queue for the
// same IOPS. On 2 cores (the only ones measured) the matrix's 32M cells
// on the card, bw and hdd beds had 8 threads within 7% of the best and
// 16 within 0-14% (docs/benchmarks/restore-matrix.md, "Restore matrix", 2026-12-01): above 8
// nothing measured says more threads help such a disk.
const LoadDiskCap = 8

// SlowDiskWriteIOPS is the random 16K write IOPS (the curve's peak) below
// which a load whose data fits the pool is capped at LoadDiskCap: the SD
// Association's A1 application class floor, 500 random-write IOPS, that
// most cards and every spinning disk stay under (probe/classify's
// sdMaxRandWriteIOPS). In the quiet re-sweep (docs/benchmarks/restore-matrix.md, "Restore
// matrix") the card bed (peak 99 IOPS) had 16 threads the slowest of 2-16
// in both 512M twins (+13% and +5.6% over the best; 8 threads +7% and 0%),
// the hdd bed (151) 8 and 16 within 5.1% of the best, and the bw (690)
// and fast beds 16 best or within 3.8%.
const SlowDiskWriteIOPS = 500

// sizeLoad: a restore is bound by the CPU that parses and inserts rows
// (4 or 8 load threads per core: see perCore) and by the files the
// dump offers (myloader 0.10 loads one file per thread, mysqlsh loadDump
// one chunk per thread, a mysqldump file loads through one session).
// The random-write knee does not bound it (issue 10: on a 100-IOPS card
// the knee said 1 thread, 4-16 were 20% faster); a disk whose writes stop
// scaling caps it at LoadDiskCap, and so does a disk slower than
// SlowDiskWriteIOPS when the data fits the pool.
func sizeLoad(p *profile.Profile, c cores, b pool) Choice {
	n, why := perCore(p, c, b)
	fits := dumpInnoDBBytes(p.Dump) > 0 && b.fits(dumpInnoDBBytes(p.Dump))
	peak := peakRandBytesPerSec(p.Storage, MaxThreads) / PageBytes
	if k, kw := Knee(p.Storage.RandWrite); k > 0 && k < n && n > LoadDiskCap && !fits {
		n = max(k, LoadDiskCap)
		why = append(why, fmt.Sprintf("%s: capped at %d (more sessions queue for the same writes)", kw, n))
	} else if fits && n > LoadDiskCap && peak > 0 && peak < SlowDiskWriteIOPS {
		n = LoadDiskCap
		why = append(why, fmt.Sprintf("%s; random 16K writes peak at %.0f IOPS, below %d (an SD card's or a spinning disk's): capped at %d (on a 100-IOPS card with the data in the pool 16 sessions were the slowest of 2-16: mytune's restore matrix)",
			kw, peak, SlowDiskWriteIOPS, n))
	} else if k > 0 {
		why = append(why, kw+", but a restore still gains from a few sessions: they share log flushes and neighbouring page writes")
	} else {
		why = append(why, unusedDisk(p.Storage, kw, "its random-write scaling is not used")+" (sized by cores only)")
	}
	if f := p.Storage.Fsync; f.P50US > 0 {
		w := fmt.Sprintf("a commit (16K write + fdatasync) takes %s at p50", micros(f.P50US))
		if f.P50US >= SlowCommitUS {
			w += ", slow: keep transactions large (myloader --queries-per-transaction)"
		}
		why = append(why, w)
	}
	if d := p.Dump; d != nil {
		n, why = fitDump(d, n, why)
	}
	n = max(n, 1)
	return Choice{Threads: n, Why: strings.Join(why, "; ") + " → " + threadCount(n)}
}

// LoadThreadsPerCore is the load threads per core when the loaded data
// outgrows the pool the load runs with (or the pool is unknown): pages are
// evicted and read back while loading, and more sessions keep the cores
// busy while others wait on that I/O. In the restore matrix of 2026-12-01
// (docs/benchmarks/restore-matrix.md, "Restore matrix": 2 cores, medians of 3-10 complete
// reps) 8 threads were within 2% of the best in both fast-bed 128M cells
// of the quiet re-sweep (152 MB dump: 4 threads best and +41%, 16 +4.5% and
// best, 1 thread +65-77%) and within 7% in the card, bw and hdd beds' 32M
// cells of the loaded sweep (4 threads 0-21%, 16 0-14%, 1 thread 8-65% slower).
const LoadThreadsPerCore = 4

// FitThreadsPerCore is the load threads per core when the loaded data fits
// the pool the load runs with: no page is read back or evicted, and each
// session's statements alternate between the server's CPU, the client's
// parsing and the redo log write, so more sessions keep both cores busy.
// The quiet re-sweep (docs/benchmarks/restore-matrix.md, "Restore matrix", 2026-12-01 04:00-05:30,
// each rep under quiet.sh x): 16 threads on 2 cores were the best in 3 of
// the 4 fast and bw cells (fast 1G relaxed and strict, bw 512M relaxed)
// and +3.8% in the fourth (bw 512M strict); 4 threads were +0.5% to +15%
// (fast 1G relaxed +11%, bw 512M relaxed +15%: the old rule's two misses),
// 8 threads +9% to +20%; on the 100-IOPS card bed 16 were
// +13% and +5.6%, hence SlowDiskWriteIOPS.
const FitThreadsPerCore = 8

// loadsText says "the ~120.0 MiB the dump loads", or, when some of its
// tables are not InnoDB, "the ~40.0 MiB the dump loads into InnoDB (its 2
// MyISAM tables do not)".
func loadsText(d *profile.Dump, data uint64) string {
	s := fmt.Sprintf("the ~%s the dump loads", profile.HumanBytes(data))
	if d == nil {
		return s
	}
	if tables, _, names := d.NonInnoDB(); tables > 0 {
		s += fmt.Sprintf(" into InnoDB (its %s do not)", count(tables, strings.Join(names, ", ")+" table"))
	}
	return s
}

// perCore is the threads the cores want: FitThreadsPerCore per core when
// the data the dump loads fits the pool b, else LoadThreadsPerCore;
// capped at MaxThreads.
func perCore(p *profile.Profile, c cores, b pool) (int, []string) {
	data := dumpInnoDBBytes(p.Dump)
	if b.fits(data) && (data > 0 || LoadedBytes(p.Dump) > 0) {
		n, held := capMax(FitThreadsPerCore, c.n)
		return n, withHeld([]string{fmt.Sprintf("%s; %s fits %s, so %d load threads per core (no page is evicted or read back: the load is CPU work plus redo writes, and more sessions keep the cores busy while others wait on the log: mytune's restore matrix, docs/benchmarks/restore-matrix.md)",
			c.why, loadsText(p.Dump, data), b.describe(), FitThreadsPerCore)}, held)
	}
	var what string
	switch {
	case data == 0:
		what = "no dump was read, so whether its data fits the buffer pool is unknown"
	case b.bytes == 0:
		what = fmt.Sprintf("the buffer pool's size is unknown (%s)", loadsText(p.Dump, data))
	default:
		what = fmt.Sprintf("%s outgrows %s", loadsText(p.Dump, data), b.describe())
	}
	n, held := capMax(LoadThreadsPerCore, c.n)
	why := withHeld([]string{fmt.Sprintf("%s; %s, so %d load threads per core (pages are evicted and read back while loading, and more sessions keep the cores busy while others wait on that I/O: mytune's restore matrix, docs/benchmarks/restore-matrix.md)",
		c.why, what, LoadThreadsPerCore)}, held)
	tables := 0
	if p.Dump != nil {
		tables = p.Dump.Tables
	}
	if bound, w := diskBound(p.Storage, p.Host.CPU.Speed, n, c.n, tables); bound && n > DiskBoundLoadThreads {
		n, why = DiskBoundLoadThreads, append(why, w)
	}
	return n, why
}

// fitDump caps n by the parallelism the dump offers and notes a dominant table.
func fitDump(d *profile.Dump, n int, why []string) (int, []string) {
	if d.Format == "mysqldump" {
		return 1, append(why, "a mysqldump file loads through one session")
	}
	if d.Chunks > 0 {
		why = append(why, dumpHas(d))
	} else if d.Format != "" {
		return 1, append(why, "the dump holds no table data (schema files only): one session creates its tables")
	}
	if d.TotalBytes > 0 && d.LargestTableBytes*2 > d.TotalBytes {
		why = append(why, fmt.Sprintf("%s holds %.0f%% of the dump: the end of the load runs on its chunks alone%s",
			d.LargestTable, 100*float64(d.LargestTableBytes)/float64(d.TotalBytes), rechunkHint(d, n)))
	}
	return min(n, max(d.Chunks, 1)), why
}

// rechunkHint says, for a mydumper dump with fewer chunks than the threads
// the host would load with, that a dump cut with --rows would let them
// work (review r16: a 3 TiB table in one file, 128 cores, "→ 1 thread"
// and 47h39m to 110h00m with no word of why nor of the way out).
func rechunkHint(d *profile.Dump, n int) string {
	if d.Format != "mydumper" || d.Chunks >= n {
		return ""
	}
	return fmt.Sprintf(", and %s of the dump cannot keep the %d sessions this host would load with busy: "+
		"a dump made with mydumper --rows cuts each table into chunks myloader loads side by side",
		count(d.Chunks, "chunk"), n)
}

// sizeCopy: a copy dumps and loads at once, so the slower side sets the pace.
func sizeCopy(dump, load Choice) Choice {
	n := min(dump.Threads, load.Threads)
	return Choice{Threads: n, Why: fmt.Sprintf("a copy dumps and loads at once: the smaller of dump (%d) and load (%d) threads → %s",
		dump.Threads, load.Threads, threadCount(n))}
}

// threadCount says "1 thread" or "N threads".
func threadCount(n int) string { return count(n, "thread") }

// count says "1 table" or "N tables".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

func micros(us float64) string {
	if us >= 1000 {
		return fmt.Sprintf("%.1f ms", us/1000)
	}
	return fmt.Sprintf("%.0f µs", us)
}

// settledPlan sets the plan's settled estimate for the way the load writes
// its data files, and the undo_when of the settings whose undo waits for
// it. When writing them through the page cache would settle the load much
// sooner (bufferedSetting), the plan gets that setting first (its restart
// comes before the SET GLOBALs), the estimate is the buffered one, and the
// restart after the load undoes a grown pool or redo log (restartWhen).
// A load through the page cache on a slow disk, its pool holding it, also gets neighbour
// flushing (neighborsSetting, neighborsWanted) when it is off: its batches
// then reach the disk as larger writes. It reports whether the load writes its data files
// through the page cache (already, or by the setting it added).
func settledPlan(p *profile.Profile, o Options, plan *Plan, b pool) bool {
	maxDirty, copies := maxDirtyPctOf(p, o), pagesPerPage(p, o)
	isBuffered, known, _ := dataFiles(p, o)
	nAdd, nValue := neighborsWanted(p, o, b, maxDirty)
	buffers := isBuffered && known
	direct := estimateSettled(p, plan.EstimatedLoad, b, maxDirty, false, false, copies)
	written := estimateWritten(p, plan.EstimatedLoad, b, maxDirty, false, false, copies) // a running server: no shutdown to wait for
	plan.EstimatedSettled = direct
	steps := settleSteps(p, o)
	when := settleWhen(plan.EstimatedLoad, written, b.analyzeTables > 0, steps)
	switch buffered := estimateSettled(p, plan.EstimatedLoad, b, maxDirty, true, neighborsDuringLoad(p, o, b, maxDirty), copies); {
	case isBuffered && known: // a clean shutdown settles it at the buffered pace; a running server's
		plan.EstimatedSettled = buffered // page cleaner at innodb_io_capacity's, so the undo waits as direct
		if nAdd {
			plan.Temporary = append([]Setting{neighborsSetting(nValue)}, plan.Temporary...)
		}
	case o.asMeasured:
	default:
		if s, ok := bufferedSetting(p, o, plan.EstimatedLoad, direct, buffered, b.analyzeTables > 0); ok {
			first := []Setting{s}
			if nAdd {
				first = append(first, neighborsSetting(nValue))
			}
			plan.Temporary = append(first, plan.Temporary...)
			plan.EstimatedSettled, when, buffers = buffered, restartWhen(plan.EstimatedLoad, written, b.analyzeTables > 0, steps), true
		}
	}
	for i := range plan.Temporary {
		if plan.Temporary[i].settles {
			plan.Temporary[i].UndoWhen = when
		}
	}
	return buffers
}
