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
	// secondary index builds add more. 2x..4x of the dump's bytes.
	WriteAmpLow, WriteAmpHigh = 2.0, 4.0
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
// disk (min of sequential write and random 16K writes × threads, divided
// by InnoDB's write amplification) and the CPU (bytes per load thread).
func estimateLoad(p *profile.Profile, threads, cores int) DurationRange {
	d := p.Dump
	if d == nil || d.TotalBytes == 0 || threads < 1 {
		return DurationRange{}
	}
	low, high := float64(d.TotalBytes), float64(d.TotalBytes)
	if d.DataBytes > 0 {
		low, high = float64(d.DataBytes), float64(d.DataBytes)
	} else if d.Compression == "gzip" || d.Compression == "zstd" {
		low, high = low*CompressLow, high*CompressHigh
	}
	disk := diskBytesPerSec(p.Storage, threads)
	cpu := CPUBytesPerSecPerThread * float64(min(threads, max(cores, 1)))
	fast, slow := cpu, cpu/2
	if disk > 0 {
		fast, slow = min(cpu, disk/WriteAmpLow), min(cpu/2, disk/WriteAmpHigh)
	}
	return DurationRange{
		Low:  seconds(low / fast),
		High: seconds(high / slow),
		Basis: fmt.Sprintf("%s to %s of rows; disk %.1f MB/s (min of sequential write and random 16K writes × %d threads) ÷ %.0f–%.0fx InnoDB write amplification; CPU %.0f MB/s per load thread (measured, MariaDB 10.11)",
			profile.HumanBytes(uint64(low)), profile.HumanBytes(uint64(high)), disk/1e6, threads, WriteAmpLow, WriteAmpHigh, CPUBytesPerSecPerThread/1e6),
	}
}

// diskBytesPerSec is min(sequential write, random-write IOPS at the
// nearest measured thread count ≤ threads × 16 KiB); 0 when unmeasured.
func diskBytesPerSec(s profile.Storage, threads int) float64 {
	seq := s.SeqWrite.MBPerS * 1e6
	var rnd float64
	best := 0
	for _, pt := range s.RandWrite {
		if pt.Threads <= threads && pt.Threads > best && pt.IOPS > 0 {
			best, rnd = pt.Threads, pt.IOPS*PageBytes
		}
	}
	switch {
	case seq > 0 && rnd > 0:
		return min(seq, rnd)
	case seq > 0:
		return seq
	}
	return rnd
}

func seconds(s float64) time.Duration {
	return time.Duration(s * float64(time.Second)).Round(time.Second)
}
