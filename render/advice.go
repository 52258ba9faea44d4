package render

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/mytune/mytune/advisor"
)

// Advice writes a in o.Format: "text" (the terminal report: verdict,
// findings by severity, threads and commands, the my.cnf fragment),
// "markdown" (for tickets) or "json" (the CONTRACT's mytune.advice/v1).
func Advice(w io.Writer, a *advisor.Advice, o Options) error {
	if a == nil {
		return fmt.Errorf("render advice: no advice given (a bug in the caller)")
	}
	switch o.Format {
	case FormatText, "":
		return writeAll(w, adviceText(a, o))
	case FormatMarkdown:
		return writeAll(w, adviceMarkdown(a))
	case FormatJSON:
		return writeJSON(w, a)
	}
	return fmt.Errorf("render advice: format %q is not one of text, markdown, json", o.Format)
}

// severities in the order a reader should see them.
var severities = []advisor.Severity{advisor.SeverityCrit, advisor.SeverityWarn, advisor.SeverityNote}

// bySeverity groups findings, keeping their order inside each group.
func bySeverity(fs []advisor.Finding) map[advisor.Severity][]advisor.Finding {
	out := map[advisor.Severity][]advisor.Finding{}
	for _, f := range fs {
		out[f.Severity] = append(out[f.Severity], f)
	}
	return out
}

// adviceText renders the terminal report of a.
func adviceText(a *advisor.Advice, o Options) string {
	t, w := newTheme(o), o.width()
	var b strings.Builder
	p := &a.Profile
	b.WriteString(headerLine(t, p, w))
	for i, l := range wrap(clean(a.Verdict), w-2, "") {
		mark := "  "
		if i == 0 {
			mark = t.classStyle(p.Storage.Class).Render("▶") + " "
		}
		b.WriteString(mark + t.verdict.Render(l) + "\n")
	}
	if a.Target.Source != "" {
		for _, l := range wrap("target "+clean(TargetLine(a.Target)), w-2, "  ") {
			b.WriteString(t.dim.Render("  "+l) + "\n")
		}
	}
	b.WriteString(findingsText(t, a.Findings, w))
	b.WriteString(threadsText(t, a.Threads, w))
	b.WriteString(cnfText(t, a.Cnf, cnfHint(a), w))
	b.WriteString(applyNowText(t, a.ApplyNow, w))
	if a.ApplyNowAccount != "" && len(a.ApplyNow) > 0 {
		b.WriteString(bullets("!", clean(a.ApplyNowAccount), w))
	}
	if len(a.Notes) > 0 {
		b.WriteString(section(t, "NOTES"))
		for _, n := range a.Notes {
			b.WriteString(bullets("•", clean(n), w))
		}
	}
	b.WriteString(notesText(t, p, w))
	return b.String()
}

// severityMark is the glyph and style of each severity.
func severityMark(t theme, s advisor.Severity) string {
	switch s {
	case advisor.SeverityCrit:
		return t.crit.Render("✖")
	case advisor.SeverityWarn:
		return t.warn.Render("▲")
	}
	return t.dim.Render("•")
}

// findingsText lists findings crit → warn → note: the summary, then
// variable current → recommended, then the detail that cites the numbers.
func findingsText(t theme, fs []advisor.Finding, w int) string {
	groups := bySeverity(fs)
	var b strings.Builder
	b.WriteString(section(t, "FINDINGS") + t.dim.Render(fit(fmt.Sprintf("%d crit · %d warn · %d note",
		len(groups[advisor.SeverityCrit]), len(groups[advisor.SeverityWarn]), len(groups[advisor.SeverityNote])), w)) + "\n")
	if len(fs) == 0 {
		b.WriteString(fit("  nothing to change: every rule that applies is satisfied", w) + "\n")
	}
	for _, sev := range severities {
		for _, f := range groups[sev] {
			b.WriteString(findingText(t, f, w))
		}
	}
	return b.String()
}

