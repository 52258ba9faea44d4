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
		wantRec    string // its recommendation (pool 15G; lifetime 25769803776 B in 24 h = 1.0 GiB/h)
		wantFrom   string // "what the server writes" or "the buffer pool"
	}{
		{"sampled rate wins over the lifetime average", 2 * float64(tMiB), "sampled", "86400", 2 * float64(tMiB), "sampled", "sampled from Innodb_os_log_written", "7296M", "what the server writes"},
		{"sampled 0: fall back to the lifetime average", 0, "sampled", "86400", 25769803776.0 / 86400, "lifetime", "over the 24.0 h since the server started", "1G", "what the server writes"},
		{"no server rate: own lifetime average", 0, "", "86400", 25769803776.0 / 86400, "lifetime", "over the 24.0 h", "1G", "what the server writes"},
		{"server lifetime rate on a 10-minute uptime is ignored", 5 * float64(tMiB), "lifetime", "600", 0, "", "up for only 10 min", "15G", "the buffer pool"},
		{"a quiet sample does not undo the lifetime average", 1024, "sampled", "86400", 25769803776.0 / 86400, "lifetime", "over the 24.0 h", "1G", "what the server writes"},
		{"a sample on a 10-minute uptime: at least what memory asks for", 1024, "sampled", "600", 1024, "sampled", "up for only 10 min, too short to know the rate its load writes, so the redo is at least what memory asks for", "15G", "the buffer pool"},
		{"a busy sample on a 10-minute uptime asking more than memory is used", 4.5 * float64(tMiB), "sampled", "600", 4.5 * float64(tMiB), "sampled", "they ask for more than memory does, so they set the size. What memory asks for is less: 1× the 15.0 GiB buffer pool", "16256M", "what the server writes"},
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
			hits := fired(t, p, "strict", "")
			h, ok := hits["redo.capacity_small"]
			if !ok {
				t.Fatal("redo.capacity_small did not fire on a 128M redo log")
			}
			if !strings.Contains(h.RenderedDetail, tc.wantDetail) {
				t.Errorf("detail lacks %q: %s", tc.wantDetail, h.RenderedDetail)
			}
			if h.Recommended != tc.wantRec {
				t.Errorf("recommended %s, want %s", h.Recommended, tc.wantRec)
			}
			if from := "this sizes from " + tc.wantFrom + " instead"; !strings.Contains(h.RenderedDetail, from) {
				t.Errorf("detail lacks %q: %s", from, h.RenderedDetail)
			}
			// a short sample is no load: no crit "holds only minutes" from it
			if _, crit := hits["hygiene.redo_smaller_than_burst"]; crit && tc.wantBasis == "sampled" && tc.uptime == "600" {
				t.Error("hygiene.redo_smaller_than_burst fired on a sample from a server up 10 minutes")
			}
		})
	}
}

// TestRedoFirstPassText: the resize's first pass is said with its length
// where the rate is known (and not a short sample), without one otherwise.
func TestRedoFirstPassText(t *testing.T) {
	cases := []struct {
		name, uptime, written string
		sampled               float64 // a sampled rate, B/s (0: none)
		freeBytes             uint64  // 0: the quiet profile's 500 GiB
		want                  string  // "" = no "about" figure
	}{
		// 8 GiB/h lifetime: the 8G ideal takes an hour to write through
		{"lifetime rate: an hour", "86400", "206158430208", 0, 0, " (8.0 GiB of redo, about 60 min at 2.3 MiB/s)"},
		// 8 GiB free: a quarter, 2G, is what is advised, and written through in a quarter of the time
		{"the disk holds the redo to 2G: that size's pass", "86400", "206158430208", 0, 8 * tGiB, " (2.0 GiB of redo, about 15 min at 2.3 MiB/s)"},
		{"no rate: no length", "600", "0", 0, 0, ""},
		{"a short sample: no length", "600", "0", 1024, 0, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Server.Status["uptime"], p.Server.Status["innodb_os_log_written"] = tc.uptime, tc.written
			if tc.sampled > 0 {
				p.Server.RedoBytesPerS, p.Server.RedoRateBasis = tc.sampled, "sampled"
			}
			if tc.freeBytes > 0 {
				p.Storage.FreeBytes = tc.freeBytes
			}
			f, err := BuildFacts(p, profile.Target{Flavor: profile.FlavorMariaDB, Version: "10.11.6", Source: "server"})
			if err != nil {
				t.Fatal(err)
			}
			c, _ := Load(LoadOptions{})
			got := NewEnv(p, f, c.Thresholds, "strict").RedoFirstPassText()
			if !strings.Contains(got, "until the server has written through it once"+tc.want+", every synced write") {
				t.Errorf("got %q, want the pass%q", got, tc.want)
			}
		})
	}
}

