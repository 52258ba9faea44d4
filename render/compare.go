package render

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/mytune/mytune/profile"
)

// CompareSchema names the JSON document Compare writes with Format "json".
const CompareSchema = "mytune.compare/v1"

// Comparison is the JSON form of `mytune compare`: one column per item and
// one row per metric.
type Comparison struct {
	Schema string        `json:"schema"` // CompareSchema
	Items  []CompareItem `json:"items"`
	Rows   []CompareRow  `json:"rows"`
}

// CompareItem identifies one compared document.
type CompareItem struct {
	Name     string  `json:"name"`     // as given, normally the file name
	Kind     string  `json:"kind"`     // "profile" or "advice"
	Hostname string  `json:"hostname"` // host.hostname
	TakenAt  *string `json:"taken_at"` // RFC 3339; null when the document does not say

	Verdict string `json:"verdict,omitempty"`
	// NotMeasured says why the item's disk figures are missing (its
	// storage.measure gap), absent when it was measured.
	NotMeasured string `json:"not_measured,omitempty"`
}

// CompareRow is one metric across the items. Numeric rows hold float64
// values (null where not measured) in Unit; text rows hold strings and have
// no Better, Ratio or Best.
type CompareRow struct {
	Metric string `json:"metric"` // stable id, e.g. "seq_write_mb_per_s"
	Label  string `json:"label"`  // what the text table shows
	Unit   string `json:"unit"`   // "MB/s", "us", "IOPS" or "" for text
	// Better is "higher" or "lower" for numeric rows, "" for text rows.
	Better string `json:"better,omitempty"`
	Values []any  `json:"values"`
	// Ratio is best ÷ worst of the measured values (so ≥ 1), null when
	// fewer than two items were measured.
	Ratio *float64 `json:"ratio"`
	// NoiseRatio is the ratio under which this row names no best: the
	// largest a disk compared with itself showed (compare_noise.go).
	NoiseRatio float64 `json:"noise_ratio,omitempty"`
	// Best is the name of the item with the best value when Ratio is set
	// and above NoiseRatio: closer values are no difference, no best.
	Best string `json:"best,omitempty"`
	// bestAt is the index of the best item (names may repeat).
	bestAt int
}

// numericRows are the measured figures compared, with how to read them and
// the ratio below which a difference is inside repeat-probe noise
// (compare_noise.go). commits_per_s is the measured 16K write + fdatasync
// rate: one session's commits/s with innodb_flush_log_at_trx_commit=1 and
// no binary log synced (rules.CommitsPerSec at one sync per commit).
var numericRows = []struct {
	metric, label, unit, better string
	noise                       float64
	get                         func(s profile.Storage) float64
}{
	{"seq_write_mb_per_s", "seq write", "MB/s", "higher", noiseSeqWrite, func(s profile.Storage) float64 { return s.SeqWrite.MBPerS }},
	{"seq_read_mb_per_s", "seq read", "MB/s", "higher", noiseSeqRead, func(s profile.Storage) float64 { return s.SeqRead.MBPerS }},
	{"fsync_p50_us", "fsync p50", "us", "lower", noiseFsyncP50, func(s profile.Storage) float64 { return s.Fsync.P50US }},
	{"fsync_p99_us", "fsync p99", "us", "lower", noiseFsyncP99, func(s profile.Storage) float64 { return s.Fsync.P99US }},
	{"commits_per_s", "commits/s/session", "commits/s", "higher", noiseCommits, func(s profile.Storage) float64 { return s.Fsync.OpsPerS }},
	{"rand_write_iops_1", "rand write 1 thr", "IOPS", "higher", noiseRandWrite1, curveAt(func(s profile.Storage) []profile.ThreadPoint { return s.RandWrite }, 1)},
	{"rand_write_iops_16", "rand write 16 thr", "IOPS", "higher", noiseRandWrite16, curveAt(func(s profile.Storage) []profile.ThreadPoint { return s.RandWrite }, 16)},
	{"rand_read_iops_1", "rand read 1 thr", "IOPS", "higher", noiseRandRead1, curveAt(func(s profile.Storage) []profile.ThreadPoint { return s.RandRead }, 1)},
	{"rand_read_iops_16", "rand read 16 thr", "IOPS", "higher", noiseRandRead16, curveAt(func(s profile.Storage) []profile.ThreadPoint { return s.RandRead }, 16)},
}

