package render

import (
	"fmt"
	"math"
	"strings"
	"time"
	"unicode"

	"github.com/mytune/mytune/advisor"
	"github.com/mytune/mytune/profile"
)

// labelWidth is the column the panels' values start at.
const labelWidth = 11

// profileText renders the terminal report of p: verdict first, then the
// host, storage and server panels, the measurements with their charts,
// notes and gaps.
func profileText(p *profile.Profile, o Options) string {
	t, w := newTheme(o), o.width()
	var b strings.Builder
	b.WriteString(headerLine(t, p, w))
	b.WriteString(verdictBlock(t, p, w))
	b.WriteString(section(t, "HOST"))
	b.WriteString(t.box(hostLines(t, p.Host, w-4), w))
	b.WriteString(section(t, "STORAGE"))
	b.WriteString(t.box(storageLines(t, p.Storage, w-4), w))
	if p.Server != nil && p.Server.Reachable {
		b.WriteString(section(t, "SERVER"))
		b.WriteString(t.box(serverLines(t, p.Server), w))
	}
	b.WriteString(measurementsText(t, p.Storage, w))
	b.WriteString(notesText(t, p, w))
	return b.String()
}

// headerLine names the tool, the host and when the profile was taken.
func headerLine(t theme, p *profile.Profile, w int) string {
	at := "time unknown"
	if !p.TakenAt.IsZero() {
		at = p.TakenAt.UTC().Format("2006-01-02 15:04 UTC")
	}
	line := clean(fmt.Sprintf("mytune %s · %s · %s", p.ToolVersion, p.Host.Hostname, at))
	return t.dim.Render(fit(line, w)) + "\n"
}

// verdictBlock is the storage headline, wrapped, then the class evidence.
func verdictBlock(t theme, p *profile.Profile, w int) string {
	var b strings.Builder
	for i, l := range wrap(storageHeadline(p), w-2, "") {
		mark := "  "
		if i == 0 {
			mark = t.classStyle(p.Storage.Class).Render("▶") + " "
		}
		b.WriteString(mark + t.verdict.Render(l) + "\n")
	}
	return b.String()
}

// section renders a panel heading.
func section(t theme, name string) string {
	return "\n" + t.title.Render(name) + "\n"
}

// kv renders one "label  value" panel line.
func kv(t theme, label, value string) string {
	return t.label.Render(pad(label, labelWidth)) + value
}

// kvWrap renders a "label  value" panel entry wrapped to inner columns,
// the continuation lines under the value: the box cuts a longer line.
func kvWrap(t theme, label, value string, inner int) []string {
	lines := wrapBox(value, inner-labelWidth, "")
	if len(lines) == 0 {
		return []string{kv(t, label, "")}
	}
	out := []string{kv(t, label, lines[0])}
	for _, l := range lines[1:] {
		out = append(out, pad("", labelWidth)+l)
	}
	return out
}

