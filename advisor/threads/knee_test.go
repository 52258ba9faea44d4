package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// curve builds a scaling curve from threads, IOPS pairs.
func curve(pairs ...float64) []profile.ThreadPoint {
	var c []profile.ThreadPoint
	for i := 0; i+1 < len(pairs); i += 2 {
		c = append(c, profile.ThreadPoint{Threads: int(pairs[i]), IOPS: pairs[i+1]})
	}
	return c
}

func TestKnee(t *testing.T) {
	tests := []struct {
		name    string
		curve   []profile.ThreadPoint
		want    int
		whyHave string
	}{
		{"flat (throttled SD bed, 150 IOPS)", curve(1, 150, 2, 151, 4, 149, 8, 152, 16, 150), 1, "flat from 1 to 16"},
		{"rising to the end", curve(1, 1000, 2, 2000, 4, 4000, 8, 8000, 16, 16000), 16, "still grow up to 16"},
		{"saturating (virtio disk measured here)", curve(1, 13357, 2, 27703, 4, 34141, 8, 37804, 16, 40037), 4, "stop scaling at 4 threads (34.1k → 37.8k from 4 to 8"},
		{"falling: saturated disk gives the peak", curve(1, 500, 2, 450, 4, 300, 8, 250, 16, 200), 1, "peak at 1 threads (500) and fall"},
		{"rise then fall: the peak", curve(1, 1000, 2, 1800, 4, 3000, 8, 2500, 16, 2000), 4, "fall with more (2.0k at 16)"},
		{"noisy dip does not stop the climb", curve(1, 1000, 2, 2100, 4, 1900, 8, 3900, 16, 4000), 8, "stop scaling at 8"},
		{"slow climb under 15% per doubling", curve(1, 1000, 2, 1100, 4, 1200, 8, 1320, 16, 1450), 1, "1.0k"},
		{"85% of the best is not near enough", curve(1, 1000, 2, 2000, 4, 3400, 8, 4000, 16, 4000), 8, "stop scaling at 8"},
		{"missing points 2 and 8", curve(1, 1000, 4, 3500, 16, 3800), 4, "stop scaling at 4"},
		{"unsorted input", curve(16, 3800, 1, 1000, 4, 3500), 4, "stop scaling at 4"},
		{"zero and negative points ignored", curve(0, 900, 1, 1000, 2, 0, 4, 3500, -8, 99999, 16, 3800), 4, "stop scaling at 4"},
		{"single point", curve(1, 5000), 1, "only 1 thread(s) measured"},
		{"empty curve", nil, 0, "no random-write scaling curve"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, why := Knee(tc.curve)
			if got != tc.want {
				t.Errorf("Knee = %d, want %d (why: %s)", got, tc.want, why)
			}
			if !strings.Contains(why, tc.whyHave) {
				t.Errorf("why = %q, want it to contain %q", why, tc.whyHave)
			}
		})
	}
}

// spreadCurve builds a curve from threads, IOPS, p25, p75 quadruples.
func spreadCurve(quads ...float64) []profile.ThreadPoint {
	var c []profile.ThreadPoint
	for i := 0; i+3 < len(quads); i += 4 {
		c = append(c, profile.ThreadPoint{Threads: int(quads[i]), IOPS: quads[i+1],
			IOPSSpread: &profile.Spread{Slices: 5, P25: quads[i+2], P75: quads[i+3]}})
	}
	return c
}

func TestKneeMovesOnlyBeyondTheSpread(t *testing.T) {
	tests := []struct {
		name      string
		curve     []profile.ThreadPoint
		want      int
		whyHave   string
		wantNoisy bool
		noisyHave string
	}{
		{"tight slices: the same knee as without spreads",
			spreadCurve(1, 13357, 13000, 13600, 2, 27703, 27000, 28000, 4, 34141, 33500, 34500, 8, 37804, 37000, 38500, 16, 40037, 39500, 40500),
			4, "stop scaling at 4 threads", false, ""},
		{"85% of the best but the quartiles meet: not told apart, the smaller count",
			spreadCurve(1, 1000, 950, 1050, 2, 2000, 1900, 2100, 4, 3400, 3300, 3850, 8, 4000, 3800, 4300, 16, 4000, 3850, 4200),
			4, "stop scaling at 4", false, ""},
		{"a knee compared with a noisy best cuts nothing either",
			spreadCurve(1, 30000, 27500, 33000, 2, 42000, 40000, 44000, 4, 44000, 42000, 46000, 8, 45000, 43000, 47000, 16, 46000, 33000, 54000),
			16, "rests on a noisy point: the middle half of the 16-thread slices spans 33.0k–54.0k", false, ""},
		{"measured under load 35 on 2 CPUs: 2 threads near a noisy best at 4",
			spreadCurve(1, 12900, 11200, 13800, 2, 29900, 27500, 32000, 4, 30900, 27000, 40200, 8, 27400, 23000, 28100, 16, 29300, 24100, 43100),
			16, "would stop scaling at 2 threads (29.9k; best 30.9k at 4), but that rests on a noisy point", false, ""},
		{"a noisy point above a clean knee and below the best changes nothing",
			spreadCurve(1, 150, 145, 155, 2, 151, 147, 154, 4, 149, 100, 190, 8, 152, 148, 155, 16, 150, 147, 153),
			1, "flat from 1 to 16", false, ""},
		{"a noisy knee point cuts nothing: the largest count measured",
			spreadCurve(1, 30000, 22000, 45000, 2, 42000, 30000, 50000, 4, 44000, 40000, 52000, 8, 45000, 41000, 53000, 16, 46000, 42000, 54000),
			16, "would stop scaling at 1 threads (30.0k; best 46.0k at 16), but that rests on a noisy point", false, "22.0k–45.0k IOPS (77% of its median, over 20%)"},
		{"measured under load 32 on 2 CPUs: wide low quartiles do not stop the climb at 2",
			spreadCurve(1, 12700, 12400, 16000, 2, 25200, 16100, 29300, 4, 30700, 25900, 40900, 8, 41200, 37900, 41800, 16, 53400, 40400, 54000),
			16, "would stop scaling at 4 threads", false, "spans 25.9k–40.9k IOPS"},
		{"a gain beyond the spread still moves it",
			spreadCurve(1, 10000, 9800, 10200, 2, 20000, 19500, 20500, 4, 40000, 39000, 41000, 8, 41000, 40000, 42000, 16, 41500, 40500, 42500),
			4, "stop scaling at 4", false, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, why := Knee(tc.curve)
			if got != tc.want {
				t.Errorf("Knee = %d, want %d (why: %s)", got, tc.want, why)
			}
			if !strings.Contains(why, tc.whyHave) {
				t.Errorf("why = %q, want it to contain %q", why, tc.whyHave)
			}
			if noisy := strings.Contains(why, "; noisy point:"); noisy != tc.wantNoisy {
				t.Errorf("why = %q: noisy %v, want %v", why, noisy, tc.wantNoisy)
			}
			if !strings.Contains(why, tc.noisyHave) {
				t.Errorf("why = %q, want it to contain %q", why, tc.noisyHave)
			}
		})
	}
}
