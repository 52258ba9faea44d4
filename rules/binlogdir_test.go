package rules

import (
	"math"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestCommitsPerSecSplit: the redo log's and the binary log's syncs add
// their times when they are on different disks; an unknown or equal
// binlog rate is CommitsPerSec of all the syncs.
func TestCommitsPerSecSplit(t *testing.T) {
	cases := []struct {
		name                string
		redo, binlog        float64
		redoSyncs, binSyncs int
		want                float64
	}{
		{"same disk: half", 800, 800, 1, 1, 400},
		{"binlog unknown: as the redo's", 800, 0, 1, 1, 400},
		{"binlog on a 50/s card, redo at 800/s", 800, 50, 1, 1, 1 / (1.0/800 + 1.0/50)},
		{"no binlog sync: the redo's alone", 800, 50, 2, 0, 400},
		{"only the binlog's sync (nosync redo)", 800, 50, 0, 1, 50},
		{"redo unmeasured: nothing", 0, 50, 1, 1, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := CommitsPerSecSplit(tc.redo, tc.binlog, tc.redoSyncs, tc.binSyncs); math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("CommitsPerSecSplit(%v, %v, %d, %d) = %v, want %v", tc.redo, tc.binlog, tc.redoSyncs, tc.binSyncs, got, tc.want)
			}
		})
	}
}

// TestBinlogOnItsOwnDisk: with log_bin_basename on another filesystem
// whose sync was measured (review r34: 352 commits/s were printed for a
// binary log on a 100-IOPS bed that allowed 95), the commit figures with
// the binary log synced use that disk's rate and say where it was
// measured, and the never-purged finding names that filesystem's free
// space, not the datadir's.
func TestBinlogOnItsOwnDisk(t *testing.T) {
	slow := &profile.Latency{P50US: 20000, P99US: 100000, OpsPerS: 50}
	cases := []struct {
		name       string
		binlog     *profile.RedoDir
		want2      float64 // CommitsPerSec(2)
		textHas    string  // in durability.commit_cost
		purgeHas   string  // in hygiene.binlog_never_purged
		purgeHasnt string
	}{
		{"binlog in the datadir", nil, 2500, "(two syncs), about 2500", "free on this filesystem", "log_bin_basename"},
		{"binlog on a slow disk, measured", &profile.RedoDir{Path: "/mnt/slow/binlog", Setting: "/mnt/slow/binlog/bin", Source: "server",
			FSType: "ext4", MountPoint: "/mnt/slow", Device: "mmcblk0", FreeBytes: 3 * tGiB, Fsync: slow},
			1 / (1.0/5000 + 1.0/50), "in /mnt/slow/binlog, where log_bin_basename keeps it, on mmcblk0: 50 syncs/s, p50 20.0 ms), about 50",
			"into the 3.0 GiB free on /mnt/slow (mmcblk0)", "500.0 GiB"},
		{"binlog elsewhere, unreadable: the datadir's rate", &profile.RedoDir{Path: "/x", Setting: "/x/bin", Note: "could not be read here"},
			2500, "(two syncs), about 2500", "", "free on"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Server.Variables["binlog_expire_logs_seconds"] = "0"
			p.Storage.BinlogDir = tc.binlog
			c, err := Load(LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			f, err := BuildFacts(p, profile.Target{Flavor: "mysql", Version: "8.4.3", Source: profile.SourceServer})
			if err != nil {
				t.Fatal(err)
			}
			e := NewEnv(p, f, c.Thresholds, "strict")
			if got := e.CommitsPerSec(2); math.Abs(got-tc.want2) > 1e-6 {
				t.Errorf("CommitsPerSec(2) = %v, want %v", got, tc.want2)
			}
			if got, want := e.CommitsPerSecNow(), tc.want2; math.Abs(got-want) > 1e-6 {
				t.Errorf("CommitsPerSecNow() = %v, want %v (log_bin ON, sync_binlog 1)", got, want)
			}
			hits, _ := c.Evaluate(e)
			byID := map[string]Hit{}
			for _, h := range hits {
				byID[h.ID] = h
			}
			if d := byID["durability.commit_cost"].RenderedDetail; !strings.Contains(d, tc.textHas) {
				t.Errorf("commit_cost: %q\nwant %q", d, tc.textHas)
			}
			d := byID["hygiene.binlog_never_purged"].RenderedDetail
			if d == "" || !strings.Contains(d, tc.purgeHas) || strings.Contains(d, tc.purgeHasnt) {
				t.Errorf("binlog_never_purged: %q\nwant %q, not %q", d, tc.purgeHas, tc.purgeHasnt)
			}
		})
	}
}
