package claimcheck

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// envOf builds the rule environment of issue 11's report: a MariaDB 10.11
// with a 32M pool on a disk whose commit takes 120 µs at p50 and which
// averaged 4600 syncs/s (stalls included).
func envOf(t *testing.T) rules.Env {
	t.Helper()
	return envWith(t, func(*profile.Profile) {})
}

// envWith is envOf's environment after edit changes its profile.
func envWith(t *testing.T, edit func(*profile.Profile)) rules.Env {
	t.Helper()
	p := profile.Profile{
		Host: profile.Host{OS: "linux (Debian GNU/Linux 12 (bookworm))", CPU: profile.CPU{Logical: 2},
			Memory: profile.Memory{TotalBytes: 8 << 30, AvailableBytes: 6 << 30}},
		Storage: profile.Storage{Measured: true, DirectIO: true, Class: profile.ClassSSD,
			Fsync: profile.Latency{P50US: 120, P99US: 900, OpsPerS: 4600}},
		Server: &profile.Server{Reachable: true, Flavor: "mariadb", Version: "10.11.6",
			Variables: map[string]string{"innodb_buffer_pool_size": "32M", "innodb_buffer_pool_chunk_size": "128M",
				"max_connections": "151", "query_cache_size": "0"}},
	}
	edit(&p)
	c, err := rules.Load(rules.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tg, _, err := rules.ResolveTarget(p, "")
	if err != nil {
		t.Fatal(err)
	}
	f, err := rules.BuildFacts(p, tg)
	if err != nil {
		t.Fatal(err)
	}
	return rules.NewEnv(p, f, c.Thresholds, "strict")
}

// TestCheckCatchesIssue11 feeds the claims issue 11 quoted, and their
// corrected forms: each wrong one must be caught, each right one pass.
func TestCheckCatchesIssue11(t *testing.T) {
	e := envOf(t)
	cases := []struct {
		name, text string
		wrong      bool
	}{
		{"pool rounded up to 160M for a 32M pool", "mysqld silently rounds the pool up to 160.0 MiB (approximately).", true},
		{"a share of a pool that is not the one read", "The redo write rate is unknown (no server status), so it is sized from memory: 1× the 128.0 MiB buffer pool.", true},
		{"the pool advised, named so", "so it is sized from memory: 1× the " + e.Human(e.BufferPoolTarget()) +
			" buffer pool advised here (it is 32.0 MiB now) is " + e.Human(e.BufferPoolTarget()) + ".", false},
		{"a quarter share, right", "so it is sized from memory: 0.25× the 32.0 MiB buffer pool is 8.0 MiB.", false},
		{"a share that is not that share", "0.25× the 32.0 MiB buffer pool is 16.0 MiB.", true},
		{"unknown rate, then a number for it", "The redo write rate is unknown, sized at 2.0 MiB/s of writes.", true},
		{"an unmeasured number of commits", "On this disk that costs about an unmeasured number of commits/s per session.", true},
		{"1 s ÷ p50 that is not", "one session commits 1 s ÷ p50 120 µs = 4600 times", true},
		{"1 s ÷ p50 right", "1 s ÷ p50 120 µs = 8333 syncs/s", false},
		{"commit rate from nothing", "one session can commit about 9000 times a second", true},
		{"the measured average, named", "This disk made 4600 16K write+fdatasync per second on average in the measurement (217 µs each on average; p50 120 µs, p99 900 µs): one session can commit about 4600 times a second; with two syncs about 2300 commits/s.", false},
		{"the measured average beside a p50, its time unsaid", "This disk made 4600 16K write+fdatasync per second on average in the measurement (p50 120 µs, p99 900 µs): one session can commit about 4600 times a second.", true},
		{"p99 not measured", "(p50 120 µs, p99 2.0 ms)", true},
		{"variable value not read", "innodb_buffer_pool_size is 64M for the data", true},
		{"variable value read", "innodb_buffer_pool_size is 32M and max_connections is 151;", false},
		{"size in MiB read", "query_cache_size is 0 while", false},
		{"pool named is not the pool read", "the 128.0 MiB buffer pool already caches them", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := CheckText(tc.text, e)
			if (len(got) > 0) != tc.wrong {
				t.Errorf("CheckText(%q) = %q, want wrong=%v", tc.text, got, tc.wrong)
			}
		})
	}
}

// TestCheckCurrent: a finding's current value is the one read.
func TestCheckCurrent(t *testing.T) {
	e := envOf(t)
	got := Check(Finding{ID: "x", Variable: "innodb_buffer_pool_size", Current: "128M", Summary: "s", Detail: "d"}, e)
	if len(got) == 0 || !strings.Contains(got[0], "32M") {
		t.Errorf("Check = %q, want the current value flagged", got)
	}
}

// TestCheckCatchesP50BesideAverage: QA 9's throttled bed, where the sync
// p50 was 0.4 ms but the disk averaged 41 syncs/s (24.4 ms each), and
// reads had a p50 of 0.2 ms at 58 reads/s (17.2 ms each on average). A p50
// beside a rate from the average, without the average, is caught.
func TestCheckCatchesP50BesideAverage(t *testing.T) {
	e := envWith(t, func(p *profile.Profile) {
		p.Storage.Fsync = profile.Latency{P50US: 400, P99US: 95000, OpsPerS: 41}
		p.Storage.RandRead = []profile.ThreadPoint{{Threads: 1, IOPS: 58, P50US: 200}}
	})
	cases := []struct {
		name, text string
		wrong      bool
	}{
		{"QA 9 verdict", "/d is on an SSD (vdb): 50 MB/s sequential writes, sync p50 400 µs / p99 95.0 ms; about 41 commits/s per session (the measured average).", true},
		{"verdict naming the average", "/d is on an SSD (vdb): 50 MB/s sequential writes, sync p50 400 µs / p99 95.0 ms / 41 syncs/s measured, 24.4 ms each on average; about 41 commits/s per session (from the measured average sync).", false},
		{"sync rate text without the average", "This disk made only 41 16K write+fdatasync per second on average in the measurement (p50 400 µs, p99 95.0 ms): it allows about 41 commits/s per session.", true},
		{"sync rate text as written now", "This disk made only " + e.SyncRateText() + ": it allows about 41 commits/s per session.", false},
		{"commit cost clause as written now", e.CommitCostText(1), false},
		{"p50 alone, no rate", "a 16K write + fdatasync takes 400 µs (p50), 95.0 ms (p99)", false},
		{"rate from 1 s ÷ p50 is not from the average", "1 s ÷ p50 400 µs = 2500 syncs/s", false},
		{"QA 9 reads", "Each miss waits for a random 16K read (reads take 200 µs here): 58 random 16K reads/s with one thread.", true},
		{"read p50 beside the read rate", "58 random 16K reads/s with one thread (p50 200 µs)", true},
		{"read cost as written now", "Each miss waits for a random 16K read (the disk measured " + e.ReadCostText() + ").", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := CheckText(tc.text, e)
			if (len(got) > 0) != tc.wrong {
				t.Errorf("CheckText(%q) = %q, want wrong=%v", tc.text, got, tc.wrong)
			}
		})
	}
}
