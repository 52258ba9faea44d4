package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/mytune/mytune/profile"
)

// Column widths of the compare table: the metric label, the ratio and the
// widest a value column gets (the longest formatted figure, "1.3 GB/s", is
// 8 cells; 18 leaves room for models such as "nvme Samsung SSD 980").
const (
	cmpLabelW    = 19
	cmpSettingW  = 31 // longest key setting name, innodb_flush_log_at_trx_commit, + 1
	cmpRatioW    = 7  // "1234x A": six 9-cell value columns still fit 80
	cmpMaxValueW = 18
	cmpMinValueW = 8
)

// compareText renders c as a table that fits o's width for up to six items.
func compareText(c Comparison, o Options) string {
	t, w := newTheme(o), o.width()
	var b strings.Builder
	b.WriteString(t.title.Render("mytune compare") + "\n")
	nameW := 0
	for _, it := range c.Items {
		nameW = max(nameW, ansi.StringWidth(it.Name))
	}
	nameW = min(nameW, w/2-5)
	for i, it := range c.Items {
		at := "time unknown" // a document without taken_at
		if it.TakenAt != nil {
			at = strings.Replace(*it.TakenAt, "T", " ", 1)
			if len(at) > len("2006-01-02 15:04") {
				at = at[:len("2006-01-02 15:04")] + " UTC"
			}
		}
		line := fmt.Sprintf("  %s  %s  %s, %s", letter(i), pad(fitTail(it.Name, nameW), nameW), it.Hostname, at)
		b.WriteString(fit(clean(line), w) + "\n")
		if it.NotMeasured != "" {
			for _, l := range wrap(clean("not measured: "+it.NotMeasured), w-5, "") {
				b.WriteString("     " + t.dim.Render(l) + "\n")
			}
		}
		if it.Verdict != "" {
			for _, l := range wrap(clean(it.Verdict), w-5, "") {
				b.WriteString("     " + t.dim.Render(l) + "\n")
			}
		}
	}
	n := len(c.Items)
	valW := min(cmpMaxValueW, max(cmpMinValueW, (w-cmpLabelW-cmpRatioW)/n))
	b.WriteString("\n" + t.dim.Render(headerRow(cmpLabelW, valW, n)+"ratio") + "\n")
	var settings []CompareRow
	for _, r := range c.Rows {
		if r.Unit == "" && r.Metric != "class" && r.Metric != "device" {
			settings = append(settings, r)
			continue
		}
		b.WriteString(compareRowText(t, r, valW) + "\n")
	}
	for _, l := range wrap(compareLegend, w, "") {
		b.WriteString(t.dim.Render(l) + "\n")
	}
	if len(settings) > 0 {
		setW := min(cmpMaxValueW+6, max(cmpMinValueW, (w-cmpSettingW)/n))
		b.WriteString("\n" + t.title.Render("SERVER SETTINGS") + "\n")
		b.WriteString(t.dim.Render(strings.TrimRight(headerRow(cmpSettingW, setW, n), " ")) + "\n")
		for _, r := range settings {
			line := pad(r.Label, cmpSettingW)
			for _, v := range r.Values {
				line += pad(fit(orDash(settingCell(r.Metric, fmt.Sprint(v), setW-1)), setW-1), setW)
			}
			b.WriteString(strings.TrimRight(line, " ") + "\n")
		}
	}
	b.WriteString(headline(c, w))
	return b.String()
}

// settingCell is a server setting as the table shows it in room cells: a
// byte size (innodb_buffer_pool_size, innodb_redo_log_capacity,
// innodb_log_file_size) too long for it in my.cnf form, 128M rather than
// 134217728, which six columns cut to "134217…"; any other value as it is.
func settingCell(name, v string, room int) string {
	if len(v) <= room || !strings.HasSuffix(name, "_size") && !strings.HasSuffix(name, "_capacity") {
		return v
	}
	if b, err := strconv.ParseUint(v, 10, 64); err == nil {
		return profile.FormatSize(b)
	}
	return v
}

// headerRow is the column header: a blank label column, then A, B, C….
func headerRow(labelW, valW, n int) string {
	h := pad("", labelW)
	for i := 0; i < n; i++ {
		h += pad(letter(i), valW)
	}
	return h
}

// sameWithin is the ratio below which the table prints "same" instead of
// a ratio: under 5% apart fmtRatio would print "1.0x", which reads as no
// difference but would still name a winner. Above it, a ratio under the
// row's NoiseRatio is printed with "~" and no letter (compare_noise.go).
const sameWithin = 1.05

// compareRowText renders one row; the best value is highlighted.
func compareRowText(t theme, r CompareRow, valW int) string {
	line := pad(r.Label, cmpLabelW)
	for i, v := range r.Values {
		cell := pad(fit(cellText(r, v), valW-1), valW)
		if r.Best != "" && i == r.bestAt {
			cell = t.good.Render(cell)
		}
		line += cell
	}
	switch {
	case r.Ratio == nil:
	case *r.Ratio < sameWithin:
		line += "same"
	case r.Best == "":
		line += "~" + fmtRatio(*r.Ratio)
	default:
		line += fmtRatio(*r.Ratio) + " " + letter(r.bestAt)
	}
	return strings.TrimRight(line, " ")
}

// cellText formats one value by the row's unit.
func cellText(r CompareRow, v any) string {
	f, ok := v.(float64)
	switch {
	case r.Unit == "":
		return orDash(fmt.Sprint(v))
	case !ok:
		return dash
	case r.Unit == "MB/s":
		return fmtMBps(f)
	case r.Unit == "us":
		return fmtUS(f)
	}
	return fmtCount(f)
}

// letter names the i-th item: A, B, … Z, then 27, 28….
func letter(i int) string {
	if i < 26 {
		return string(rune('A' + i))
	}
	return fmt.Sprint(i + 1)
}

// fitTail keeps the end of s (a path's file name matters most) within n
// cells, marking the cut with a leading "…".
func fitTail(s string, n int) string {
	if ansi.StringWidth(s) <= n {
		return s
	}
	return ansi.TruncateLeft(s, ansi.StringWidth(s)-n+1, "…")
}
