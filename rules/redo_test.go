package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRedoRateSource: the redo rate probe/server sampled is used when
// present, a lifetime average only after an hour of uptime, and the
// detail names the basis.
func TestRedoRateSource(t *testing.T) {
	cases := []struct {
		name       string
		rate       float64
		basis      string
		uptime     string
		wantRate   float64
		wantBasis  string
		wantDetail string // in redo.capacity_small's detail
	}{
		{"sampled rate wins over the lifetime average", 2 * float64(tMiB), "sampled", "86400", 2 * float64(tMiB), "sampled", "sampled from Innodb_os_log_written"},
		{"sampled 0: fall back to the lifetime average", 0, "sampled", "86400", 25769803776.0 / 86400, "lifetime", "over the 24.0 h since the server started"},
		{"no server rate: own lifetime average", 0, "", "86400", 25769803776.0 / 86400, "lifetime", "over the 24.0 h"},
		{"server lifetime rate on a 10-minute uptime is ignored", 5 * float64(tMiB), "lifetime", "600", 0, "", "up for only 10 min"},
		{"a quiet sample does not undo the lifetime average", 1024, "sampled", "86400", 25769803776.0 / 86400, "lifetime", "over the 24.0 h"},
		{"a sample on a 10-minute uptime: at least what memory asks for", 1024, "sampled", "600", 1024, "sampled", "up for only 10 min, too short to know the rate its load writes, so the redo is at least what memory asks for"},
		{"a busy sample on a 10-minute uptime is used as it is", 2 * float64(tMiB), "sampled", "600", 2 * float64(tMiB), "sampled", "sampled from Innodb_os_log_written"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Server.RedoBytesPerS, p.Server.RedoRateBasis = tc.rate, tc.basis
			p.Server.Status["uptime"] = tc.uptime
			p.Server.Variables["innodb_redo_log_capacity"] = "128M"
			f, err := BuildFacts(p, profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.3", Source: "server"})
			if err != nil {
				t.Fatal(err)
			}
			if f.RedoBytesPerS != tc.wantRate || f.RedoRateBasis != tc.wantBasis {
				t.Errorf("rate %v basis %q, want %v %q", f.RedoBytesPerS, f.RedoRateBasis, tc.wantRate, tc.wantBasis)
			}
			h, ok := fired(t, p, "strict", "")["redo.capacity_small"]
			if !ok {
				t.Fatal("redo.capacity_small did not fire on a 128M redo log")
			}
			if !strings.Contains(h.RenderedDetail, tc.wantDetail) {
				t.Errorf("detail lacks %q: %s", tc.wantDetail, h.RenderedDetail)
			}
			// what the rate alone asks for, and what is recommended: never less than the rate's size, and
			// never less than the pool's when the rate is a short sample
			c, _ := Load(LoadOptions{})
			env := NewEnv(p, f, c.Thresholds, "strict")
			fromRate := RedoSize(f.RedoBytesPerS, env.T.RedoHours, env.BufferPoolTarget(), env.T.RedoPoolFraction, env.T.RedoMinBytes, env.T.RedoMaxBytes)
			if got := env.RedoIdealBytes(); got < fromRate || (env.RedoRateShort() && got < env.redoFromPool()) {
				t.Errorf("ideal redo %d: below the rate's %d or the pool's %d (short sample %v)", got, fromRate, env.redoFromPool(), env.RedoRateShort())
			}
			if short := tc.wantBasis == "sampled" && tc.uptime == "600"; short != env.RedoRateShort() {
				t.Errorf("RedoRateShort %v, want %v", env.RedoRateShort(), short)
			}
		})
	}
}

// TestRedoFirstPassText: the resize's first pass is said with its length
// where the rate is known (and not a short sample), without one otherwise.
func TestRedoFirstPassText(t *testing.T) {
	cases := []struct {
		name, uptime, written string
		want                  string // "" = no "about" figure
	}{
		// 8 GiB/h lifetime: the 8G ideal takes an hour to write through
		{"lifetime rate: an hour", "86400", "206158430208", " (8.0 GiB of redo, about 60 min at 2.3 MiB/s)"},
		{"no rate: no length", "600", "0", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Server.Status["uptime"], p.Server.Status["innodb_os_log_written"] = tc.uptime, tc.written
			f, err := BuildFacts(p, profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.6", Source: "server"})
			if err != nil {
				t.Fatal(err)
			}
			c, _ := Load(LoadOptions{})
			got := NewEnv(p, f, c.Thresholds, "strict").RedoFirstPassText()
			if !strings.Contains(got, "until the server has written through it once"+tc.want+", each commit") {
				t.Errorf("got %q, want the pass%q", got, tc.want)
			}
		})
	}
}
