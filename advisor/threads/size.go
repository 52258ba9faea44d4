package threads

import (
	"fmt"
	"math"
	"strings"

	"github.com/mytune/mytune/probe/profile"
)

// MaxThreads caps every choice: the profile's curves stop at 16 threads,
// so nothing above 16 is backed by a measurement.
const MaxThreads = 16

// SlowCommitUS is the fsync p50 (µs) from which a load's batch commits are a cost
// worth naming: 1 ms is where SD cards and HDDs sit; SSDs sync in well under
// it (DESIGN.md, "Classifying storage").
const SlowCommitUS = 1000

// ThreadsPerCore is how many dump or load threads one core keeps busy: a
// load thread waits on its statement's round trip and its commits, a dump
// thread on the rows the server sends, so threads = cores leaves the CPU
// idle. Measured by scripts/bench-threads.sh on 2 cores (MariaDB 10.11,
// 575 MB sysbench data, medians of 3): load 1 thread 24.9 s, 2 16.4 s,
// 4 14.9 s, 8 16.8 s; mydumper --compress 1 thread 42.8 s, 2 31.4 s,
// 4 24.6 s, 6 28.9 s, 8 28.2 s (advisor/threads/BENCHMARK.md).
const ThreadsPerCore = 2

// DeadlockNote warns of what the bench saw with myloader 0.10 into
// MariaDB 10.11 at 8 threads: InnoDB picked a loading session as a
// deadlock victim in 8 of about 40 runs on the slow beds (none at 4 or 16
// threads), and myloader 0.10 stops instead of retrying
// (BENCHMARK.md, "Restore matrix").
const DeadlockNote = "if myloader 0.10 stops with \"Deadlock found when trying to get lock\" (seen at 8 threads into MariaDB 10.11 on the bench's beds), run it again with --overwrite-tables added, which drops each of the dump's tables the failed run created (and any older table of that name on TARGET) and reloads it: the printed command has no --overwrite-tables, so rerun as printed it collides with the half-loaded tables"

// OLTPNote is the whole threads block of --task oltp: nothing is dumped
// or loaded, so nothing is sized.
const OLTPNote = "--task oltp: no dump, load or copy is planned, so no thread counts, commands or load settings are given; " +
	"the OLTP settings are in the findings (use --task all, dump, load or copy for a dump or restore plan)"

