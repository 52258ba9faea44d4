package render

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/advisor"
	"github.com/mytune/mytune/profile"
)

// adviceMarkdown renders a for a ticket or a wiki page: headings, a
// findings table, the commands and the cnf in fenced blocks.
func adviceMarkdown(a *advisor.Advice) string {
	var b strings.Builder
	p := &a.Profile
	fmt.Fprintf(&b, "# mytune advice: %s\n\n", mdText(p.Host.Hostname))
	fmt.Fprintf(&b, "**Verdict:** %s\n\n", mdText(a.Verdict))
	fmt.Fprintf(&b, "Storage: %s under %s (%s). Taken %s by mytune %s",
		mdText(profile.ClassNoun(p.Storage.Class)), mdCodeSpan(p.Storage.Path), mdText(deviceName(p)),
		p.TakenAt.UTC().Format("2006-01-02 15:04 UTC"), mdText(p.ToolVersion))
	b.WriteString(".\n\n")
	if a.Target.Source != "" {
		fmt.Fprintf(&b, "**Target:** %s\n\n", mdText(TargetLine(a.Target)))
	}
	b.WriteString(measurementsMarkdown(p.Storage))
	b.WriteString(findingsMarkdown(a.Findings))
	b.WriteString(threadsMarkdown(a.Threads))
	if strings.TrimSpace(a.Cnf) != "" {
		b.WriteString("## my.cnf\n\n**Where:** " + mdText(cnfHint(a)) + ".\n\n" + mdFenced("ini", a.Cnf) + "\n")
		if len(a.ApplyNow) > 0 {
			b.WriteString("The lines that need no restart, in effect now on the running server:\n\n" +
				mdFenced("sql", strings.Join(a.ApplyNow, "\n")) + "\n")
			if a.ApplyNowAccount != "" {
				b.WriteString("**Account:** " + mdText(a.ApplyNowAccount) + "\n\n")
			}
		}
	}
	var gaps []string
	gaps = append(gaps, a.Notes...)
	gaps = append(gaps, measurementNotes(p)...) // the storage notes, then the trust notes, as the text report
	gaps = append(gaps, gapLines(p)...)
	if len(gaps) > 0 {
		b.WriteString("## Notes and gaps\n\n")
		for _, g := range gaps {
			b.WriteString("- " + mdText(g) + "\n")
		}
		b.WriteString("\n")
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// measurementsMarkdown is the measured figures as a small table.
func measurementsMarkdown(s profile.Storage) string {
	if !s.Measured {
		return "Storage was not measured.\n\n"
	}
	var b strings.Builder
	b.WriteString("| seq write | seq read | fsync p50 | fsync p99 | rand write 1 / 16 thr | rand read 1 / 16 thr |\n")
	b.WriteString("|---|---|---|---|---|---|\n")
	w1, _ := profile.At(s.RandWrite, 1)
	w16, _ := profile.At(s.RandWrite, 16)
	r1, _ := profile.At(s.RandRead, 1)
	r16, _ := profile.At(s.RandRead, 16)
	fmt.Fprintf(&b, "| %s | %s | %s | %s | %s / %s IOPS | %s / %s IOPS |\n\n",
		fmtMBps(s.SeqWrite.MBPerS), fmtMBps(s.SeqRead.MBPerS), fmtUS(s.Fsync.P50US), fmtUS(s.Fsync.P99US),
		fmtCount(w1.IOPS), fmtCount(w16.IOPS), fmtCount(r1.IOPS), fmtCount(r16.IOPS))
	return b.String()
}

// findingsMarkdown is the findings table, crit first, then each detail.
func findingsMarkdown(fs []advisor.Finding) string {
	var b strings.Builder
	b.WriteString("## Findings\n\n")
	if len(fs) == 0 {
		return b.String() + "Nothing to change: every rule that applies is satisfied.\n\n"
	}
	b.WriteString("| severity | setting | current | recommended | restart | summary |\n")
	b.WriteString("|---|---|---|---|---|---|\n")
	groups := bySeverity(fs)
	var ordered []advisor.Finding
	for _, sev := range severities {
		ordered = append(ordered, groups[sev]...)
	}
	for _, f := range ordered {
		restart := ""
		if f.RestartRequired {
			restart = "yes"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", f.Severity, mdCell(f.Variable), mdCell(f.Current),
			mdCell(f.Recommended), restart, mdCell(f.Summary))
	}
	b.WriteString("\n")
	for _, f := range ordered {
		fmt.Fprintf(&b, "- **%s** (%s): %s\n", mdText(f.ID), f.Severity, mdText(f.Detail))
	}
	return b.String() + "\n"
}

// threadsMarkdown is the thread table and the commands.
func threadsMarkdown(th advisor.Threads) string {
	var b strings.Builder
	if notesOnly(th) { // --task oltp: no table of zero threads, only why
		b.WriteString("## Threads\n")
		for _, n := range th.Notes {
			b.WriteString("\n> " + mdProse(n) + "\n")
		}
		return b.String() + "\n"
	}
	b.WriteString("## Threads\n\n| task | threads | why |\n|---|---|---|\n")
	for _, r := range []struct {
		task string
		c    advisor.ThreadChoice
	}{{"dump", th.Dump}, {"load", th.Load}, {"copy", th.Copy}} {
		if r.c.Threads == 0 && r.c.Why == "" {
			continue // not sized (a physical backup's plan sizes the load alone), as the text leaves it out
		}
		fmt.Fprintf(&b, "| %s | %d | %s |\n", r.task, r.c.Threads, mdCell(r.c.Why))
	}
	if !th.EstimatedLoad.IsZero() {
		fmt.Fprintf(&b, "\nEstimated restore (loaded: %s): %s. %s\n", loadedWhen(th.Commands), estimateSpan(th.EstimatedLoad.Low, th.EstimatedLoad.High), mdText(th.EstimatedLoad.Basis))
	}
	if !th.EstimatedSettled.IsZero() {
		fmt.Fprintf(&b, "\nEstimated until settled (every loaded page written, a clean shutdown done): %s. %s\n", estimateSpan(th.EstimatedSettled.Low, th.EstimatedSettled.High), mdText(th.EstimatedSettled.Basis))
	}
	if e := th.EstimatedLoadBinlog; !e.IsZero() {
		fmt.Fprintf(&b, "\nEstimated restore with the binary log written instead of skipped: %s. %s\n", estimateSpan(e.Low, e.High), mdText(e.Basis))
	}
	if s := asIsText(th); s != "" {
		fmt.Fprintf(&b, "\nAs is: %s\n", mdText(s))
	}
	for _, w := range th.Warnings {
		b.WriteString("\n> **Warning:** " + mdProse(w) + "\n")
	}
	if len(th.Commands) > 0 {
		b.WriteString("\n" + mdFenced("sh", strings.Join(th.Commands, "\n")))
	}
	if len(th.Temporary) > 0 {
		b.WriteString("\n### During the load only\n\n| setting | apply | undo | warning |\n|---|---|---|---|\n")
		for _, st := range th.Temporary {
			apply, undo := mdCellCode(st.Apply), mdCellCode(st.Undo)
			if st.Cnf != "" { // a my.cnf line and two restarts: the steps are prose, the line is the code
				apply, undo = mdCell(st.Apply)+": "+mdCellCode(st.Cnf), mdCell(st.Undo)
			}
			if st.UndoWhen != "" {
				undo += " " + mdCell(st.UndoWhen)
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", mdCell(st.Name), apply, undo, mdCell(st.Warning))
		}
	}
	for _, n := range th.Notes {
		b.WriteString("\n> " + mdProse(n) + "\n")
	}
	return b.String() + "\n"
}

// mdCell makes s safe in a table cell: one line, pipes escaped.
func mdCell(s string) string {
	return strings.ReplaceAll(mdText(s), "|", `\|`)
}
