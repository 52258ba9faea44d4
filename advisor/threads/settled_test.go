package threads

import (
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/profile"
)

// cardStorage is the card bed as the e2e runs probed it
// (testdata/e2e-estimate.json, run 1: peak 95 random 16K writes/s).
func cardStorage() profile.Storage {
	return profile.Storage{SeqWrite: profile.Throughput{MBPerS: 20},
		RandWrite: []profile.ThreadPoint{{Threads: 1, IOPS: 70}, {Threads: 2, IOPS: 95}, {Threads: 4, IOPS: 90}, {Threads: 8, IOPS: 84}}}
}

// TestEstimateSettled checks the settled range against the runs its
// constants were taken from (issue 19's table: card bed, the 152 MB dump;
// a fit check, not a proof: the held-out restores are what test it) and
// its edges: no dirty pages without a dump or a random-write curve.
func TestEstimateSettled(t *testing.T) {
	dump := &profile.Dump{TotalBytes: 152e6, DataBytes: 152e6, Tables: 8, Format: "mydumper"}
	cases := []struct {
		name     string
		storage  profile.Storage
		dump     *profile.Dump
		loaded   DurationRange
		pool     pool
		measured time.Duration // the run's loaded + shutdown time; 0: none
		zero     bool
		basis    string
	}{
		{name: "card, advised 17G pool: 27.0 s loaded + 148.0 s settling", storage: cardStorage(), dump: dump,
			loaded: DurationRange{Low: 25 * time.Second, High: 41 * time.Second, Basis: "x"}, pool: pool{bytes: 17 << 30, from: "grown"},
			measured: 175 * time.Second, basis: "while the grown 17.0 GiB buffer pool holds the load"},
		{name: "card, stock 128M pool: 116.9 s loaded + 50.7 s settling", storage: cardStorage(), dump: dump,
			loaded: DurationRange{Low: 100 * time.Second, High: 130 * time.Second, Basis: "x"}, pool: pool{bytes: 128 << 20, from: "default"},
			measured: 167600 * time.Millisecond, basis: "outgrows the default 128.0 MiB buffer pool, so 50–90% of it"},
		{name: "no random-write curve", storage: profile.Storage{SeqWrite: profile.Throughput{MBPerS: 20}}, dump: dump,
			loaded: DurationRange{Low: time.Second, High: 2 * time.Second, Basis: "x"}, pool: pool{bytes: 128 << 20}, zero: true},
		{name: "no dump", storage: cardStorage(), loaded: DurationRange{Low: time.Second, High: 2 * time.Second, Basis: "x"}, zero: true},
		{name: "no load estimate", storage: cardStorage(), dump: dump, zero: true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := &profile.Profile{Storage: tc.storage, Dump: tc.dump}
			got := estimateSettled(p, tc.loaded, tc.pool, MaxDirtyPagesPctDefault, false, false, 2)
			if tc.zero {
				if !got.IsZero() {
					t.Fatalf("want no estimate, got %+v", got)
				}
				return
			}
			if got.Low < tc.loaded.Low || got.High <= tc.loaded.High || got.Low > got.High {
				t.Fatalf("settled %v–%v must follow loaded %v–%v", got.Low, got.High, tc.loaded.Low, tc.loaded.High)
			}
			if tc.measured > 0 && (tc.measured < got.Low || tc.measured > got.High) {
				t.Errorf("measured %v outside the settled range %v–%v (%s)", tc.measured, got.Low, got.High, got.Basis)
			}
			if !strings.Contains(got.Basis, tc.basis) {
				t.Errorf("basis %q lacks %q", got.Basis, tc.basis)
			}
		})
	}
}

// TestSettleWhen checks the undo's wait: the check always, the time
// after the loader exits when both ranges are known.
func TestSettleWhen(t *testing.T) {
	cases := []struct {
		name            string
		loaded, settled DurationRange
		analyze         bool
		want            []string
	}{
		{"both known", DurationRange{Low: 25 * time.Second, High: 41 * time.Second, Basis: "x"},
			DurationRange{Low: 127 * time.Second, High: 236 * time.Second, Basis: "y"},
			false, []string{SettleCheck, "about 1m42s to 3m15s after the loader exits"}},
		{"the analyze line printed: counted from its end", DurationRange{Low: 25 * time.Second, High: 41 * time.Second, Basis: "x"},
			DurationRange{Low: 127 * time.Second, High: 236 * time.Second, Basis: "y"},
			true, []string{SettleCheck, "about 1m42s to 3m15s after the mysqlcheck line after the loader is done"}},
		{"settled as loaded: no '0s to 0s'", DurationRange{Low: 11 * time.Second, High: 25 * time.Second, Basis: "x"},
			DurationRange{Low: 11 * time.Second, High: 25 * time.Second, Basis: "y"},
			false, []string{"within a second of the loader's exit"}},
		{"no settled estimate", DurationRange{Low: time.Second, High: 2 * time.Second, Basis: "x"}, DurationRange{},
			false, []string{"after the load has settled: " + settleSteps(&profile.Profile{}, Options{})}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := settleWhen(tc.loaded, tc.settled, tc.analyze, settleSteps(&profile.Profile{}, Options{}))
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q lacks %q", got, w)
				}
			}
		})
	}
}

// TestMaxDirtyPctOf checks the order advised, server, my.cnf, default.
func TestMaxDirtyPctOf(t *testing.T) {
	v := func(s string) map[string]string { return map[string]string{"innodb_max_dirty_pages_pct": s} }
	cases := []struct {
		name    string
		p       *profile.Profile
		advised map[string]string
		want    float64
	}{
		{"default", &profile.Profile{}, nil, MaxDirtyPagesPctDefault},
		{"server", &profile.Profile{Server: &profile.Server{Variables: v("75.000000")}}, nil, 75},
		{"advised over server", &profile.Profile{Server: &profile.Server{Variables: v("75")}}, v("50"), 50},
		{"my.cnf", &profile.Profile{MyCnf: &profile.MyCnf{Variables: v("60")}}, nil, 60},
		{"nonsense ignored", &profile.Profile{Server: &profile.Server{Variables: v("abc")}}, nil, MaxDirtyPagesPctDefault},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := maxDirtyPctOf(tc.p, Options{Advised: tc.advised}); got != tc.want {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}
