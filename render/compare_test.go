package render

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// loadNamed loads a testdata document through Load.
func loadNamed(t *testing.T, name string) Named {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	n, err := Load(name, b)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestLoad(t *testing.T) {
	profileJSON, err := os.ReadFile(filepath.Join("testdata", "ssd-vm.json"))
	if err != nil {
		t.Fatal(err)
	}
	advice := `{"schema":"mytune.advice/v1","verdict":"SSD: fast.","profile":` + string(profileJSON) + `}`
	cases := []struct {
		name, data  string
		wantErr     string // substring; "" means success
		wantVerdict string
	}{
		{"profile", string(profileJSON), "", ""},
		{"advice holds its profile", advice, "", "SSD: fast."},
		{"foreign json", `{"name":"left-pad"}`, `B.json: not a mytune profile (no "schema" field`, ""},
		{"other schema", `{"schema":"other/v2"}`, `B.json: not a mytune profile (schema "other/v2")`, ""},
		{"malformed", "{\n\"schema\": ", "B.json: cut short", ""},
		{"not JSON", "schema: v1", "B.json: not valid JSON", ""},
		{"not an object", `[1,2]`, "B.json: not a mytune profile (a JSON array", ""},
		{"advice without profile", `{"schema":"mytune.advice/v1"}`, `B.json: an advice without its profile`, ""},
		{"profile of wrong shape", `{"schema":"mytune.profile/v1","storage":{"rand_write":"fast"}}`, "B.json: a malformed profile", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			n, err := Load("B.json", []byte(c.data))
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("error %v, want one containing %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if n.Profile.Storage.Fsync.P50US != 170 || n.Verdict != c.wantVerdict || n.Name != "B.json" {
				t.Errorf("loaded %+v", n)
			}
		})
	}
}

func TestCompareGolden(t *testing.T) {
	cases := []struct {
		name, golden, format string
		files                []string
	}{
		{"sd card vs ssd text", "compare-sd-ssd.txt.golden", "text", []string{"sdcard-pi.json", "ssd-vm.json"}},
		{"sd card vs ssd json", "compare-sd-ssd.json.golden", "json", []string{"sdcard-pi.json", "ssd-vm.json"}},
		{"three with an unmeasured one", "compare-three.txt.golden", "text", []string{"ssd-vm.json", "sdcard-pi.json", "unmeasured.json"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var items []Named
			for _, f := range c.files {
				items = append(items, loadNamed(t, f))
			}
			var buf bytes.Buffer
			if err := Compare(&buf, items, Options{Format: c.format, Width: 80}); err != nil {
				t.Fatal(err)
			}
			if hasEscape(buf.String()) {
				t.Errorf("colour off but the output holds escape codes")
			}
			checkWidth(t, buf.String(), 80)
			golden(t, c.golden, buf.String())
		})
	}
}

func TestCompareRatios(t *testing.T) {
	sd, ssd, none := loadNamed(t, "sdcard-pi.json"), loadNamed(t, "ssd-vm.json"), loadNamed(t, "unmeasured.json")
	cases := []struct {
		name      string
		items     []Named
		metric    string
		wantRatio float64 // 0: no ratio
		wantBest  string
	}{
		{"higher is better, better second", []Named{sd, ssd}, "seq_write_mb_per_s", 1310 / 15.2, "ssd-vm.json"},
		{"higher is better, better first", []Named{ssd, sd}, "seq_write_mb_per_s", 1310 / 15.2, "ssd-vm.json"},
		{"lower is better", []Named{sd, ssd}, "fsync_p99_us", 95000.0 / 420, "ssd-vm.json"},
		{"one side not measured", []Named{none, ssd}, "fsync_p50_us", 0, ""},
		{"three items: best over worst", []Named{none, sd, ssd}, "rand_write_iops_16", 32100.0 / 150, "ssd-vm.json"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			row := findRow(t, BuildComparison(c.items), c.metric)
			switch {
			case c.wantRatio == 0 && row.Ratio != nil:
				t.Errorf("ratio %v, want none", *row.Ratio)
			case c.wantRatio != 0 && (row.Ratio == nil || !near(*row.Ratio, c.wantRatio)):
				t.Errorf("ratio %v, want %v", row.Ratio, c.wantRatio)
			case row.Best != c.wantBest:
				t.Errorf("best %q, want %q", row.Best, c.wantBest)
			}
		})
	}
}

