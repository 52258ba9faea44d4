package rules

import (
	"fmt"
	"slices"
	"testing"

	"github.com/mytune/mytune/profile"
)

// busyRun is one probe of review r23's rounds: the one-thread and best
// random-write IOPS and the load average just before it, on 2 CPUs.
type busyRun struct {
	qd1, peak, load1 float64
}

// ioCapacityProfile is quietProfile on a 2-CPU host whose random writes
// measured r, with innodb_io_capacity at current and the conditions read
// before the run (nil: not read).
func ioCapacityProfile(r busyRun, current int, before *profile.Load) profile.Profile {
	p := quietProfile()
	p.Host.CPU.Logical = 2
	for i, iops := range []float64{r.qd1, r.qd1 * 1.5, r.peak / 2, r.peak * 0.9, r.peak} {
		p.Storage.RandWrite[i].IOPS = iops
	}
	p.Server.Variables["innodb_io_capacity"] = fmt.Sprint(current)
	p.Server.Variables["innodb_io_capacity_max"] = fmt.Sprint(2 * current)
	if before != nil {
		p.Storage.Conditions = &profile.Conditions{Before: *before}
	}
	return p
}

// TestIOCapacityKeptOnBusyHost: a run on a busy host (load average above
// the CPUs, I/O or CPU pressure) may raise innodb_io_capacity or lower one
// above the best rate it measured, but does not lower one the disk did
// at least: its figures read low. Review r23: 4100 advised on a one-thread
// 8179 became 1600 on 3174 the next run, under a load average of 13.02 on 2 CPUs.
func TestIOCapacityKeptOnBusyHost(t *testing.T) {
	quiet := &profile.Load{Load1: 0.5, IO: &profile.Pressure{SomeAvg10: 2}, CPU: &profile.Pressure{SomeAvg10: 5}}
	loaded := &profile.Load{Load1: 13.02}
	ioBusy := &profile.Load{Load1: 0.5, IO: &profile.Pressure{SomeAvg10: 20.2}}
	cpuBusy := &profile.Load{Load1: 0.5, CPU: &profile.Pressure{SomeAvg10: 92.95}}
	tests := []struct {
		name     string
		run      busyRun
		current  int
		before   *profile.Load
		wantSet  string // io.capacity's recommendation, "" when it does not fire
		wantKept bool   // io.capacity_kept_busy fires
	}{
		{"busy load, 4100 within the peak: kept", busyRun{3174, 33530, 0}, 4100, loaded, "", true},
		{"I/O pressure alone: kept", busyRun{3174, 33530, 0}, 4100, ioBusy, "", true},
		{"CPU pressure alone: kept", busyRun{3174, 33530, 0}, 4100, cpuBusy, "", true},
		{"quiet host: lowered", busyRun{3174, 33530, 0}, 4100, quiet, "1600", false},
		{"conditions not read: lowered", busyRun{3174, 33530, 0}, 4100, nil, "1600", false},
		{"busy, above the best rate measured: lowered", busyRun{3185, 25131, 0}, 50000, loaded, "1600", false},
		{"busy, too low: raised", busyRun{8179, 44573, 0}, 200, loaded, "4100", false},
		{"busy, within the tolerance: nothing", busyRun{3174, 33530, 0}, 3000, loaded, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := fired(t, ioCapacityProfile(tc.run, tc.current, tc.before), "strict", "")
			h, set := got["io.capacity"]
			if tc.wantSet == "" && set {
				t.Errorf("io.capacity fired: %s → %s", h.Current, h.Recommended)
			}
			if tc.wantSet != "" && (!set || h.Recommended != tc.wantSet) {
				t.Errorf("io.capacity = %v %q, want %s", set, h.Recommended, tc.wantSet)
			}
			if _, kept := got["io.capacity_kept_busy"]; kept != tc.wantKept {
				t.Errorf("io.capacity_kept_busy fired = %v, want %v", kept, tc.wantKept)
			}
		})
	}
}

