// Package classify decides what kind of storage a directory lives on —
// nvme, ssd, hdd, sd-card, network, memory or unknown — from what the disk
// did when measured, and cross-checks the kernel's labels (transport,
// rotational flag, MMC type, filesystem type), which are only hints: virtio
// disks report rotational=1 on SSDs and SD cards report 0. It does no I/O.
package classify

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// Classify returns the storage class of s and the evidence for it, one
// sentence with its numbers per fact that decided it. RAM-backed and
// network filesystems are settled by their labels; everything else by the
// measurement, the labels only confirming or being overruled. An unmeasured
// profile is classified from its labels and says so.
func Classify(s profile.Storage) (class string, evidence []string) {
	if !s.Measured {
		return fromLabels(s)
	}
	f := gather(s)
	if c, why, ok := strongLabel(s); ok {
		return c, append([]string{why}, supporting(f)...)
	}
	if f.syncP50US > 0 && f.syncP50US < memoryMaxSyncUS {
		return profile.ClassMemory, []string{fmt.Sprintf(
			"%s: under %d µs no device is reached, the data stays in RAM", f.syncPhrase(), memoryMaxSyncUS)}
	}
	if !f.haveRead() {
		c, ev := fromLabels(s)
		ev[0] = "random reads were not measured: from kernel labels only"
		return c, ev
	}
	class, evidence = byMeasurement(s, f)
	if !s.DirectIO {
		evidence = append(evidence, "O_DIRECT was refused, so buffered I/O was measured: reads may have come from the page cache")
	}
	return class, append(evidence, crossCheck(s, class, f)...)
}

// supporting lists the measured numbers that go with a class settled by
// labels, so a reader sees what that storage did.
func supporting(f facts) []string {
	var ev []string
	if f.haveRead() {
		ev = append(ev, f.readPhrase())
	}
	if f.syncP50US > 0 {
		ev = append(ev, f.syncPhrase())
	}
	return ev
}

// byMeasurement decides among hdd, sd-card, nvme, ssd and unknown from
// the numbers of a device whose labels do not settle it.
func byMeasurement(s profile.Storage, f facts) (string, []string) {
	sc := f.readScaling()
	slowReads := f.readUS >= hddMinReadUS
	if slowReads && (sc == 0 || sc < hddMaxReadScaling) {
		ev := []string{fmt.Sprintf("%s: the seek-and-rotate latency of a spinning disk", f.readPhrase())}
		if atMax := f.readScalingAtMax(); atMax > 0 {
			ev = append(ev, fmt.Sprintf("%d threads give %.1fx the reads of one at a time (%.0f IOPS): one actuator, little gain from threads",
				f.readMaxN, atMax, f.readIOPSMax))
		}
		return profile.ClassHDD, ev
	}
	if sdLike(f) {
		return profile.ClassSDCard, sdEvidence(f)
	}
	if slowReads {
		return profile.ClassUnknown, []string{fmt.Sprintf(
			"%s, yet %d threads give %.1fx (%.0f IOPS): disk-like latency with flash-like parallelism, as remote block storage shows",
			f.readPhrase(), f.readTopN, sc, f.readIOPSTop)}
	}
	ev := []string{fmt.Sprintf("%s: %s", f.readPhrase(), readKind(f.readUS))}
	if bandwidthLimited(f) {
		ev = append(ev, bandwidthSentence(f))
	}
	if sc > 0 {
		ev = append(ev, scalingSentence(f, sc))
	}
	if f.syncP50US > 0 {
		ev = append(ev, syncSentence(f))
	}
	beyond := f.seqRead > sataMaxMBps || f.readIOPSTop > sataMaxRandIOPS
	if s.Device.Transport == profile.TransportNVMe {
		if beyond {
			return profile.ClassNVMe, append(ev, fmt.Sprintf("%s, beyond a SATA link: NVMe numbers on the NVMe transport", throughputClause(f)))
		}
		return profile.ClassNVMe, append(ev, fmt.Sprintf("%s, within SATA reach: NVMe by the kernel's transport label", throughputClause(f)))
	}
	if beyond {
		ev = append(ev, fmt.Sprintf("%s, more than a SATA link carries (%d MB/s): NVMe-class flash behind transport %s",
			throughputClause(f), sataMaxMBps, profile.OrUnknown(s.Device.Transport)))
	}
	return profile.ClassSSD, ev
}