func TestCompareJSONShape(t *testing.T) {
	var buf bytes.Buffer
	err := Compare(&buf, []Named{loadNamed(t, "unmeasured.json"), loadNamed(t, "ssd-vm.json")}, Options{Format: "json"})
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Schema string `json:"schema"`
		Rows   []struct {
			Metric string   `json:"metric"`
			Values []any    `json:"values"`
			Ratio  *float64 `json:"ratio"`
		} `json:"rows"`
	}
	if err := json.Unmarshal(buf.Bytes(), &c); err != nil {
		t.Fatal(err)
	}
	if c.Schema != CompareSchema || len(c.Rows) < 10 {
		t.Fatalf("schema %q with %d rows", c.Schema, len(c.Rows))
	}
	for _, r := range c.Rows {
		if r.Metric == "seq_write_mb_per_s" && (r.Values[0] != nil || r.Values[1] != 1310.0 || r.Ratio != nil) {
			t.Errorf("unmeasured value must be null and no ratio: %+v", r)
		}
	}
}

func TestFitTail(t *testing.T) {
	cases := []struct {
		name, in string
		n        int
		want     string
	}{
		{"fits", "a.json", 10, "a.json"},
		{"keeps the file name", "/very/long/dir/ssd.json", 10, "…/ssd.json"},
		{"exact", "abcdef", 6, "abcdef"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := fitTail(c.in, c.n); got != c.want || ansi.StringWidth(got) > c.n {
				t.Errorf("fitTail(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
			}
		})
	}
}

func TestCompareNeedsTwo(t *testing.T) {
	if err := Compare(&bytes.Buffer{}, []Named{loadNamed(t, "ssd-vm.json")}, Options{}); err == nil {
		t.Fatal("one item compared without error")
	}
}

func TestCompareColor(t *testing.T) {
	var color, plain bytes.Buffer
	items := []Named{loadNamed(t, "sdcard-pi.json"), loadNamed(t, "ssd-vm.json")}
	if err := Compare(&color, items, Options{Color: true}); err != nil {
		t.Fatal(err)
	}
	if err := Compare(&plain, items, Options{}); err != nil {
		t.Fatal(err)
	}
	if !hasEscape(color.String()) || ansi.Strip(color.String()) != plain.String() {
		t.Errorf("colour output must hold escapes and strip to the plain output")
	}
}

// findRow returns the row with metric.
func findRow(t *testing.T, c Comparison, metric string) CompareRow {
	t.Helper()
	for _, r := range c.Rows {
		if r.Metric == metric {
			return r
		}
	}
	t.Fatalf("no row %s", metric)
	return CompareRow{}
}

// near reports whether a and b agree to 1e-9 relative.
func near(a, b float64) bool {
	d := a - b
	if d < 0 {
		d = -d
	}
	return d <= 1e-9*b
}

func TestCompareRowTie(t *testing.T) {
	th := newTheme(Options{})
	cases := []struct {
		name  string
		ratio float64
		best  string // the row's Best: "" when inside its noise
		want  string
	}{
		{"within 5% is the same", 1.02, "", "same"},
		{"inside the row's noise: ~ and no letter", 1.5, "", "~1.5x"},
		{"a real difference names the winner", 1.5, "B.json", "1.5x B"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := CompareRow{Label: "seq write", Unit: "MB/s", Better: "higher", Values: []any{100.0, 100.0 * c.ratio}, Ratio: &c.ratio, Best: c.best, bestAt: 1}
			if got := compareRowText(th, r, 12); !strings.HasSuffix(got, c.want) {
				t.Errorf("row %q should end with %q", got, c.want)
			}
		})
	}
}
