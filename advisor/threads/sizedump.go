package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// sizeDump: a dump is bound by CPU (formatting rows and compressing them;
// ThreadsPerCore threads per core keep it busy), by source reads and by the
// tables/chunks there are to read in parallel. The random-read knee caps it
// only when the source's tables may not be in its buffer pool: a dump of
// data the pool holds reads no pages from disk. Measured
// (scripts/bench-dump.sh, 2026-12-01, 2 cores, MariaDB 10.11 source with
// ~184 MiB of tables in a 1G pool, the printed mydumper line with
// --compress): on the hdd bed (150 read IOPS) the knee said 1 thread; the
// card bed's gzip medians were 1 thread 29.7 s, 2 16.8 s, 4 18.2 s
// (docs/benchmarks/dump-threads.md, "Dump threads").
func sizeDump(p *profile.Profile, c cores) Choice {
	n, held := capMax(ThreadsPerCore, c.n)
	why := []string{fmt.Sprintf("%s (%d dump threads per core: compression keeps a core busy while another thread waits for rows)", c.why, ThreadsPerCore)}
	if held != "" {
		why = append(why, held)
	}
	if p.Dump != nil {
		// QA: the restore target's 150-IOPS disk sized the SOURCE's dump at 1 thread (1.57x slower than 2)
		why = append(why, "reads: the disk measured and the server read are the restore target's (--dump), not the source's, "+
			"so the source's reads do not bound it (measure on the source for that)")
	} else if k, kw := Knee(p.Storage.RandRead); k > 0 {
		if held := sourceInPool(p.Server); held != "" {
			why = append(why, "reads: "+held+", so the random-read knee does not bound the dump ("+kw+")")
		} else {
			why = append(why, "reads: "+kw)
			n = min(n, k)
		}
	}
	if d := p.Dump; d != nil && d.Chunks > 0 {
		why = append(why, dumpHas(d))
		n = min(n, d.Chunks)
	}
	n = max(n, 1)
	return Choice{Threads: n, Why: strings.Join(why, "; ") + " → " + threadCount(n)}
}

// sourceInPool says why a dump of this live server reads its rows from
// memory: its tables (DATA_LENGTH + INDEX_LENGTH) fit its buffer pool; ""
// when they do not, or when the server, its data size or its pool is
// unknown (then the disk's random reads may bound the dump), or when the
// account sees only part of the tables (none of the mysql schema's: the
// rest may not fit).
func sourceInPool(s *profile.Server) string {
	if s == nil || !s.Reachable || s.DataBytes == 0 || (s.SystemTables != nil && *s.SystemTables == 0) {
		return ""
	}
	pool, data := sizeIn(s.Variables, "innodb_buffer_pool_size"), s.DataBytes+s.IndexBytes
	// the tables' sizes lag a table whose statistics were not recalculated
	// (profile.Server.InnoDBFileBytes): its files, free space and all, must fit too
	if pool == 0 || data > pool || s.InnoDBFileBytes > pool {
		return ""
	}
	return fmt.Sprintf("the source's %s of tables fit its %s buffer pool", profile.HumanBytes(data), profile.HumanBytes(pool))
}