// sdLike is flash that reads fast but writes slowly and syncs slowly, as
// SD cards and USB sticks do; one whose random writes outrun any SD
// application class (bandwidthLimited) is not.
func sdLike(f facts) bool {
	if f.seqWrite <= 0 || f.seqWrite >= sdMaxSeqWriteMBps || bandwidthLimited(f) {
		return false
	}
	slowRand := f.writeIOPS1 > 0 && f.writeIOPS1 < sdMaxRandWriteIOPS
	slowSync := f.syncP50US >= sdMinSyncP50US || f.syncP99US >= sdMinSyncP99US
	return slowRand || slowSync
}

// bandwidthLimited is a device with card-slow sequential writes whose
// random 16K writes at its best thread count reach sdMaxPeakWriteIOPS.
func bandwidthLimited(f facts) bool {
	return f.seqWrite > 0 && f.seqWrite < sdMaxSeqWriteMBps && f.writeTop >= sdMaxPeakWriteIOPS
}

// bandwidthSentence says why slow sequential writes did not make the
// device an SD card.
func bandwidthSentence(f facts) string {
	return fmt.Sprintf("sequential writes reach only %s MB/s, yet %d threads write %.0f random 16K pages/s (%.0f MB/s; "+
		"%.0f at 1 thread): limited by bandwidth (a throttled volume or slow bus), not an SD card, whose best class (A2) "+
		"promises %d random 4K writes/s", profile.Figure(f.seqWrite), f.writeTopN, f.writeTop, f.writeTop*16384/1e6, f.writeIOPS1, sdMaxPeakWriteIOPS)
}

func sdEvidence(f facts) []string {
	ev := []string{
		fmt.Sprintf("sequential writes reach only %s MB/s (below %d MB/s): SD-card/USB-stick write speed", profile.Figure(f.seqWrite), sdMaxSeqWriteMBps),
		fmt.Sprintf("%s: flash reads, no spinning disk", f.readPhrase()),
	}
	if f.writeIOPS1 > 0 {
		ev = append(ev, fmt.Sprintf("16K random writes at 1 thread reach %.0f IOPS (an SSD does thousands)", f.writeIOPS1))
	}
	switch {
	case f.syncP50US >= sdMinSyncP50US:
		ev = append(ev, fmt.Sprintf("%s: every commit waits on slow flash", f.syncPhrase()))
	case f.syncP99US >= sdMinSyncP99US:
		ev = append(ev, fmt.Sprintf("%s: 1 in 100 commits waits %s or more on a write stall", f.syncPhrase(), fmtUS(f.syncP99US)))
	case f.syncP50US > 0:
		ev = append(ev, f.syncPhrase())
	}
	if f.seqRead > 0 {
		ev = append(ev, fmt.Sprintf("sequential reads reach %.0f MB/s, %.1fx the writes", f.seqRead, f.seqRead/f.seqWrite))
	}
	return ev
}

func readKind(us float64) string {
	if us < fastReadUS {
		return "solid-state latency"
	}
	return "slower than usual flash, yet faster than any spinning disk"
}

func scalingSentence(f facts, sc float64) string {
	if sc >= ssdMinReadScaling {
		return fmt.Sprintf("%d threads give %.1fx the reads of one at a time (%.0f IOPS): parallel flash channels", f.readTopN, sc, f.readIOPSTop)
	}
	return fmt.Sprintf("%d threads give only %.1fx the reads of one at a time (%.0f IOPS): little parallelism (or a busy or throttled device)",
		f.readTopN, sc, f.readIOPSTop)
}

func syncSentence(f facts) string {
	if f.syncP50US < sdMinSyncP50US {
		return fmt.Sprintf("%s: commits are cheap (flash with a protected or fast cache flush)", f.syncPhrase())
	}
	return fmt.Sprintf("%s: commits cost milliseconds, like a consumer SSD without power-loss protection", f.syncPhrase())
}

func throughputClause(f facts) string {
	return fmt.Sprintf("sequential reads reach %.0f MB/s and %d threads %.0f random 16K reads/s", f.seqRead, f.readTopN, f.readIOPSTop)
}