// hostLines are the host panel's lines, wrapped to inner columns.
func hostLines(t theme, h profile.Host, inner int) []string {
	lines := []string{kv(t, "hostname", orDash(h.Hostname))}
	if h.Board != "" {
		lines = append(lines, kv(t, "board", clean(h.Board)))
	}
	sys := strings.TrimSpace(fmt.Sprintf("%s/%s, kernel %s", h.OS, h.Arch, orDash(h.Kernel)))
	if h.Virtualization != "" {
		sys += fmt.Sprintf(", %s %s", h.Virtualization, h.VirtRole)
	}
	lines = append(lines, kvWrap(t, "system", clean(sys), inner)...)
	cpu := fmt.Sprintf("%d logical / %d physical", h.CPU.Logical, h.CPU.Physical)
	if a := h.CPU.AllowedCPUs; a > 0 && a < h.CPU.Logical {
		cpu += fmt.Sprintf(", cpuset allows %d", a)
	}
	if h.CPU.QuotaCores > 0 {
		cpu += fmt.Sprintf(", quota %.1f cores", h.CPU.QuotaCores)
	}
	lines = append(lines, kvWrap(t, "cpu", cpu, inner)...)
	lines = append(lines, kvWrap(t, "cpu model", orDash(h.CPU.Model), inner)...)
	if sp := h.CPU.Speed; sp != nil {
		lines = append(lines, kvWrap(t, "cpu speed", cpuSpeedText(h.CPU), inner)...)
	}
	mem := fmt.Sprintf("%s total, %s available", profile.HumanBytes(h.Memory.TotalBytes),
		profile.HumanBytes(h.Memory.AvailableBytes))
	limit := "none"
	if h.Memory.LimitBytes > 0 {
		limit = profile.HumanBytes(h.Memory.LimitBytes)
	}
	if hp := h.Memory.HugePagesBytes; hp > 0 {
		mem += fmt.Sprintf(", %s of it reserved as huge pages", profile.HumanBytes(hp))
	}
	if c := h.Memory.StrictCommitLimit(); c > 0 {
		mem += fmt.Sprintf(", commit limit %s (vm.overcommit_memory = 2)", profile.HumanBytes(c))
		if room, ok := h.Memory.StrictCommitRoom(); ok {
			mem += fmt.Sprintf(" of which %s is committed, %s left", profile.HumanBytes(h.Memory.CommittedBytes), profile.HumanBytes(room))
		}
	}
	lines = append(lines, kvWrap(t, "memory", mem, inner)...)
	if ft := h.Memory.FirstTouch; ft != nil {
		lines = append(lines, kvWrap(t, "new memory", firstTouchText(*ft), inner)...)
	}
	return append(lines, kv(t, "cgroup", "memory limit "+limit))
}

// firstTouchText says what a page of fresh memory cost the first time it
// was written and again, and what a GiB of them costs.
func firstTouchText(f profile.FirstTouch) string {
	return fmt.Sprintf("%s a %s page written the first time, %s again (%.2f s per GiB; %s written)",
		microsText(f.FirstNsPerPage), profile.HumanBytes(f.PageBytes), microsText(f.AgainNsPerPage), f.SecondsPerGiB(), profile.HumanBytes(f.Bytes))
}

// microsText renders nanoseconds as "14.2 µs" (or "0.05 µs").
func microsText(ns float64) string {
	if ns >= 1000 {
		return fmt.Sprintf("%.1f µs", ns/1000)
	}
	return fmt.Sprintf("%.2f µs", ns/1000)
}

// storageLines are the storage panel's lines; inner is the panel's width.
func storageLines(t theme, s profile.Storage, inner int) []string {
	d := s.Device
	chain := append([]string{dirPath(s.Path), "mount " + orDash(s.MountPoint) + " (" + orDash(s.FSType) + ")"}, d.Chain...)
	path := strings.Join(chain, " → ")
	if len(d.Leaves) > 1 { // btrfs/md over several disks: the chain follows only the first
		names := make([]string, len(d.Leaves))
		for i, l := range d.Leaves {
			names[i] = l.Name
		}
		path += " (leaves " + strings.Join(names, ", ") + ")"
	}
	if len(d.Members) > 1 { // the chain follows the first member; the others may sit on the same disk (review r50)
		path += " (members " + strings.Join(d.Members, ", ")
		if d.MembersLayout != "" {
			path += ", " + d.MembersLayout
		}
		path += ")"
	}
	lines := wrapBox(clean(path), inner-labelWidth, "")
	out := []string{kv(t, "path", lines[0])}
	for _, l := range lines[1:] {
		out = append(out, pad("", labelWidth)+l)
	}
	model := strings.TrimSpace(d.Vendor + " " + d.Model)
	out = append(out, kvWrap(t, "transport", orDash(d.Transport)+", model "+orDash(model), inner)...)
	out = append(out, kvWrap(t, "labels", deviceLabels(d), inner)...)
	free := profile.HumanBytes(s.FreeBytes) + " free"
	if s.TotalBytes > 0 {
		free += " of " + profile.HumanBytes(s.TotalBytes)
	}
	if d.DeviceSizeBytes > 0 && len(d.Leaves) > 0 {
		free += ", " + clean(d.Name) + " " + profile.HumanBytes(d.DeviceSizeBytes) + " on disk " + clean(d.Leaves[0].Name)
		if d.SizeBytes > 0 {
			free += " " + profile.HumanBytes(d.SizeBytes)
		}
	} else if d.SizeBytes > 0 {
		free += ", disk " + profile.HumanBytes(d.SizeBytes)
	}
	out = append(out, kvWrap(t, "space", free, inner)...)
	because := ""
	if len(s.ClassEvidence) > 0 {
		because = ", because:"
	}
	out = append(out, kv(t, "class", t.classStyle(s.Class).Render(orDash(s.Class))+because))
	for _, e := range s.ClassEvidence {
		for i, l := range wrapBox(e, inner-labelWidth-2, "") {
			mark := "• "
			if i > 0 {
				mark = "  "
			}
			out = append(out, pad("", labelWidth)+mark+l)
		}
	}
	return out
}

