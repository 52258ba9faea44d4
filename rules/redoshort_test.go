package rules

import "testing"

// TestRedoShortSampleSaysWhichSized: on a server up less than an hour a
// sampled redo rate sizes the redo only when it asks for more than memory
// does, and the MariaDB finding says which of the two set the size. The
// burst case is review r31's live one (MariaDB 10.11.19, 2026-12-07): a
// LOAD DATA sampled at 8,766,985 B/s on a server up 6 min set 16G while
// the text named only the pool's size as what the redo is "at least".
func TestRedoShortSampleSaysWhichSized(t *testing.T) {
	const atLeast = "so the redo is at least what memory asks for"
	const burst = "they ask for more than memory does, so they set the size. What memory asks for is less: 1× the 1.0 GiB buffer pool is 1.0 GiB"
	cases := []struct {
		name, uptime string
		sampled      float64 // B/s, 0: none
		wantRec      string
		want, not    []string
	}{
		{"a day's average: no short-sample words", "86400", 0, "1G", nil, []string{"up for only", burst}},
		{"a quiet sample, up 6 min: memory sizes it", "360", 1024, "1G", []string{atLeast}, []string{burst}},
		{"a bulk load's sample, up 6 min: the sample sizes it and says so", "360", 8766985, "16G",
			[]string{"1 hour of that is 29.4 GiB", burst}, []string{atLeast}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Server.Flavor, p.Server.Version = "mariadb", "10.11.19-MariaDB"
			p.Server.DataBytes = 300 * tMiB
			p.Server.Variables["innodb_buffer_pool_size"] = "1G"
			p.Server.Variables["innodb_log_file_size"] = "96M"
			delete(p.Server.Variables, "innodb_redo_log_capacity")
			p.Server.Status["uptime"] = tc.uptime
			if tc.sampled > 0 {
				p.Server.RedoBytesPerS, p.Server.RedoRateBasis = tc.sampled, "sampled"
			}
			h := firedAs(t, p, "redo.log_file_size_small_mariadb", true, tc.want, tc.not)
			if h.Recommended != tc.wantRec {
				t.Errorf("recommended %s, want %s", h.Recommended, tc.wantRec)
			}
		})
	}
}