// findingText renders one finding.
func findingText(t theme, f advisor.Finding, w int) string {
	var b strings.Builder
	for i, l := range wrap(clean(f.Summary), w-4, "") {
		lead := "    "
		if i == 0 {
			lead = "  " + severityMark(t, f.Severity) + " "
		}
		b.WriteString(lead + t.verdict.Render(l) + "\n")
	}
	if f.Variable != "" {
		change := fmt.Sprintf("%s: %s → %s", f.Variable, orNotSet(f.Current), orDash(f.Recommended))
		if f.RestartRequired {
			change += " (restart)"
		}
		for _, l := range wrap(change, w-4, "") {
			b.WriteString("    " + t.good.Render(l) + "\n")
		}
	}
	for _, l := range wrap(clean(f.Detail), w-4, "") {
		b.WriteString("    " + t.dim.Render(l) + "\n")
	}
	b.WriteString(t.dim.Render(fit("    ["+f.ID+"]", w)) + "\n")
	return b.String()
}

// orNotSet names an empty current value.
func orNotSet(s string) string {
	if strings.TrimSpace(s) == "" {
		return "(not read)"
	}
	return clean(s)
}

// threadsText shows the thread counts with their reasons and the commands.
func threadsText(t theme, th advisor.Threads, w int) string {
	var b strings.Builder
	b.WriteString(section(t, "THREADS"))
	if notesOnly(th) { // --task oltp: nothing sized, only why
		for _, n := range th.Notes {
			b.WriteString(labelled(t, "note", n, w, t.dim))
		}
		return b.String()
	}
	b.WriteString(threadRowsText(t, th, w))
	b.WriteString(estimatesText(t, th, w))
	if len(th.Commands) > 0 || len(th.Warnings) > 0 {
		b.WriteString(section(t, "COMMANDS"))
		for _, w8 := range th.Warnings { // in the same block as the lines they are about, before them
			b.WriteString(labelled(t, "WARNING", w8, w, t.warn))
		}
		for _, c := range th.Commands {
			for _, l := range shellWrap(clean(c), w-2) {
				b.WriteString("  " + l + "\n")
			}
		}
	}
	b.WriteString(temporaryText(t, th, w))
	return b.String()
}

// threadRowsText renders one line block per sized task (dump, load, copy):
// the count, why, and its basis.
func threadRowsText(t theme, th advisor.Threads, w int) string {
	var b strings.Builder
	rows := []struct {
		task string
		c    advisor.ThreadChoice
	}{{"dump", th.Dump}, {"load", th.Load}, {"copy", th.Copy}}
	for _, r := range rows {
		if r.c.Threads == 0 && r.c.Why == "" {
			continue
		}
		unit := "threads"
		if r.c.Threads == 1 {
			unit = "thread "
		}
		head := fmt.Sprintf("  %s %s %s  ", pad(r.task, 4), padLeft(fmt.Sprint(r.c.Threads), 2), unit)
		for i, l := range wrap(clean(r.c.Why), w-len(head), "") {
			if i > 0 {
				head = strings.Repeat(" ", len(head))
			}
			b.WriteString(head + l + "\n")
		}
		if r.c.Basis != "" {
			b.WriteString(strings.Repeat(" ", len(head)) + t.dim.Render("basis: "+clean(r.c.Basis)) + "\n")
		}
	}
	return b.String()
}

// estimatesText renders the restore's estimates: loaded, settled, with the
// binary log written, and as is.
func estimatesText(t theme, th advisor.Threads, w int) string {
	var b strings.Builder
	if !th.EstimatedLoad.IsZero() {
		est := fmt.Sprintf("loaded (%s) in %s. %s", loadedWhen(th.Commands), estimateSpan(th.EstimatedLoad.Low, th.EstimatedLoad.High), th.EstimatedLoad.Basis)
		b.WriteString("\n" + labelled(t, "restore", est, w, t.label))
	}
	if !th.EstimatedSettled.IsZero() {
		est := fmt.Sprintf("%s after the start, when every loaded page is written and a clean shutdown would be done. %s", estimateSpan(th.EstimatedSettled.Low, th.EstimatedSettled.High), th.EstimatedSettled.Basis)
		b.WriteString(labelled(t, "settled", est, w, t.label))
	}
	if e := th.EstimatedLoadBinlog; !e.IsZero() {
		est := fmt.Sprintf("loaded in %s if the binary log is written instead of skipped. %s", estimateSpan(e.Low, e.High), e.Basis)
		b.WriteString(labelled(t, "binlog on", est, w, t.label))
	}
	if s := asIsText(th); s != "" {
		b.WriteString(labelled(t, "as is", s, w, t.label))
	}
	return b.String()
}

