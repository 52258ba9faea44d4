//go:build linux

package beds_test

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testbed"
)

// minCompareRatio is how much better this machine's disk must come out
// than the SD-like bed: the bed is throttled to 15 MB/s and 150 write IOPS
// (scripts/testbed.sh), while the disk it sits on measured 2.0 GB/s and
// 50k random-write IOPS at 16 threads here, so anything above 3x is
// conservative on any disk a developer or CI has.
const minCompareRatio = 3

// compareDoc is the part of `mytune compare --format json` read here.
type compareDoc struct {
	Items []struct {
		Name string `json:"name"`
	} `json:"items"`
	Rows []struct {
		Metric string   `json:"metric"`
		Ratio  *float64 `json:"ratio"`
		Best   string   `json:"best"`
	} `json:"rows"`
}

// TestCompareFastDiskWithSDBed probes a directory on this machine's disk
// and an SD-like bed with the real binary, then compares the two saved
// profiles: the fast disk must win sequential and 16-thread random writes
// by more than minCompareRatio, in the JSON and in the text table.
func TestCompareFastDiskWithSDBed(t *testing.T) {
	if testing.Short() {
		t.Skip("probes two disks for about 15 s; skipped with -short")
	}
	m := newMeasurer(t)
	bed := testbed.Up(t, "cmpsd", "sd")
	out := t.TempDir()
	fast, sd := filepath.Join(out, "fast.json"), filepath.Join(out, "sd.json")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	probeTo(t, exec.CommandContext(ctx, m.bin, m.args(t.TempDir())...), fast)
	probeTo(t, bed.Command(ctx, m.bin, m.args(bed.Dir)...), sd)

	jsonOut, err := exec.CommandContext(ctx, m.bin, "compare", "--format", "json", fast, sd).Output()
	if err != nil {
		t.Fatalf("mytune compare --format json: %v", errText(err))
	}
	var doc compareDoc
	if err := json.Unmarshal(jsonOut, &doc); err != nil {
		t.Fatalf("reading compare JSON: %v\n%s", err, jsonOut)
	}
	textCmd := exec.CommandContext(ctx, m.bin, "compare", fast, sd)
	textCmd.Env = append(os.Environ(), "NO_COLOR=1")
	textOut, err := textCmd.Output()
	if err != nil {
		t.Fatalf("mytune compare: %v", errText(err))
	}
	t.Logf("mytune compare (A = this disk, B = sd bed):\n%s", textOut)

	cases := []struct {
		name   string
		metric string // row id in the JSON
		label  string // row label in the text table
	}{
		{"sequential write", "seq_write_mb_per_s", "seq write"},
		{"random write at 16 threads", "rand_write_iops_16", "rand write 16 thr"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkJSONRow(t, doc, c.metric, fast)
			checkTextRow(t, string(textOut), c.label)
		})
	}
}

// probeTo runs a prepared `mytune probe --format json` and saves its
// output to path, as `--out` would.
func probeTo(t *testing.T, cmd *exec.Cmd, path string) {
	t.Helper()
	data, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", cmd.String(), errText(err))
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// checkJSONRow asserts the row's ratio exceeds minCompareRatio with the
// fast disk's file as best.
func checkJSONRow(t *testing.T, doc compareDoc, metric, fastName string) {
	t.Helper()
	for _, r := range doc.Rows {
		if r.Metric != metric {
			continue
		}
		if r.Ratio == nil || *r.Ratio <= minCompareRatio {
			t.Errorf("json row %s: ratio %v, want > %d", metric, r.Ratio, minCompareRatio)
		}
		if r.Best != fastName {
			t.Errorf("json row %s: best is %q, want the fast disk %q", metric, r.Best, fastName)
		}
		return
	}
	t.Errorf("json has no row %s", metric)
}

// checkTextRow finds "LABEL … RATIOx LETTER" in the text table and asserts
// the ratio exceeds minCompareRatio with column A (the fast disk) best.
func checkTextRow(t *testing.T, text, label string) {
	t.Helper()
	re := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(label) + `\s.*\s([0-9.]+)x ([A-Z])$`)
	m := re.FindStringSubmatch(text)
	if m == nil {
		t.Errorf("text has no row %q with a ratio", label)
		return
	}
	ratio, err := strconv.ParseFloat(m[1], 64)
	if err != nil || ratio <= minCompareRatio {
		t.Errorf("text row %q: ratio %q, want > %d", label, m[1], minCompareRatio)
	}
	if m[2] != "A" {
		t.Errorf("text row %q: better is %s, want A (the fast disk)", label, m[2])
	}
}

// errText adds a failed command's standard error to its error.
func errText(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return err.Error() + ": " + string(ee.Stderr)
	}
	return err.Error()
}
