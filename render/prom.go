package render

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/mytune/mytune/advisor"
	"github.com/mytune/mytune/profile"
)

// promLabel is one label pair of a sample.
type promLabel struct{ name, value string }

// promSample is one line of a metric family; suffix is a summary's
// "_sum" or "_count" after the family's name.
type promSample struct {
	labels []promLabel
	value  float64
	suffix string
}

// promFamily is a metric with its HELP text, TYPE and samples, in the
// Prometheus text exposition format (prometheus.io/docs/instrumenting/exposition_formats).
// A family whose samples carry the quantile label is a summary (only a
// summary may, promtool check metrics), any other a gauge.
type promFamily struct {
	name, help string
	samples    []promSample
}

// profileProm renders p for node_exporter's textfile collector: every name
// starts with mytune_ and carries its unit; the latency families are
// summaries (quantiles, and _sum/_count where the mean is known), the rest
// gauges. extra labels go on every series.
func profileProm(p *profile.Profile, extra ...Label) string {
	fams := []promFamily{
		{"mytune_profile_info", "Facts about the profile as labels; the value is always 1.", []promSample{{
			labels: []promLabel{{"class", p.Storage.Class}, {"transport", p.Storage.Device.Transport},
				{"device", p.Storage.Device.Name}, {"path", p.Storage.Path}, {"version", p.ToolVersion},
				{"hostname", p.Host.Hostname}},
			value: 1}}},
		{"mytune_profile_timestamp_seconds", "When the profile was taken, in Unix seconds.", timestamp(p)},
		{"mytune_host_cpu_logical", "Logical CPUs the host offers.", one(float64(p.Host.CPU.Logical))},
		{"mytune_host_memory_bytes", "Total RAM of the host.", one(float64(p.Host.Memory.TotalBytes))},
		{"mytune_host_memory_limit_bytes", "cgroup memory limit, 0 if none.", one(float64(p.Host.Memory.LimitBytes))},
		{"mytune_storage_free_bytes", "Free space on the filesystem of the data directory.", one(float64(p.Storage.FreeBytes))},
		{"mytune_storage_measured", "1 if the storage was measured, 0 if not.", one(boolFloat(p.Storage.Measured))},
	}
	if ft := p.Host.Memory.FirstTouch; ft != nil {
		fams = append(fams, promFamily{"mytune_host_memory_first_touch_seconds_per_gib",
			"Time a GiB of fresh memory took to write the first time, page by page, when probed (page faults, clearing and any hypervisor backing).",
			one(ft.SecondsPerGiB())})
	}
	if sp := p.Host.CPU.Speed; sp != nil {
		worth, capped := p.Host.CPU.EffectiveCPUs()
		fams = append(fams, promFamily{"mytune_host_cpu_effective_cpus",
			"How many one-CPU workers' worth of fixed work all usable CPUs did together when probed (below the CPUs: shared; never above them).",
			one(worth)}, promFamily{"mytune_host_cpu_effective_cpus_capped",
			"1 if mytune_host_cpu_effective_cpus was capped at the usable CPUs (the one-CPU run was starved and read low), else 0.",
			one(boolFloat(capped))})
		if sp.AllCPUShare > 0 {
			fams = append(fams, promFamily{"mytune_host_cpu_share_ratio",
				"Share of the wall clock the CPU measurement's workers ran (below 1: other tasks had the CPUs part of the time).",
				one(sp.AllCPUShare)})
		}
		if sp.MemLoadNs > 0 {
			fams = append(fams, promFamily{"mytune_host_memory_load_seconds",
				"Time one dependent load took in a random chase through memory bigger than the caches, when probed.",
				one(sp.MemLoadNs / 1e9)})
		}
		if sp.StealPct != nil {
			fams = append(fams, promFamily{"mytune_host_cpu_steal_ratio",
				"Share of CPU time the hypervisor gave to others while the CPUs were measured (/proc/stat steal).",
				one(*sp.StealPct / 100)})
		}
	}
	if p.Storage.Measured {
		fams = append(fams, storageFamilies(p.Storage)...)
	}
	fams = append(fams, trustFamilies(advisor.Trust(p))...)
	var b strings.Builder
	for _, f := range fams {
		writeFamily(&b, withLabels(f, extra))
	}
	return b.String()
}