// deviceLabels lists the kernel's labels, which are only hints.
func deviceLabels(d profile.Device) string {
	rot := "rotational=0"
	switch {
	case d.RotationalUnknown:
		rot = "rotational=?"
	case d.RotationalFlag:
		rot = "rotational=1"
	}
	block := "block ?" // not read (tmpfs, an attribute this user may not read): not 0 bytes (review r10)
	if d.LogicalBlockSize > 0 {
		block = fmt.Sprintf("block %d B", d.LogicalBlockSize)
	}
	parts := []string{rot, block}
	if d.Scheduler != "" {
		parts = append(parts, "sched "+d.Scheduler)
	}
	if d.WriteCache != "" {
		parts = append(parts, "cache "+d.WriteCache)
	}
	return strings.Join(parts, ", ")
}

// keySettings are the server variables worth seeing next to the disk
// numbers: the ones that decide what a commit costs and what fits in RAM.
var keySettings = []string{
	"innodb_buffer_pool_size", "innodb_redo_log_capacity", "innodb_log_file_size",
	"innodb_flush_log_at_trx_commit", "sync_binlog", "log_bin",
	"innodb_flush_method", "innodb_io_capacity", "innodb_io_capacity_max",
}

// serverLines are the server panel's lines.
func serverLines(t theme, s *profile.Server) []string {
	out := []string{kv(t, "server", orDash(s.Flavor+" "+s.Version))}
	out = append(out, kv(t, "datadir", orDash(dirPath(s.Datadir))))
	out = append(out, kv(t, "data", fmt.Sprintf("%s in %d tables", profile.HumanBytes(s.DataBytes), s.Tables)))
	for _, name := range keySettings {
		if v, ok := s.Variables[name]; ok {
			out = append(out, t.label.Render(pad(name, 31))+" "+clean(v))
		}
	}
	return out
}

// measurementNotes are the storage notes, then what says to trust the
// figures less (advisor.TrustNotes: a busy host before the run, noisy
// figures, unstable shapes).
func measurementNotes(p *profile.Profile) []string {
	return append(append([]string(nil), p.Storage.Notes...), advisor.TrustNotes(p)...)
}

// notesText lists the measurement notes and every gap.
func notesText(t theme, p *profile.Profile, w int) string {
	var b strings.Builder
	if notes := measurementNotes(p); len(notes) > 0 {
		b.WriteString(section(t, "MEASUREMENT NOTES"))
		for _, n := range notes {
			b.WriteString(bullets("•", n, w))
		}
	}
	gaps := gapLines(p)
	if len(gaps) > 0 {
		b.WriteString(section(t, "GAPS") + t.dim.Render(fit("what mytune could not see", w)) + "\n")
		for _, g := range gaps {
			b.WriteString(bullets(t.warn.Render("!"), g, w))
		}
	}
	return b.String()
}