// Size sizes dump, load and copy threads for the profile and builds the
// commands, temporary settings and load estimate for the task.
func Size(p *profile.Profile, o Options) Plan {
	if p == nil {
		p = &profile.Profile{}
	}
	o = normalise(o)
	if o.Task == TaskOLTP {
		return Plan{Commands: []string{}, Notes: []string{OLTPNote}}
	}
	c := coresOf(p.Host)
	b := poolOf(p, o)
	loads := o.Task == TaskAll || o.Task == TaskLoad || o.Task == TaskCopy
	var temp []Setting
	var tempNotes []string
	if loads { // the load runs with its temporary settings applied: size for the pool they leave
		temp, tempNotes, b = loadSettings(p, o, b)
	}
	plan := Plan{Dump: sizeDump(p, c), Load: withCalibration(p, sizeLoad(p, c, b), o.Calibration)}
	plan.Copy = sizeCopy(plan.Dump, plan.Load)
	plan.Commands, plan.Notes = commands(p, o, plan)
	if plan.Commands == nil {
		plan.Commands = []string{} // the advice contract has "commands": [] when there are none
	}
	if loads {
		plan.Temporary = temp
		plan.Notes = append(plan.Notes, tempNotes...)
		if d := p.Dump; plan.Load.Threads >= 8 && !targetOf(p, o).isMySQL() && (d == nil || d.Format == "mydumper") {
			plan.Notes = append(plan.Notes, DeadlockNote)
		}
		plan.EstimatedLoad = calibratedEstimate(p, plan.Load, estimateLoad(p, plan.Load.Threads, c.n, b), b)
	}
	return plan
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

// coresOf takes the cgroup quota when it is below the logical CPUs.
func coresOf(h profile.Host) cores {
	n := h.CPU.Logical
	if q := h.CPU.QuotaCores; q > 0 && (n <= 0 || q < float64(n)) {
		c := max(int(math.Round(q)), 1)
		return cores{c, fmt.Sprintf("cgroup CPU quota of %.1f cores (of %d)", q, n)}
	}
	if n <= 0 {
		return cores{1, "core count unknown (assumed 1)"}
	}
	return cores{n, fmt.Sprintf("%d cores", n)}
}

// sizeDump: a dump is bound by CPU (formatting rows and compressing them;
// ThreadsPerCore threads per core keep it busy), by source reads (the
// random-read knee) and by the tables/chunks there are to read in parallel.
func sizeDump(p *profile.Profile, c cores) Choice {
	n := min(ThreadsPerCore*c.n, MaxThreads)
	why := []string{fmt.Sprintf("%s (%d dump threads per core: compression keeps a core busy while another thread waits for rows)", c.why, ThreadsPerCore)}
	if k, kw := Knee(p.Storage.RandRead); k > 0 {
		why = append(why, "reads: "+kw)
		n = min(n, k)
	}
	if d := p.Dump; d != nil && d.Chunks > 0 {
		why = append(why, "the dump has "+count(d.Tables, "table")+" in "+count(d.Chunks, "chunk"))
		n = min(n, d.Chunks)
	}
	n = max(n, 1)
	return Choice{Threads: n, Why: strings.Join(why, "; ") + " → " + threadCount(n)}
}

// LoadDiskCap caps load threads on a disk whose random writes stop
// scaling: there, concurrent sessions still share each log flush (group
// commit) and the page flusher merges neighbouring pages, so a few threads
// beat one (the 100-IOPS card bed: 1 thread 60.4 s, 2-8 threads 43.7-44.8 s),
// but more queue for the same IOPS (16 threads 50.0 s; BENCHMARK.md,
// "Restore matrix"). myloader 0.10 also lost runs to InnoDB deadlocks at
// 8 threads on the bw and hdd beds (it does not retry them).
const LoadDiskCap = 8

// sizeLoad: a restore is bound by the CPU that parses and inserts rows
// (two load threads per core: see ThreadsPerCore) and by the files the
// dump offers (myloader 0.10 loads one file per thread, mysqlsh loadDump
// one chunk per thread, a mysqldump file loads through one session).
// The random-write knee does not bound it (issue 10: on a 100-IOPS card
// the knee said 1 thread, 4-16 were 20% faster); a disk whose writes stop
// scaling caps it at LoadDiskCap.
func sizeLoad(p *profile.Profile, c cores, b pool) Choice {
	n, why := perCore(p, c, b)
	fits := b.bytes > 0 && dumpInnoDBBytes(p.Dump) > 0 && dumpInnoDBBytes(p.Dump) <= b.bytes
	if k, kw := Knee(p.Storage.RandWrite); k > 0 && k < n && n > LoadDiskCap && !fits {
		n = max(k, LoadDiskCap)
		why = append(why, fmt.Sprintf("%s: capped at %d (more sessions queue for the same writes)", kw, n))
	} else if k > 0 {
		why = append(why, kw+", but a restore still gains from a few sessions: they share log flushes and neighbouring page writes")
	} else {
		why = append(why, kw+" (sized by cores only)")
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

// CPUBoundThreadsPerCore is the load threads per core when the disk is
// not what bounds the restore: the fast bed (152 MB dump, 2 cores) restored
// in 16.7 s at 8 threads against 22.8 s at 4 (medians of 5), and issue 10
// measured 8-12 threads 5.3 s, 4 threads 5.7 s, 2 threads 7.0 s on the same
// disk; with the data in a 512M pool, 8 threads took 11.3 s against 25.5 s
// at 4 on the bw bed and 18.7 s against 17.8 s on the card bed. With the
// data outgrowing a 32M pool, 8 threads were 0-21% slower than 4 on the
// slow beds (BENCHMARK.md, "Restore matrix").
const CPUBoundThreadsPerCore = 4

// FitThreadsPerCore is the load threads per core when the loaded data
// fits the pool: no page is written during the load, so redo writes and
// CPU bound it, and more sessions make fewer, larger log writes (group
// commit) on a disk short of IOPS. With a 512M pool (1G on the fast bed),
// 16 threads on 2 cores were best or within the noise of the best on
// every bed: card 10.5 s (relaxed; 8: 15.9), hdd 15.4 → 11.9 s (strict, 8
// → 16), fast 20.0 → 12.5 s, bw 12.9 s against 11.3 s at 8 (runs 12.0-16.0
// vs 7.6-15.8) (BENCHMARK.md, "Restore matrix").
const FitThreadsPerCore = 8

// CPUBoundDiskMargin is how many times faster than the cores parse it the
// disk must take the dump (its slow end) for the load to count as CPU-bound.
const CPUBoundDiskMargin = 2

// perCore is the threads the cores want: ThreadsPerCore when the disk
// bounds the load, CPUBoundThreadsPerCore when it does not: the data fits
// the pool (pages are written after the load; redo appends and CPU bound
// it, and more sessions share both better), or the disk takes the dump
// far faster than the cores parse it even at its slow end (random pages
// unless the data is known to fit). Capped at MaxThreads. An unmeasured
// random-write curve never counts as fast.
func perCore(p *profile.Profile, c cores, b pool) (int, []string) {
	n := min(ThreadsPerCore*c.n, MaxThreads)
	cpu := CPUBytesPerSecPerCore * float64(c.n)
	data := dumpInnoDBBytes(p.Dump)
	fits := b.bytes > 0 && data > 0 && data <= b.bytes
	slow := p.Storage.SeqWrite.MBPerS * 1e6 / SeqAmpHigh
	if rnd := randBytesPerSec(p.Storage, n); rnd <= 0 {
		slow = 0
	} else if !fits {
		slow = minKnown(slow, rnd/PageAmpHigh)
	}
	m := min(CPUBoundThreadsPerCore*c.n, MaxThreads)
	switch {
	case fits:
		return min(FitThreadsPerCore*c.n, MaxThreads), []string{fmt.Sprintf("%s, and the ~%s the dump loads fits %s: pages are written after the load, so redo writes and CPU bound it, and %d load threads per core share them best (larger group commits)",
			c.why, profile.HumanBytes(data), b.describe(), FitThreadsPerCore)}
	case slow >= CPUBoundDiskMargin*cpu:
		return m, []string{fmt.Sprintf("%s, and the disk takes the dump at %.0f MB/s or more, %.0fx what they parse (%.0f MB/s): CPU-bound, so %d load threads per core",
			c.why, slow/1e6, slow/cpu, cpu/1e6, CPUBoundThreadsPerCore)}
	}
	return n, []string{fmt.Sprintf("%s (%d load threads per core keep it busy while others wait on commits)", c.why, ThreadsPerCore)}
}

// fitDump caps n by the parallelism the dump offers and notes a dominant table.
func fitDump(d *profile.Dump, n int, why []string) (int, []string) {
	if d.Format == "mysqldump" {
		return 1, append(why, "a mysqldump file loads through one session")
	}
	if d.Chunks > 0 {
		why = append(why, "the dump has "+count(d.Tables, "table")+" in "+count(d.Chunks, "chunk"))
		n = min(n, d.Chunks)
	}
	if d.TotalBytes > 0 && d.LargestTableBytes*2 > d.TotalBytes {
		why = append(why, fmt.Sprintf("%s holds %.0f%% of the dump: the end of the load runs on its chunks alone",
			d.LargestTable, 100*float64(d.LargestTableBytes)/float64(d.TotalBytes)))
	}
	return n, why
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