// notesOnly reports whether the plan holds nothing but notes (--task
// oltp): no thread count, estimate, command, warning or load setting, so
// no heading but THREADS is printed for them.
func notesOnly(th advisor.Threads) bool {
	for _, c := range []advisor.ThreadChoice{th.Dump, th.Load, th.Copy} {
		if c.Threads != 0 || c.Why != "" {
			return false
		}
	}
	return th.EstimatedLoad.IsZero() && th.EstimatedSettled.IsZero() && len(th.Commands) == 0 &&
		len(th.Warnings) == 0 && len(th.Temporary) == 0
}

// temporaryText lists the settings worth changing for the load only, each
// with the statement that undoes it, and the sizing notes.
func temporaryText(t theme, th advisor.Threads, w int) string {
	if len(th.Temporary) == 0 && len(th.Notes) == 0 {
		return ""
	}
	var b strings.Builder
	if len(th.Temporary) > 0 {
		b.WriteString(section(t, "DURING THE LOAD ONLY"))
	} else { // notes alone (a physical restore's steps, a dump's caveats) are not load-time settings
		b.WriteString(section(t, "NOTES"))
	}
	for _, st := range th.Temporary {
		b.WriteString("  " + strings.Join(wrap("• "+clean(st.Name), w-2, "    "), "\n") + "\n")
		b.WriteString(labelled(t, "apply", st.Apply, w, t.dim))
		if st.Cnf != "" { // the my.cnf line on a line of its own, never wrapped: it is pasted as it is
			b.WriteString(t.dim.Render(padLeft("my.cnf: ", 11)) + st.Cnf + "\n")
		}
		b.WriteString(labelled(t, "undo", st.Undo, w, t.dim))
		if st.UndoWhen != "" {
			b.WriteString(labelled(t, "when", st.UndoWhen, w, t.warn))
		}
		if st.Warning != "" {
			b.WriteString(labelled(t, "risk", st.Warning, w, t.warn))
		}
	}
	for _, n := range th.Notes {
		b.WriteString(labelled(t, "note", n, w, t.dim))
	}
	return b.String()
}

// labelled writes "    label: text", wrapped under itself, the label styled.
func labelled(t theme, label, text string, w int, style lipgloss.Style) string {
	const indent = "           "
	lines := wrap(clean(text), w-len(indent), "")
	var b strings.Builder
	for i, l := range lines {
		lead := indent
		if i == 0 {
			lead = style.Render(padLeft(label+": ", len(indent)))
		}
		b.WriteString(lead + l + "\n")
	}
	return b.String()
}

// cnfWhere names where the fragment goes: the end of the my.cnf that was
// read, else of the server's option file. The end, [mysqld] line and all,
// because the server keeps the last value it reads in file order whatever
// the group (mysys my_default.c reads each file top to bottom, includes
// where they stand): a value set again in a later [mariadb] or an
// included file would win over lines added to the first [mysqld] section.
//
// Where the probe saw more (profile.MyCnfPlacement) the end of the file is
// not the place: a world-writable file is ignored by the server, and a
// file in an option directory read with !includedir is followed by the
// directory's later files, whose values win (QA 14: 99-local.cnf undid
// lines appended to 50-server.cnf). What is read after a plain file
// cannot be seen from it, hence the --print-defaults check (check, "" when
// no --mycnf file was read).
func cnfWhere(a *advisor.Advice) (where, check string) {
	m := a.Profile.MyCnf
	if m == nil || m.Path == "" {
		return "append it to the end of the server's option file", ""
	}
	check = "mariadbd --print-defaults (mysqld --print-defaults) shows the values the server ends up with"
	pl := m.Placement
	switch {
	case pl != nil && pl.WorldWritable:
		return "the server ignores " + m.Path + " (world-writable: \"World-writable config file is ignored\"), so do not " +
			"add it there: put it at the end of an option file the server reads (mariadbd --help --verbose lists them in " +
			"the order read)", check
	case pl != nil && pl.ConfDir != "":
		later := "files added there later"
		if len(pl.Later) > 0 {
			later = strings.Join(pl.Later, ", ")
		}
		return "put it in a file of its own that sorts after every other .cnf file in " + pl.ConfDir + ", e.g. " +
			filepath.Join(pl.ConfDir, "zz-mytune.cnf") + ": the server reads that directory's files in name order, so " +
			"lines appended to " + filepath.Base(m.Path) + " are overridden by " + later + " (read after it)", check
	}
	return "append it to the end of " + m.Path, "mytune cannot see what the server reads after that file: " + check
}