// gapLines phrases each gap for a reader.
func gapLines(p *profile.Profile) []string {
	var out []string
	for _, g := range p.Gaps {
		if g.Probe == "server" {
			out = append(out, "server not reachable: "+g.Reason)
			continue
		}
		if strings.HasPrefix(g.Probe, "storage.measure") {
			out = append(out, fmt.Sprintf("not measured: %s — %s", g.Probe, g.Reason))
			continue
		}
		out = append(out, fmt.Sprintf("%s — %s", g.Probe, g.Reason)) // what could not be read, measured figures or not
	}
	if s := p.Server; s != nil && !s.Reachable && s.Error != "" && !hasServerGap(p) {
		out = append(out, "server not reachable: "+s.Error)
	}
	if s := p.Server; s != nil {
		for _, u := range s.Unread {
			out = append(out, "not read from the server: "+u)
		}
	}
	return out
}

// hasServerGap reports whether a gap already says the server was not read.
func hasServerGap(p *profile.Profile) bool {
	for _, g := range p.Gaps {
		if g.Probe == "server" {
			return true
		}
	}
	return false
}

// bullets renders s as a wrapped list item led by mark (one cell wide).
func bullets(mark, s string, w int) string {
	var b strings.Builder
	for i, l := range wrap(s, w-4, "") {
		lead := "    "
		if i == 0 {
			lead = "  " + mark + " "
		}
		b.WriteString(lead + l + "\n")
	}
	return b.String()
}

// orDash returns s cleaned, or "—" when s is empty.
func orDash(s string) string {
	if strings.TrimSpace(s) == "" {
		return dash
	}
	return clean(s)
}

// dirPath is a directory path as shown: without the trailing slash
// @@datadir carries ("/var/lib/mysql/") or a typed --datadir may, so the
// path reads the same in every panel; "/" stays "/".
func dirPath(p string) string {
	if t := strings.TrimRight(p, "/"); t != "" {
		return t
	}
	return p
}

// clean replaces control characters (newlines, escapes) in data taken from
// the machine with spaces, so a hostile hostname cannot break the layout or
// drive the terminal.
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
}

// seconds renders a duration given in float seconds, rounded to the
// millisecond: 4.02 is 4019999999.9999995 ns as a float, which truncation
// printed as 4.019s beside the JSON's 4.02.
func seconds(s float64) string {
	return (time.Duration(math.Round(s*1000)) * time.Millisecond).String()
}

// cpuSpeedText says what the CPU measurement did: one worker's rate, all
// workers' rate and how many workers' worth that is (capped at the usable
// CPUs, and said when it was), the steal, and where the thread clocks were
// read the rate per CPU-second and the share of the time the workers ran.
func cpuSpeedText(c profile.CPU) string {
	sp := c.Speed
	worth, capped := c.EffectiveCPUs()
	s := fmt.Sprintf("%s units/s on one CPU, %s on %d (%.1f CPUs' worth", kiloUnits(sp.SingleOpsPerS), kiloUnits(sp.AllOpsPerS), sp.Workers, worth)
	if capped {
		s += fmt.Sprintf(", capped at the %g usable CPUs: the run on all of them did %.1f times the one-CPU run, "+
			"so that run read low (most likely other tasks held its CPU)", worth, sp.EffectiveCores())
	}
	s += ")"
	if sp.StealPct != nil {
		s += fmt.Sprintf(", hypervisor steal %.0f%%", *sp.StealPct)
	}
	if sp.SingleOpsPerCPUS > 0 {
		s += fmt.Sprintf("; %s per CPU-second while running, the workers ran %.0f%% of the time", kiloUnits(sp.SingleOpsPerCPUS), 100*sp.AllCPUShare)
	}
	if sp.MemLoadNs > 0 {
		s += fmt.Sprintf("; memory %.0f ns a load (a random chase through %s)", sp.MemLoadNs, profile.HumanBytes(sp.MemChaseBytes))
	}
	return s
}

// kiloUnits renders a rate as "41.2k" (or "950" under a thousand).
func kiloUnits(v float64) string {
	if v < 1000 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1fk", v/1000)
}
