package threads

import (
	"encoding/json"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestGrowthRangeFewestFirst: the growth syncs the estimate counts are a
// range fewest first, and the per-table count said beside a total is that
// total's (review r14: a table of 800 data files whose rules gave 88 syncs
// in key order and 86 with the boundaries between its files printed "88–86
// data-file syncs growing the tablespaces (86 a table …)" with 1 table, the
// low end of the I/Os counting 88, and the growth time's fast end used 95.3
// a table beside a text of 93).
func TestGrowthRangeFewestFirst(t *testing.T) {
	cases := []struct{ name, file string }{
		{"1 table in 800 files (bw-chunk4x50k)", "../../testdata/heldout/20261204T1628Z-bw-chunk4x50k-cpus2-binlogoff.json"},
		{"4 tables in 24 files (bw-part8)", "../../testdata/heldout/20261205T1824Z-bw-part8-cpus2-binlogoff.json"},
	}
	pair := regexp.MustCompile(`([0-9.]+k?)–([0-9.]+k?) (data-file syncs|a table)`)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := os.ReadFile(c.file)
			if err != nil {
				t.Fatal(err)
			}
			var f struct {
				Cells []struct {
					Profile profile.Profile `json:"profile"`
				} `json:"cells"`
			}
			if err := json.Unmarshal(b, &f); err != nil || len(f.Cells) == 0 || f.Cells[0].Profile.Dump == nil {
				t.Fatalf("%s: %v", c.file, err)
			}
			p := &f.Cells[0].Profile
			plan := Size(p, Options{Task: TaskLoad, Advised: map[string]string{"innodb_buffer_pool_size": "17G", "innodb_flush_log_at_trx_commit": "1", "innodb_log_file_size": "640M"}})
			for _, basis := range []string{plan.EstimatedLoad.Basis, plan.EstimatedLoadAsIs.Basis} {
				for _, m := range pair.FindAllStringSubmatch(basis, -1) {
					if lo, hi := kiloValue(m[1]), kiloValue(m[2]); lo > hi {
						t.Errorf("range %q is not fewest first in: …%s…", m[0], around(basis, m[0]))
					}
				}
				if p.Dump.Tables == 1 {
					tot := regexp.MustCompile(`\+ ([0-9.–k]+) data-file syncs growing the tablespaces \(([0-9.–k]+) a table`).FindStringSubmatch(basis)
					if tot != nil && tot[1] != tot[2] {
						t.Errorf("1 table: %s syncs in all but %s a table", tot[1], tot[2])
					}
				}
			}
		})
	}
}

// kiloValue reads a count kilo printed ("1.3k", "88").
func kiloValue(s string) float64 {
	mul := 1.0
	if strings.HasSuffix(s, "k") {
		s, mul = strings.TrimSuffix(s, "k"), 1000
	}
	v, _ := strconv.ParseFloat(s, 64)
	return v * mul
}

// around is the text near sub in s, for a failure message.
func around(s, sub string) string {
	i := strings.Index(s, sub)
	return s[max(0, i-120):min(len(s), i+len(sub)+120)]
}
