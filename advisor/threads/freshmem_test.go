package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestFreshMemoryNote: the note states the probe's first-write cost and
// what the pages the load fills cost at it (the smaller of the loaded
// bytes and the pool), only where fresh memory is slow and that matters.
func TestFreshMemoryNote(t *testing.T) {
	vm := &profile.FirstTouch{Bytes: 64 << 20, PageBytes: 4096, FirstNsPerPage: 10275, AgainNsPerPage: 28}
	metal := &profile.FirstTouch{Bytes: 64 << 20, PageBytes: 4096, FirstNsPerPage: 450, AgainNsPerPage: 20}
	cases := []struct {
		name   string
		ft     *profile.FirstTouch
		loaded uint64
		pool   uint64
		want   []string // "" parts: no note
	}{
		// 400 MiB = 102,400 pages × 10,275 ns = 1.05 s
		{"this VM, 400 MiB loaded into a 17G pool", vm, 400 << 20, 17 << 30,
			[]string{"wrote 64.0 MiB of it at 10.3 µs a 4.0 KiB page the first time (2.69 s per GiB", "about 1.1 CPU-seconds to fill the ~400.0 MiB of buffer pool"}},
		// the pool, not the data, is what gets filled: 128 MiB = 32,768 pages = 0.34 s
		{"this VM, 400 MiB loaded into a 128M pool: the pool's pages", vm, 400 << 20, 128 << 20,
			[]string{"about 0.3 CPU-seconds to fill the ~128.0 MiB of buffer pool"}},
		{"this VM, pool unknown: the loaded bytes", vm, 400 << 20, 0, []string{"~400.0 MiB of buffer pool"}},
		// 8 MiB = 2,048 pages = 0.02 s: under FreshMemoryNoteSeconds
		{"this VM, a tiny load: not worth a line", vm, 8 << 20, 17 << 30, nil},
		{"bare metal: no note", metal, 400 << 20, 17 << 30, nil},
		{"not measured: no note", nil, 400 << 20, 17 << 30, nil},
		{"no dump: no note", vm, 0, 17 << 30, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := &profile.Profile{}
			p.Host.Memory.FirstTouch = tc.ft
			got := freshMemoryNote(p, tc.loaded, pool{bytes: tc.pool})
			if len(tc.want) == 0 {
				if got != "" {
					t.Fatalf("want no note, got %q", got)
				}
				return
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("note lacks %q:\n%s", w, got)
				}
			}
		})
	}
}

// TestFreshMemoryNoteInPlan: a restore plan on a profile whose probe found
// fresh memory slow carries the note; the same profile without the reading
// does not.
func TestFreshMemoryNoteInPlan(t *testing.T) {
	for _, slow := range []bool{true, false} {
		p := prof(2, 0, fastCurve, &profile.Dump{Format: "mydumper", TotalBytes: 560e6, DataBytes: 560e6, Tables: 8, Chunks: 32})
		if slow {
			p.Host.Memory.FirstTouch = &profile.FirstTouch{Bytes: 64 << 20, PageBytes: 4096, FirstNsPerPage: 10275}
		}
		plan := Size(p, Options{Task: TaskLoad})
		has := strings.Contains(strings.Join(plan.Notes, "\n"), "fresh memory is slow to back")
		if has != slow {
			t.Errorf("slow %v: note present %v\n%s", slow, has, strings.Join(plan.Notes, "\n"))
		}
	}
}