// withLabels is f with extra added to every sample's labels.
func withLabels(f promFamily, extra []Label) promFamily {
	if len(extra) == 0 {
		return f
	}
	samples := make([]promSample, len(f.samples))
	for i, s := range f.samples {
		labels := append(make([]promLabel, 0, len(s.labels)+len(extra)), s.labels...)
		for _, l := range extra {
			labels = append(labels, promLabel{l.Name, l.Value})
		}
		s.labels = labels
		samples[i] = s
	}
	f.samples = samples
	return f
}

// storageFamilies are the measured figures, converted to base units
// (bytes, seconds) as the Prometheus naming guide asks.
func storageFamilies(s profile.Storage) []promFamily {
	fsync := []promSample{}
	for _, q := range []struct {
		q  string
		us float64
	}{{"0.5", s.Fsync.P50US}, {"0.99", s.Fsync.P99US}, {"1", s.Fsync.MaxUS}} {
		fsync = append(fsync, promSample{labels: []promLabel{{"quantile", q.q}}, value: q.us / 1e6})
	}
	fsync = append(fsync, sumCount(nil, s.Fsync.MeanUS, s.Fsync.Ops)...)
	return []promFamily{
		{"mytune_storage_seq_write_bytes_per_second", "Sequential 1 MiB O_DIRECT write rate.", one(s.SeqWrite.MBPerS * 1e6)},
		{"mytune_storage_seq_read_bytes_per_second", "Sequential 1 MiB O_DIRECT read rate.", one(s.SeqRead.MBPerS * 1e6)},
		{"mytune_storage_fsync_latency_seconds", "Latency of a 16 KiB write plus fdatasync (quantile 1 is the maximum).", fsync},
		{"mytune_storage_fsync_ops_per_second", "16 KiB write plus fdatasync operations per second, one thread.", one(s.Fsync.OpsPerS)},
		{"mytune_storage_rand_write_iops", "16 KiB random-write operations per second by thread count.", curveSamples(s.RandWrite, iops)},
		{"mytune_storage_rand_read_iops", "16 KiB random-read operations per second by thread count.", curveSamples(s.RandRead, iops)},
		{"mytune_storage_rand_write_latency_seconds", "16 KiB random-write latency by thread count.", curveLatency(s.RandWrite)},
		{"mytune_storage_rand_read_latency_seconds", "16 KiB random-read latency by thread count.", curveLatency(s.RandRead)},
	}
}

// trustFamilies are the trust notes (advisor.Trust): their count, always
// present so an alert can fire on > 0, and per note the measured number
// and the threshold it was compared with, labelled by kind, figure and
// unit, in the note's own unit (as the JSON's "trust"). A second note on
// the same kind and figure (two curve points of one thread count, which a
// probe never writes) is counted but not repeated as a series.
func trustFamilies(notes []profile.TrustNote) []promFamily {
	var measured, threshold []promSample
	seen := map[string]bool{}
	for _, n := range notes {
		if key := n.Kind + "\x00" + n.Figure; !seen[key] {
			seen[key] = true
			labels := []promLabel{{"kind", n.Kind}, {"figure", n.Figure}, {"unit", n.Unit}}
			measured = append(measured, promSample{labels: labels, value: n.Measured})
			threshold = append(threshold, promSample{labels: labels, value: n.Threshold})
		}
	}
	return []promFamily{
		{"mytune_measurement_trust_notes", "Notes that say to trust a measured figure less (busy host, noisy or unstable figures); 0 when none.", one(float64(len(notes)))},
		{"mytune_measurement_trust", "The number behind a trust note, in its unit label: a load, a pressure or spread percent, a ratio, operations per thread.", measured},
		{"mytune_measurement_trust_threshold", "The threshold the number behind a trust note crossed, in the same unit.", threshold},
	}
}