// TestIOCapacityRoundsConverge follows the advice round after round over
// the probes review r23 took on one virtio disk (each on a host with a
// load average of 4.8-22 on 2 CPUs): the one-thread rate went 633-8297,
// and the advice changed innodb_io_capacity 5 times in 12 rounds after
// the first (1600 → 300 → 900 among them). Only a rise on a better run
// may change it now.
func TestIOCapacityRoundsConverge(t *testing.T) {
	tests := []struct {
		name  string
		start int
		runs  []busyRun
		want  []int // innodb_io_capacity after each round
	}{
		{"stock", 200, []busyRun{{8179, 44573, 4.78}, {3174, 33530, 13.02}, {5910, 26003, 11.11}, {5071, 28761, 10.25}},
			[]int{4100, 4100, 4100, 4100}},
		{"32M pool", 200, []busyRun{{3344, 22862, 22.18}, {1604, 14642, 21}, {1960, 19221, 18.17}, {2329, 21904, 17.19}},
			[]int{1700, 1700, 1700, 1700}},
		{"far off", 50000, []busyRun{{3185, 25131, 22.18}, {2665, 12868, 21.35}, {633, 19096, 18.17}, {1803, 23241, 17.19}},
			[]int{1600, 1600, 1600, 1600}},
		{"far off, my.cnf", 50000, []busyRun{{3419, 23833, 17.04}, {6759, 18123, 17.67}, {8297, 64194, 16.22}, {7479, 70473, 14.76}},
			[]int{1700, 1700, 4100, 4100}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cur := tc.start
			var got []int
			for _, r := range tc.runs {
				p := ioCapacityProfile(r, cur, &profile.Load{Load1: r.load1})
				if h, ok := fired(t, p, "strict", "")["io.capacity"]; ok {
					if _, err := fmt.Sscan(h.Recommended, &cur); err != nil {
						t.Fatal(err)
					}
				}
				got = append(got, cur)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("innodb_io_capacity by round = %v, want %v", got, tc.want)
			}
		})
	}
}

// TestIOCapacityMaxRoundsConverge follows both innodb_io_capacity and
// innodb_io_capacity_max round after round over review r23's busy probes
// and over a card-like disk whose best rate straddles twice the minimum
// capacity (150-250 IOPS): once the first round has set them, the max
// changes only when the capacity rises. The max's target is held to the
// best rate a run measured, which reads low on a busy host; it is not
// lowered within io_capacity_tolerance (2.0) of a target that is never
// below the capacity, so a max within twice the capacity stays.
func TestIOCapacityMaxRoundsConverge(t *testing.T) {
	tests := []struct {
		name       string
		start, max int
		runs       []busyRun
		want       [][2]int // innodb_io_capacity and innodb_io_capacity_max after each round
	}{
		{"stock", 200, 2000, []busyRun{{8179, 44573, 4.78}, {3174, 33530, 13.02}, {5910, 26003, 11.11}, {5071, 5200, 10.25}},
			[][2]int{{4100, 8200}, {4100, 8200}, {4100, 8200}, {4100, 8200}}},
		{"far off", 50000, 100000, []busyRun{{3185, 25131, 22.18}, {2665, 12868, 21.35}, {633, 1900, 18.17}, {1803, 23241, 17.19}},
			[][2]int{{1600, 3200}, {1600, 3200}, {1600, 3200}, {1600, 3200}}},
		{"card, best rate around 200", 200, 2000, []busyRun{{99, 151, 0.5}, {101, 249, 3}, {98, 160, 0.4}, {100, 210, 5}},
			[][2]int{{100, 100}, {100, 100}, {100, 100}, {100, 100}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			capacity, maxCap := tc.start, tc.max
			var got [][2]int
			for _, r := range tc.runs {
				p := ioCapacityProfile(r, capacity, &profile.Load{Load1: r.load1})
				p.Server.Variables["innodb_io_capacity_max"] = fmt.Sprint(maxCap)
				hits := fired(t, p, "strict", "")
				for id, v := range map[string]*int{"io.capacity": &capacity, "io.capacity_max": &maxCap} {
					if h, ok := hits[id]; ok {
						if _, err := fmt.Sscan(h.Recommended, v); err != nil {
							t.Fatal(err)
						}
					}
				}
				got = append(got, [2]int{capacity, maxCap})
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("(io_capacity, io_capacity_max) by round = %v, want %v", got, tc.want)
			}
		})
	}
}