// TestRedoFromThePoolItWillHave: a pool no rule changes (256M holding
// 54 MiB of data, whose 128M target nobody advises) sizes the redo as it
// is, and the detail says no pool was "advised here".
func TestRedoFromThePoolItWillHave(t *testing.T) {
	p := quietProfile()
	p.Server.DataBytes = 54 * tMiB
	p.Server.Variables["innodb_buffer_pool_size"] = "256M"
	p.Server.Variables["innodb_redo_log_capacity"] = "8M"
	p.Server.Status["uptime"] = "600" // too short for a rate: sized from the pool
	hits := fired(t, p, "strict", "")
	if _, grows := hits["memory.buffer_pool_small"]; grows {
		t.Fatal("the test wants a pool no rule changes")
	}
	h, ok := hits["redo.capacity_small"]
	if !ok {
		t.Fatal("redo.capacity_small did not fire on an 8M redo log")
	}
	if strings.Contains(h.RenderedDetail, "advised here") || !strings.Contains(h.RenderedDetail, "the 256.0 MiB buffer pool") {
		t.Errorf("detail: %s", h.RenderedDetail)
	}
}

// TestRedoRateOfACatchingUpReplica: a replica behind its source samples
// its catch-up, not its load: the sample is not used.
func TestRedoRateOfACatchingUpReplica(t *testing.T) {
	p := quietProfile()
	p.Server.RedoBytesPerS, p.Server.RedoRateBasis = 20.9*float64(tMiB), "sampled"
	p.Server.Status["uptime"] = "6"
	p.Server.Replication = &profile.Replication{Role: profile.RoleReplica, Channels: 1, Running: true, SecondsBehind: 201}
	f, err := BuildFacts(p, profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.3", Source: "server"})
	if err != nil {
		t.Fatal(err)
	}
	if f.RedoBytesPerS != 0 || f.RedoRateBasis != "" {
		t.Errorf("rate %v basis %q: the catch-up sample was used", f.RedoBytesPerS, f.RedoRateBasis)
	}
	p.Server.Replication.SecondsBehind = 0
	if f, _ = BuildFacts(p, profile.Target{Flavor: profile.FlavorMySQL, Version: "8.4.3", Source: "server"}); f.RedoRateBasis != "sampled" {
		t.Errorf("a caught-up replica's sample was not used: %q", f.RedoRateBasis)
	}
}

// TestRedoOldReleases: before MySQL 5.6.3 (MariaDB 10.0) InnoDB refuses
// to start with 4 GB or more of log files, and before MySQL 5.6.8
// (MariaDB 10.0) it does not resize them itself (QA: MySQL 5.5.21 was
// advised 2 x 6592M, which stops it from starting).
func TestRedoOldReleases(t *testing.T) {
	cases := []struct {
		name, flavor, version, rule, rec string
		says                             []string
	}{
		{"MySQL 5.5.21: held below 4 GB, files moved away", "mysql", "5.5.21", "redo.log_file_size_small", "2047M",
			[]string{"then held to 4.0 GiB: before MySQL 5.6.3 (MariaDB 10.0) InnoDB refuses to start", "move ib_logfile0, ib_logfile1"}},
		{"MySQL 5.6.5: no 4 GB limit, files still moved away", "mysql", "5.6.5", "redo.log_file_size_small", "",
			[]string{"move ib_logfile0, ib_logfile1"}},
		{"MySQL 5.6.10: resized at the restart", "mysql", "5.6.10", "redo.log_file_size_small", "", []string{"Needs a clean shutdown and restart."}},
		{"MariaDB 5.5.68: held below 4 GB, files moved away", "mariadb", "5.5.68", "redo.log_file_size_small_mariadb_old", "2047M",
			[]string{"InnoDB refuses to start when its log files together reach 4 GB", "move ib_logfile0"}},
		{"MariaDB 10.3: resized at the restart", "mariadb", "10.3.39", "redo.log_file_size_small_mariadb_old", "", []string{"Needs a clean shutdown and restart."}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := quietProfile()
			p.Server.Flavor, p.Server.Version = c.flavor, c.version
			delete(p.Server.Variables, "innodb_redo_log_capacity")
			p.Server.Variables["innodb_log_file_size"], p.Server.Variables["innodb_log_files_in_group"] = "5M", "2"
			p.Server.Status["uptime"] = "600" // no rate yet: sized from the 15G pool
			h, ok := fired(t, p, "strict", "")[c.rule]
			if !ok {
				t.Fatalf("%s did not fire", c.rule)
			}
			if c.rec != "" && h.Recommended != c.rec {
				t.Errorf("recommended %s, want %s: %s", h.Recommended, c.rec, h.RenderedDetail)
			}
			if size, err := profile.ParseSize(h.Recommended); err != nil || (c.rec != "" && 2*size >= 4<<30) {
				t.Errorf("2 x %s reaches 4 GB", h.Recommended)
			}
			for _, s := range c.says {
				if !strings.Contains(h.RenderedDetail, s) {
					t.Errorf("detail lacks %q:\n%s", s, h.RenderedDetail)
				}
			}
		})
	}
}
