package threads

import (
	"fmt"
	"time"

	"github.com/mytune/mytune/probe/profile"
)

// Assumptions of the load estimate, each from a source:
const (
	// PageBytes is the InnoDB page the random-write curve is measured in.
	PageBytes = 16 << 10
	// WriteAmpLow/High: InnoDB writes a row about three times (redo log,
	// doublewrite buffer, tablespace: MySQL manual, "Doublewrite Buffer");
	// secondary index builds add more. Measured by scripts/bench-threads.sh:
	// 76 MB of SQL restored in 21-26 s on a 15 MB/s bed, i.e. 4.2-5.1x.
	WriteAmpLow, WriteAmpHigh = 3.0, 6.0
	// CPUBytesPerSecPerThread is what one load thread parsed and inserted
	// on this project's test machine: 190 MB of mydumper SQL (1M sysbench
	// rows) in 6.8 s with myloader 0.10 at 1 thread into MariaDB 10.11.
	CPUBytesPerSecPerThread = 28e6
	// CompressLow/High: SQL dumps shrink 3-5x with gzip or zstd (the
	// mariadb-dump fixture in probe/dump: 3.3x with gzip).
	CompressLow, CompressHigh = 3.0, 5.0
)

// estimateLoad gives the restore time range of the profile's dump at the
// advised threads: the dump's uncompressed bytes over the slower of the
// disk (divided by InnoDB's write amplification) and the CPU (bytes per
// load thread). While the data fits in the buffer pool InnoDB's writes are
// redo appends and batched page flushes, so the disk gives its sequential
// rate (measured: a 15 MB/s, 150 IOPS bed restored at the 15 MB/s pace, not
// at 150 × 16 KiB); data larger than the pool (or a pool unknown, for the
// high end) is written as random 16 KiB pages at the measured IOPS.
func estimateLoad(p *profile.Profile, threads, cores int) DurationRange {
	d := p.Dump
	if d == nil || d.TotalBytes == 0 || threads < 1 {
		return DurationRange{}
	}
	low, high := float64(d.TotalBytes), float64(d.TotalBytes)
	if d.DataBytes > 0 {
		low, high = float64(d.DataBytes), float64(d.DataBytes)
	} else if onDisk(d) && (d.Compression == "gzip" || d.Compression == "zstd") {
		low, high = low*CompressLow, high*CompressHigh
	}
	seq, rnd := p.Storage.SeqWrite.MBPerS*1e6, randBytesPerSec(p.Storage, threads)
	diskFast, diskSlow, how := seq, seq, "sequential write (the data fits in the buffer pool)"
	switch pool := bufferPool(p.Server); {
	case rnd > 0 && pool > 0 && high > float64(pool):
		diskFast, diskSlow = minKnown(seq, rnd), minKnown(seq, rnd)
		how = fmt.Sprintf("random 16K writes at %d threads (the data outgrows the %s buffer pool)", threads, profile.HumanBytes(pool))
	case rnd > 0 && pool == 0:
		diskSlow = minKnown(seq, rnd)
		how = "sequential write, or random 16K writes if the data outgrows the buffer pool (its size is unknown)"
	}
	cpu := CPUBytesPerSecPerThread * float64(min(threads, max(cores, 1)))
	fast, slow := cpu, cpu/2
	if diskFast > 0 {
		fast, slow = min(cpu, diskFast/WriteAmpLow), min(cpu/2, diskSlow/WriteAmpHigh)
	}
	disk := "disk not measured, so CPU only"
	if diskFast > 0 {
		disk = fmt.Sprintf("disk %.1f–%.1f MB/s from %s ÷ %.0f–%.0fx InnoDB write amplification",
			diskSlow/1e6, diskFast/1e6, how, WriteAmpLow, WriteAmpHigh)
	}
	return DurationRange{
		Low:  seconds(low / fast),
		High: seconds(high / slow),
		Basis: fmt.Sprintf("%s to %s of rows; %s; CPU %.0f MB/s per load thread, half that on a busy host (measured, MariaDB 10.11)",
			profile.HumanBytes(uint64(low)), profile.HumanBytes(uint64(high)), disk, CPUBytesPerSecPerThread/1e6),
	}
}

// onDisk reports whether d's TotalBytes is the compressed size on disk
// (probe/dump could not read the uncompressed size; profiles written
// before TotalBytesBasis existed are read so too).
func onDisk(d *profile.Dump) bool {
	return d.TotalBytesBasis == "" || d.TotalBytesBasis == profile.DumpBytesOnDisk
}

// bufferPool is the server's innodb_buffer_pool_size, 0 when unknown.
func bufferPool(s *profile.Server) uint64 {
	if s == nil {
		return 0
	}
	n, err := profile.ParseSize(s.Variables["innodb_buffer_pool_size"])
	if err != nil {
		return 0
	}
	return n
}

// minKnown is the smaller of two rates, ignoring an unmeasured (0) one.
func minKnown(a, b float64) float64 {
	switch {
	case a <= 0:
		return b
	case b <= 0:
		return a
	}
	return min(a, b)
}

// randBytesPerSec is the random-write IOPS at the nearest measured thread
// count ≤ threads, × 16 KiB; 0 when unmeasured.
func randBytesPerSec(s profile.Storage, threads int) float64 {
	var rnd float64
	best := 0
	for _, pt := range s.RandWrite {
		if pt.Threads <= threads && pt.Threads > best && pt.IOPS > 0 {
			best, rnd = pt.Threads, pt.IOPS*PageBytes
		}
	}
	return rnd
}

func seconds(s float64) time.Duration {
	return time.Duration(s * float64(time.Second)).Round(time.Second)
}
