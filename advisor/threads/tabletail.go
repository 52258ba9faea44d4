package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// tableTail is the restore time the dump's largest table sets on its own.
// A loader session reads one file at a time — myloader 0.10 hands each
// session a whole file, in the order it reads the dump's directory
// (myloader -v 3 "Thread N restoring" lines against ls -U, 2026-12-04) —
// so a table in k files loads on at most min(k, threads) sessions however
// many the restore runs, and the rest of the dump cannot shorten it: a
// mydumper dump made without --rows has one file a table.
//
// Fast end: the table alone on its sessions at their quiet CPU rate
// (quietCPURate for that many sessions of one table) and the fast end of
// the CPU share that many sessions get (cpuShare). Slow end: the table
// alone at the slow share, after — when the dump has more files than
// sessions and the table's come last — the other files ahead of its last
// one have loaded at the restore's slow CPU rate: all but threads − 1 of
// them (those still loading beside it), taken as equal in size.
// lo and hi are the dump's SQL bytes (dumpSQLBytes). 0, 0 when the largest
// table can use every session or its size is unknown. The CPU's figures
// are the load estimate's own (no constant of its own).
func tableTail(p *profile.Profile, threads, cores int, lo, hi float64) (fast, slow float64, text string) {
	d := p.Dump
	if d == nil || len(d.TopTables) == 0 || d.TotalBytes == 0 || threads < 2 {
		return 0, 0, ""
	}
	big := d.TopTables[0]
	k := min(max(big.Chunks, 1), threads)
	if big.Bytes == 0 || k >= threads {
		return 0, 0, ""
	}
	share := min(float64(big.Bytes)/float64(d.TotalBytes), 1)
	bigLo, bigHi := lo*share, hi*share
	rowF, _ := rowCPUFactor(d)
	compF, _ := rowCompressedFactor(d)
	rowF *= compF
	rate, _ := quietCPURate(p.Host.CPU.Speed, k, cores, 1)
	rate /= tableRowFactor(d, big.Name) * tableCompressedFactor(d, big.Name) // the largest table's own rows
	kLo, kHi, _ := cpuShare(probeLoad(p.Storage), k, max(cores, 1))
	fast, slow = bigLo/(rate*kHi*fastCoreGain(k, cores, 1)), bigHi/(rate*kLo)
	order := "every file starts at once"
	if others := d.Chunks - max(big.Chunks, 1); others > threads-1 {
		all, _ := quietCPURate(p.Host.CPU.Speed, threads, cores, d.Tables)
		all /= rowF
		allLo, _, _ := cpuShare(probeLoad(p.Storage), threads, max(cores, 1))
		ahead := float64(others-(threads-1)) / float64(others)
		slow += ahead * (hi - bigHi) / (all * allLo)
		order = fmt.Sprintf("its files may be read last, once %d of the other %d have loaded at %s MB/s", others-(threads-1), others, mbRate(all*allLo))
	}
	return fast, slow, fmt.Sprintf("; the largest table, %s (%s of SQL in %s), loads on at most %s (a session reads one file at a time): %.1f–%.1f s at %s–%s MB/s (%s)",
		big.Name, bytesRange(bigLo, bigHi), count(max(big.Chunks, 1), "file"), count(k, "session"), fast, slow, mbRate(rate*kLo), mbRate(rate*kHi), order)
}

// mbRate prints a rate in bytes/s as MB/s, whole from 10 MB/s up and to a
// tenth below, so a slow table's range does not read "1–1 MB/s" beside
// times that differ twofold.
func mbRate(bps float64) string {
	if bps >= 9.95e6 {
		return fmt.Sprintf("%.0f", bps/1e6)
	}
	return fmt.Sprintf("%.1f", bps/1e6)
}

// calibratedTail is tableTail for a calibrated estimate: the largest
// table's share of the SQL at the rate the calibration measured with as
// many sessions as its files allow (a calibration spreads every table over
// its sessions, so its rate at the restore's threads misses a table that
// cannot spread); 0, 0 when it can use every session or the calibration has
// no point at that count.
func calibratedTail(d *profile.Dump, cal *Calibration, threads int, lo, hi float64) (fast, slow float64, text string) {
	if d == nil || cal == nil || len(d.TopTables) == 0 || d.TotalBytes == 0 {
		return 0, 0, ""
	}
	big := d.TopTables[0]
	k := min(max(big.Chunks, 1), threads)
	if big.Bytes == 0 || k >= threads {
		return 0, 0, ""
	}
	for _, pt := range cal.Points {
		if pt.Threads != k {
			continue
		}
		hiRate, loRate := orRate(pt.MBPerSMax, pt.MBPerS), orRate(pt.MBPerSMin, pt.MBPerS)
		if hiRate <= 0 || loRate <= 0 {
			return 0, 0, ""
		}
		share := min(float64(big.Bytes)/float64(d.TotalBytes), 1)
		fast, slow = lo*share/(hiRate*1e6), hi*share/(loRate*1e6)
		return fast, slow, fmt.Sprintf("; the largest table, %s (%s of SQL in %s), loads on at most %s: %.1f–%.1f s at the %.1f–%.1f MB/s the calibration measured with %s",
			big.Name, bytesRange(lo*share, hi*share), count(max(big.Chunks, 1), "file"), count(k, "session"), fast, slow, loRate, hiRate, count(k, "session"))
	}
	return 0, 0, ""
}