// cnfHint says where the fragment goes and when it takes effect
// (cnfWhere), for the text report and the markdown alike (review r14: the
// markdown printed the fragment without it, so a reader appended it to
// 50-server.cnf, where 99-local.cnf overrides it).
func cnfHint(a *advisor.Advice) string {
	where, check := cnfWhere(a)
	hint := where + ", [mysqld] line included (the server keeps the last value it reads); it takes effect at the " +
		"server's next start (restart where a line says it needs one)"
	if groups := strings.Count("\n"+a.Cnf, "\n["); groups > 1 {
		hint = where + " as it is, each [group] line with it (a group is read only by the servers named; the " +
			"server keeps the last value it reads); it takes effect at the server's next start"
	}
	if check != "" {
		hint += "; " + check
	}
	return hint
}

// cnfText shows the my.cnf fragment as it is, under hint (cnfHint); only
// comment lines are wrapped, since a cut option line would change its
// meaning.
func cnfText(t theme, cnf, hint string, w int) string {
	if strings.TrimSpace(cnf) == "" {
		return ""
	}
	var b strings.Builder
	b.WriteString(section(t, "MY.CNF"))
	for _, l := range wrap(hint, w, "") {
		b.WriteString(t.dim.Render(l) + "\n")
	}
	for _, l := range strings.Split(strings.TrimRight(cnf, "\n"), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "#") {
			for _, c := range wrap(clean(l), w-2, "# ") {
				b.WriteString("  " + t.dim.Render(c) + "\n")
			}
			continue
		}
		b.WriteString("  " + clean(l) + "\n")
	}
	return b.String()
}

// applyNowText lists the SET GLOBAL statements that put the settings
// needing no restart into effect on the running server.
func applyNowText(t theme, stmts []string, w int) string {
	if len(stmts) == 0 {
		return ""
	}
	var b strings.Builder
	for _, l := range wrap("to put the lines that need no restart into effect now, on the running server (the my.cnf "+
		"keeps them after the next start):", w, "") {
		b.WriteString(t.dim.Render(l) + "\n")
	}
	for _, s := range stmts {
		b.WriteString("  " + clean(s) + "\n")
	}
	return b.String()
}

// loadedWhen says what "loaded" waits for: the loader's exit, and the
// mysqlcheck --analyze line after it when the plan prints one.
func loadedWhen(commands []string) string {
	for _, c := range commands {
		if strings.Contains(c, " --copy-back ") {
			return "the lines below are done, to the sync after the copy"
		}
		if strings.HasPrefix(c, "mysqlcheck ") {
			return "the loader and the mysqlcheck line after it are done"
		}
	}
	return "the loader exits"
}

// asIsText is the same restore without the advice, as the plan estimates
// it (estimated_load_as_is, estimated_settled_as_is): "" when not estimated.
func asIsText(th advisor.Threads) string {
	l, st := th.EstimatedLoadAsIs, th.EstimatedSettledAsIs
	if l.IsZero() || (l.Low == th.EstimatedLoad.Low && l.High == th.EstimatedLoad.High && st.Low == th.EstimatedSettled.Low && st.High == th.EstimatedSettled.High) {
		return "" // the advice changes nothing the estimate sees
	}
	s := fmt.Sprintf("loaded in %s", estimateSpan(l.Low, l.High))
	if !st.IsZero() {
		s += fmt.Sprintf(", settled %s", estimateSpan(st.Low, st.High))
	}
	return s + " without the advice: the loader's default sessions and the server as it is now (the same model; the JSON has its basis)."
}