// iops picks a point's IOPS.
func iops(p profile.ThreadPoint) float64 { return p.IOPS }

// curveSamples turns a thread curve into samples labelled by threads.
func curveSamples(curve []profile.ThreadPoint, val func(profile.ThreadPoint) float64) []promSample {
	var out []promSample
	for _, p := range curve {
		out = append(out, promSample{labels: []promLabel{{"threads", strconv.Itoa(p.Threads)}}, value: val(p)})
	}
	return out
}

// curveLatency gives p50 and p99 latency per thread count, in seconds,
// with the summary's sum and count where the point has its mean.
func curveLatency(curve []profile.ThreadPoint) []promSample {
	var out []promSample
	for _, p := range curve {
		th := []promLabel{{"threads", strconv.Itoa(p.Threads)}}
		out = append(out,
			promSample{labels: append(th[:1:1], promLabel{"quantile", "0.5"}), value: p.P50US / 1e6},
			promSample{labels: append(th[:1:1], promLabel{"quantile", "0.99"}), value: p.P99US / 1e6})
		out = append(out, sumCount(th, p.MeanUS, p.Ops)...)
	}
	return out
}

// sumCount are a summary's _sum (seconds: the mean times the count) and
// _count (operations) samples, none without a mean or a count (a profile
// saved before the mean was recorded).
func sumCount(labels []promLabel, meanUS float64, ops int) []promSample {
	if meanUS <= 0 || ops <= 0 {
		return nil
	}
	return []promSample{{labels: labels, value: meanUS * float64(ops) / 1e6, suffix: "_sum"},
		{labels: labels, value: float64(ops), suffix: "_count"}}
}

// timestamp is the profile's time, or no sample when it has none.
func timestamp(p *profile.Profile) []promSample {
	if p.TakenAt.IsZero() {
		return nil
	}
	return one(float64(p.TakenAt.UnixMilli()) / 1e3)
}

// one is a family with a single unlabelled sample.
func one(v float64) []promSample { return []promSample{{value: v}} }

// boolFloat is 1 for true, 0 for false.
func boolFloat(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// writeFamily writes HELP, TYPE and the samples of f; a family without
// samples is left out, since a TYPE line alone tells a scraper nothing.
func writeFamily(b *strings.Builder, f promFamily) {
	if len(f.samples) == 0 {
		return
	}
	typ := "gauge"
	for _, s := range f.samples {
		for _, l := range s.labels {
			if l.name == "quantile" {
				typ = "summary"
			}
		}
	}
	fmt.Fprintf(b, "# HELP %s %s\n# TYPE %s %s\n", f.name, escapeHelp(f.help), f.name, typ)
	for _, s := range f.samples {
		b.WriteString(f.name + s.suffix)
		if len(s.labels) > 0 {
			parts := make([]string, len(s.labels))
			for i, l := range s.labels {
				parts[i] = l.name + `="` + escapeLabel(l.value) + `"`
			}
			sort.Strings(parts)
			b.WriteString("{" + strings.Join(parts, ",") + "}")
		}
		b.WriteString(" " + promValue(s.value) + "\n")
	}
}

// promValue writes v in plain decimals (1310000000, 0.00017), switching to
// exponent form only for magnitudes below 1e-4 where zeros would pile up.
func promValue(v float64) string {
	// 12 significant digits: far finer than any measurement here, and it
	// hides binary noise such as 304.4e-6 printing as 0.00030439999999999997.
	v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 12, 64), 64)
	if v != 0 && math.Abs(v) < 1e-4 || math.Abs(v) >= 1e21 {
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// escapeLabel escapes a label value: backslash, double quote and newline;
// bytes that are not UTF-8 (a path can hold any) become U+FFFD, as the
// exposition format wants UTF-8 label values.
func escapeLabel(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(strings.ToValidUTF8(s, "\uFFFD"))
}

// escapeHelp escapes HELP text: backslash and newline.
func escapeHelp(s string) string {
	return strings.NewReplacer(`\`, `\\`, "\n", `\n`).Replace(s)
}