// curveAt reads the IOPS at n threads of the curve that pick selects.
func curveAt(pick func(profile.Storage) []profile.ThreadPoint, n int) func(profile.Storage) float64 {
	return func(s profile.Storage) float64 {
		p, _ := profile.At(pick(s), n)
		return p.IOPS
	}
}

// Compare writes items side by side in o.Format "text" or "json".
func Compare(w io.Writer, items []Named, o Options) error {
	if len(items) < 2 {
		return fmt.Errorf("compare: give at least two files (got %d)", len(items))
	}
	c := BuildComparison(items)
	return textOrJSON(w, "compare", o, c, func() string { return compareText(c, o) })
}

// BuildComparison computes the rows of a comparison.
func BuildComparison(items []Named) Comparison {
	c := Comparison{Schema: CompareSchema}
	for _, it := range items {
		kind := "profile"
		if it.Verdict != "" {
			kind = "advice"
		}
		var at *string
		if !it.Profile.TakenAt.IsZero() {
			s := it.Profile.TakenAt.UTC().Format("2006-01-02T15:04:05Z")
			at = &s
		}
		c.Items = append(c.Items, CompareItem{Name: it.Name, Kind: kind, Hostname: it.Profile.Host.Hostname, TakenAt: at,
			Verdict: it.Verdict, NotMeasured: notMeasured(it.Profile)})
	}
	c.Rows = append(c.Rows, textRow("class", "class", items, func(p *profile.Profile) string { return p.Storage.Class }))
	c.Rows = append(c.Rows, textRow("device", "device", items, deviceName))
	for _, r := range numericRows {
		row := CompareRow{Metric: r.metric, Label: r.label, Unit: r.unit, Better: r.better, NoiseRatio: r.noise}
		for _, it := range items {
			v := r.get(it.Profile.Storage)
			if !it.Profile.Storage.Measured || v <= 0 || math.IsNaN(v) {
				row.Values = append(row.Values, nil)
				continue
			}
			row.Values = append(row.Values, v)
		}
		setRatio(&row, items)
		c.Rows = append(c.Rows, row)
	}
	return appendSettingRows(c, items)
}

// notMeasured is why p holds no disk figures: its storage.measure gap, or
// a generic reason; "" when it was measured.
func notMeasured(p *profile.Profile) string {
	if p.Storage.Measured {
		return ""
	}
	for _, g := range p.Gaps {
		if g.Probe == "storage.measure" {
			return g.Reason
		}
	}
	return "the profile holds no disk measurement (probed with --no-measure?)"
}

// deviceName is the transport, model and kernel name of the leaf disk.
func deviceName(p *profile.Profile) string {
	d := p.Storage.Device
	return strings.Join(strings.Fields(strings.Join([]string{d.Transport, d.Model, d.Name}, " ")), " ")
}

// textRow builds a row of strings.
func textRow(metric, label string, items []Named, get func(*profile.Profile) string) CompareRow {
	row := CompareRow{Metric: metric, Label: label}
	for _, it := range items {
		row.Values = append(row.Values, get(it.Profile))
	}
	return row
}

// setRatio fills Ratio and Best from the measured values; with fewer than
// two of them there is nothing to divide, so both stay empty.
func setRatio(row *CompareRow, items []Named) {
	best, worst, bestAt, n := 0.0, 0.0, -1, 0
	for i, v := range row.Values {
		f, ok := v.(float64)
		if !ok {
			continue
		}
		n++
		if bestAt < 0 || row.Better == "higher" && f > best || row.Better == "lower" && f < best {
			best, bestAt = f, i
		}
		if n == 1 || row.Better == "higher" && f < worst || row.Better == "lower" && f > worst {
			worst = f
		}
	}
	if n < 2 {
		return
	}
	r := best / worst
	if row.Better == "lower" {
		r = worst / best
	}
	row.Ratio, row.bestAt = &r, bestAt
	if r > max(sameWithin, row.NoiseRatio) { // the noise figure itself was seen on one disk
		row.Best = items[bestAt].Name
	}
}

// appendSettingRows adds one text row per key server setting that any
// item's server reported.
func appendSettingRows(c Comparison, items []Named) Comparison {
	for _, name := range keySettings {
		seen := false
		for _, it := range items {
			if s := it.Profile.Server; s != nil {
				if _, ok := s.Variables[name]; ok {
					seen = true
				}
			}
		}
		if !seen {
			continue
		}
		c.Rows = append(c.Rows, textRow(name, name, items, func(p *profile.Profile) string {
			if p.Server == nil {
				return ""
			}
			return p.Server.Variables[name]
		}))
	}
	return c
}
