package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// FreshMemorySlowNsPerPage is the first-write cost of a page of fresh
// memory (the probe's host.memory.first_touch) from which the restore plan
// says what a freshly started server pays for the buffer pool it fills:
// 2 µs a page. On bare metal a page fault and clearing 4 KiB take well
// under 1 µs (4 KiB cleared at 10 GB/s is 0.4 µs); twice that leaves room
// for a VM whose host has the memory backed already. This project's VM (a
// Firecracker guest on a PVM hypervisor that takes back what the guest
// frees) measured 10.3-16 µs, and a server's first load there cost 19 µs a
// page fault more than its fourth (docs/benchmarks/estimate.md, "Fresh
// memory on this VM").
const FreshMemorySlowNsPerPage = 2000

// FreshMemoryNoteSeconds is the least CPU time the fresh pages must cost
// for the note to be worth a line: a tenth of a second.
const FreshMemoryNoteSeconds = 0.1

// freshMemoryNote says, when fresh memory is slow to back on this host
// (FreshMemorySlowNsPerPage), what a freshly started server pays to fill
// the buffer pool pages the load takes for the first time: the smaller of
// the loaded InnoDB bytes and the pool, at the probe's first-write cost a
// page. "" when not measured, not slow, or under FreshMemoryNoteSeconds.
func freshMemoryNote(p *profile.Profile, loaded uint64, b pool) string {
	ft := p.Host.Memory.FirstTouch
	if ft == nil || ft.PageBytes == 0 || ft.FirstNsPerPage < FreshMemorySlowNsPerPage || loaded == 0 {
		return ""
	}
	filled := loaded
	if b.bytes > 0 && b.bytes < filled {
		filled = b.bytes
	}
	cpuSec := float64(filled/ft.PageBytes) * ft.FirstNsPerPage / 1e9
	if cpuSec < FreshMemoryNoteSeconds {
		return ""
	}
	return fmt.Sprintf("fresh memory is slow to back on this host: the probe wrote %s of it at %.1f µs a %s page the first time "+
		"(%.2f s per GiB; under 1 µs on bare metal), so a freshly started server (as after a restart into the advised "+
		"settings) pays about %s CPU-seconds to fill the ~%s of buffer pool this load takes, and more for its other "+
		"memory; a server that has filled its pool before does not (a VM like this one: a fresh server's load of a 152 MB "+
		"dump took 4.39 s, its fourth 3.41 s; docs/benchmarks/estimate.md, \"Fresh memory on this VM\")",
		profile.HumanBytes(ft.Bytes), ft.FirstNsPerPage/1000, profile.HumanBytes(ft.PageBytes), ft.SecondsPerGiB(), cpuSecondsText(cpuSec), profile.HumanBytes(filled))
}

// cpuSecondsText is a count of CPU-seconds as the notes say it: tenths
// below 100, whole seconds above, with hours from an hour (review r16:
// "11343.2 CPU-seconds" on a 2 TiB host).
func cpuSecondsText(s float64) string {
	switch {
	case s < 99.95:
		return fmt.Sprintf("%.1f", s)
	case s < 3600:
		return fmt.Sprintf("%.0f", s)
	}
	return fmt.Sprintf("%.0f (%.1f hours of one CPU)", s, s/3600)
}
