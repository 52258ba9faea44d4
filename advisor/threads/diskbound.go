package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// DiskBoundLoadThreads caps the load threads when the loaded data
// outgrows the pool (or the pool is unknown) and the disk, not the CPUs,
// sets the pace (diskBound): a few sessions share each log flush and let
// the flusher merge neighbouring pages, more only queue for the same
// writes. Restore matrix, 32M cells (data 3.4x the pool, 2 cores,
// docs/benchmarks/restore-matrix.md "Restore matrix"): on the bandwidth-limited bed, swept
// alone on an idle machine, 4 threads were the best relaxed and +9.8%
// strict, 8 +10.4% and +9.7%, 16 +13% and +19%; on the card bed
// (re-swept quietly) and the hdd bed (loaded sweep) 4 threads were within
// 10% of the best. The fast bed's 128M cells are CPU-bound and keep
// LoadThreadsPerCore (4 threads +39% strict there, 8 within 2%).
const DiskBoundLoadThreads = 4

// diskBound reports whether the disk takes the dump slower than the CPUs
// parse and insert it at n threads while pages are evicted during the
// load: the disk's fast end in that regime (the sequential rate ÷
// SeqAmpLow, or the random 16K writes at n threads ÷ PageAmpLow, the
// slower; as estimateLoad) below the quiet CPU rate at n threads on
// cores (quietCPURate: scaled by the CPUs' speed sp, with the dump's
// tables' term; 0 tables: unknown). The reason says both
// rates; false when the disk was not measured.
func diskBound(s profile.Storage, sp *profile.CPUSpeed, n, cores, tables int) (bool, string) {
	seq := s.SeqWrite.MBPerS * 1e6
	if seq <= 0 {
		return false, ""
	}
	disk, how := seq/SeqAmpLow, fmt.Sprintf("%.1f MB/s sequential ÷ %.1f", seq/1e6, SeqAmpLow)
	if rnd := randBytesPerSec(s, n); rnd > 0 && rnd/PageAmpLow < disk {
		disk, how = rnd/PageAmpLow, fmt.Sprintf("%s random 16K writes/s ÷ %.1f", kilo(rnd/PageBytes), PageAmpLow)
	}
	cpu, _ := quietCPURate(sp, n, cores, tables)
	if disk >= cpu {
		return false, ""
	}
	return true, fmt.Sprintf("while pages are evicted the disk takes at most %.1f MB/s of dump (%s), below the %.0f MB/s %d sessions parse and insert on a quiet host: the disk sets the pace, so capped at %d threads (a few share each log flush and the flusher's merged page writes; more queue for the same writes: mytune's restore matrix)",
		disk/1e6, how, cpu/1e6, n, DiskBoundLoadThreads)
}
