package claimcheck

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/probe/profile"
	"github.com/mytune/mytune/rules"
)

// envOf builds the rule environment of issue 11's report: a MariaDB 10.11
// with a 32M pool on a disk whose commit takes 120 µs at p50 and which
// averaged 4600 syncs/s (stalls included).
func envOf(t *testing.T) rules.Env {
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
		{"a quarter of a pool that is not the one read", "The redo write rate is unknown (no server status), so it is sized from memory: a quarter of the 128.0 MiB buffer pool.", true},
		{"a quarter of the pool advised, named so", "so it is sized from memory: a quarter of the " + e.Human(e.BufferPoolTarget()) +
			" buffer pool advised here (it is 32.0 MiB now) is " + e.Human(e.BufferPoolTarget()/4) + ".", false},
		{"a quarter that is not a quarter", "a quarter of the 32.0 MiB buffer pool is 16.0 MiB.", true},
		{"unknown rate, then a number for it", "The redo write rate is unknown, sized at 2.0 MiB/s of writes.", true},
		{"an unmeasured number of commits", "On this disk that costs about an unmeasured number of commits/s per session.", true},
		{"1 s ÷ p50 that is not", "one session commits 1 s ÷ p50 0.1 ms = 4600 times", true},
		{"1 s ÷ p50 right", "1 s ÷ p50 0.1 ms = 8333 syncs/s", false},
		{"commit rate from nothing", "one session can commit about 9000 times a second", true},
		{"the measured average, named", "This disk made 4600 16K write+fdatasync per second on average in the measurement (p50 0.1 ms, p99 0.9 ms): one session can commit about 4600 times a second; with two syncs about 2300 commits/s.", false},
		{"p99 not measured", "(p50 0.1 ms, p99 2.0 ms)", true},
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
