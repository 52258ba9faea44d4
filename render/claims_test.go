package render

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var reCommitLine = regexp.MustCompile(`one thread commits (?:about )?(\S+) times a second(?: on average \(1 s ÷ p50 = (\S+)\)| \(1 s ÷ p50\))`)

// TestCommitRateLinesMatchProfiles: in every text golden, the COMMIT COST
// line states the profile's measured average and 1 s ÷ p50 of the profile's
// p50, each named (issue 11: "at most 4.6k" printed beside a p50 of 120 µs).
func TestCommitRateLinesMatchProfiles(t *testing.T) {
	goldens, _ := filepath.Glob(filepath.Join("testdata", "*.txt.golden"))
	checked := 0
	for _, g := range goldens {
		base := strings.SplitN(filepath.Base(g), ".", 2)[0]
		if _, err := os.Stat(filepath.Join("testdata", base+".json")); err != nil {
			continue
		}
		b, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		f := loadProfile(t, base+".json").Storage.Fsync
		if strings.HasPrefix(base, "advice-") {
			f = loadAdvice(t, base+".json").Profile.Storage.Fsync
		}
		if f.P50US <= 0 {
			if strings.Contains(string(b), "one thread commits") {
				t.Errorf("%s: a commit rate without a measured p50", g)
			}
			continue
		}
		m := reCommitLine.FindStringSubmatch(string(b))
		if m == nil {
			if strings.Contains(string(b), "COMMIT COST") {
				t.Errorf("%s: a COMMIT COST chart without its commit rate line", g)
			}
			continue
		}
		checked++
		perP50 := fmtCount(1e6 / f.P50US)
		switch {
		case f.OpsPerS > 0 && (m[1] != fmtCount(f.OpsPerS) || m[2] != perP50):
			t.Errorf("%s: %q, want the average %s and 1 s ÷ p50 = %s", g, m[0], fmtCount(f.OpsPerS), perP50)
		case f.OpsPerS <= 0 && m[1] != perP50:
			t.Errorf("%s: %q, want about %s (1 s ÷ p50)", g, m[0], perP50)
		}
	}
	if checked == 0 {
		t.Fatal("no golden with a commit rate line was checked")
	}
}
