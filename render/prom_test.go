package render

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mytune/mytune/profile"
)

// The text exposition format, as prometheus.io/docs/instrumenting/exposition_formats
// specifies it; promCheck is a strict hand-written reader of it.
var (
	promMetricName = regexp.MustCompile(`^[a-zA-Z_:][a-zA-Z0-9_:]*$`)
	promLabelName  = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*$`)
	promTypes      = map[string]bool{"counter": true, "gauge": true, "histogram": true, "summary": true, "untyped": true}
)

// promSeries is one parsed sample.
type promSeries struct {
	name   string
	labels map[string]string
	value  float64
}

// promCheck parses out and returns its samples, or the first violation:
// a bad name, label or value, a bad escape, HELP/TYPE repeated or after
// the samples, a family split in two, a duplicate series.
func promCheck(out string) ([]promSeries, error) {
	var series []promSeries
	typed, helped, closed := map[string]bool{}, map[string]bool{}, map[string]bool{}
	types, seen := map[string]string{}, map[string]bool{}
	current := ""
	if !strings.HasSuffix(out, "\n") {
		return nil, fmt.Errorf("output does not end in a newline")
	}
	for i, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		where := fmt.Sprintf("line %d %q", i+1, line)
		if strings.HasPrefix(line, "# HELP ") || strings.HasPrefix(line, "# TYPE ") {
			f := strings.SplitN(line, " ", 4)
			if len(f) < 4 || !promMetricName.MatchString(f[2]) {
				return nil, fmt.Errorf("%s: malformed", where)
			}
			seenMap := helped
			if f[1] == "TYPE" {
				seenMap = typed
				if !promTypes[f[3]] {
					return nil, fmt.Errorf("%s: unknown type", where)
				}
				types[f[2]] = f[3]
			}
			if seenMap[f[2]] || closed[f[2]] || f[2] == current {
				return nil, fmt.Errorf("%s: repeated or after its samples", where)
			}
			seenMap[f[2]] = true
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := promParseSample(line)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", where, err)
		}
		family, err := promSampleFamily(s, types, where)
		if err != nil {
			return nil, err
		}
		if family != current {
			if closed[family] {
				return nil, fmt.Errorf("%s: family %s split in two", where, family)
			}
			closed[current], current = true, family
		}
		if !typed[family] || !helped[family] {
			return nil, fmt.Errorf("%s: no HELP and TYPE before the sample", where)
		}
		key := fmt.Sprint(s.name, s.labels) // fmt sorts map keys
		if seen[key] {
			return nil, fmt.Errorf("%s: duplicate series", where)
		}
		seen[key] = true
		series = append(series, s)
	}
	return series, nil
}

// promSampleFamily is the family sample s belongs to: its name, or for a
// summary's _sum and _count the summary's; where is the line, for the
// error of a quantile label on a sample that must not have one.
func promSampleFamily(s promSeries, types map[string]string, where string) (string, error) {
	family := s.name
	for _, suf := range []string{"_sum", "_count"} {
		if base := strings.TrimSuffix(s.name, suf); base != s.name && types[base] == "summary" {
			family = base
			if _, q := s.labels["quantile"]; q {
				return "", fmt.Errorf("%s: a summary's %s has a quantile label", where, suf)
			}
		}
	}
	if _, q := s.labels["quantile"]; q && types[family] != "summary" {
		return "", fmt.Errorf("%s: non-summary metrics should not have \"quantile\" label (promtool's lint)", where)
	}
	return family, nil
}

// promParseSample parses `name{a="x",b="y"} value`.
func promParseSample(line string) (promSeries, error) {
	s := promSeries{labels: map[string]string{}}
	end := strings.IndexAny(line, "{ ")
	if end < 0 {
		return s, fmt.Errorf("no value")
	}
	s.name, line = line[:end], line[end:]
	if !promMetricName.MatchString(s.name) {
		return s, fmt.Errorf("bad metric name %q", s.name)
	}
	if strings.HasPrefix(line, "{") {
		rest, err := promParseLabels(line[1:], s.labels)
		if err != nil {
			return s, err
		}
		line = rest
	}
	f := strings.Fields(line)
	if len(f) < 1 || len(f) > 2 || !strings.HasPrefix(line, " ") {
		return s, fmt.Errorf("want one value (and an optional timestamp)")
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return s, fmt.Errorf("bad value %q", f[0])
	}
	s.value = v
	return s, nil
}

// promParseLabels reads label pairs up to "}" into into and returns the rest.
func promParseLabels(in string, into map[string]string) (string, error) {
	for {
		if strings.HasPrefix(in, "}") {
			return in[1:], nil
		}
		eq := strings.Index(in, `="`)
		if eq < 0 || !promLabelName.MatchString(in[:eq]) {
			return "", fmt.Errorf("bad label in %q", in)
		}
		name := in[:eq]
		in = in[eq+2:]
		var val strings.Builder
		for {
			if in == "" {
				return "", fmt.Errorf("unterminated label value")
			}
			c := in[0]
			in = in[1:]
			if c == '"' {
				break
			}
			if c == '\n' {
				return "", fmt.Errorf("raw newline in label value")
			}
			if c == '\\' {
				if in == "" {
					return "", fmt.Errorf("dangling backslash")
				}
				switch in[0] {
				case '\\', '"':
					val.WriteByte(in[0])
				case 'n':
					val.WriteByte('\n')
				default:
					return "", fmt.Errorf("bad escape \\%c", in[0])
				}
				in = in[1:]
				continue
			}
			val.WriteByte(c)
		}
		if _, dup := into[name]; dup {
			return "", fmt.Errorf("label %s repeated", name)
		}
		if !utf8.ValidString(val.String()) {
			return "", fmt.Errorf("label %s value is not UTF-8", name)
		}
		into[name] = val.String()
		in = strings.TrimPrefix(in, ",")
	}
}

func TestPromCheckRejects(t *testing.T) {
	head := "# HELP m x\n# TYPE m gauge\n"
	cases := []struct{ name, in string }{
		{"no newline at end", head + "m 1"},
		{"no TYPE", "# HELP m x\nm 1\n"},
		{"bad name", "# HELP 1m x\n# TYPE 1m gauge\n1m 1\n"},
		{"bad value", head + "m one\n"},
		{"unescaped quote", head + `m{a="x"y"} 1` + "\n"},
		{"bad escape", head + `m{a="x\t"} 1` + "\n"},
		{"duplicate series", head + "m{a=\"1\"} 1\nm{a=\"1\"} 2\n"},
		{"split family", head + "m 1\n# HELP n x\n# TYPE n gauge\nn 1\nm{a=\"2\"} 1\n"},
		{"TYPE twice", head + "# TYPE m gauge\nm 1\n"},
		{"unknown type", "# HELP m x\n# TYPE m meter\nm 1\n"},
		{"label not UTF-8", head + "m{a=\"bad\xffname\"} 1\n"},
		{"quantile on a gauge", head + "m{quantile=\"0.5\"} 1\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := promCheck(c.in); err == nil {
				t.Errorf("accepted %q", c.in)
			}
		})
	}
	if _, err := promCheck(head + `m{a="q\"b\\s\nn",b="2"} 1.5e+09` + "\n"); err != nil {
		t.Errorf("rejected a valid exposition: %v", err)
	}
}

// renderProm renders p as Prometheus text and checks it (promCheck).
func renderProm(t *testing.T, p *profile.Profile) ([]promSeries, string) {
	t.Helper()
	var buf bytes.Buffer
	if err := Profile(&buf, p, Options{Format: "prom"}); err != nil {
		t.Fatal(err)
	}
	series, err := promCheck(buf.String())
	if err != nil {
		t.Fatalf("invalid exposition: %v\n%s", err, buf.String())
	}
	return series, buf.String()
}

// TestPromLabelOddPath: a datadir path with a quote, a backslash, a
// newline and a byte that is not UTF-8 (Linux paths may hold any) still
// makes a valid exposition; the bad byte becomes U+FFFD, as in JSON.
func TestPromLabelOddPath(t *testing.T) {
	p := loadProfile(t, "unmeasured.json")
	p.Storage.Path = "/data/a\"b\\c\nd\xffe"
	series, _ := renderProm(t, p)
	for _, s := range series {
		if s.name == "mytune_profile_info" && s.labels["path"] != "/data/a\"b\\c\nd\uFFFDe" {
			t.Errorf("path label %q", s.labels["path"])
		}
	}
}

func TestProfileProm(t *testing.T) {
	cases := []struct {
		in     string
		want   map[string]float64 // series "name{labels}" (fmt of the map) → value
		absent []string
	}{
		{"ssd-vm.json", map[string]float64{
			"mytune_storage_seq_write_bytes_per_second map[]":                         1.31e9,
			"mytune_storage_fsync_latency_seconds map[quantile:0.5]":                  170e-6,
			"mytune_storage_fsync_latency_seconds map[quantile:0.99]":                 420e-6,
			"mytune_storage_fsync_latency_seconds_sum map[]":                          190e-6 * 5260, // mean_us × ops
			"mytune_storage_fsync_latency_seconds_count map[]":                        5260,
			"mytune_storage_rand_write_iops map[threads:1]":                           10200,
			"mytune_storage_rand_read_iops map[threads:16]":                           52600,
			"mytune_storage_rand_write_latency_seconds map[quantile:0.99 threads:16]": 1650e-6,
			"mytune_host_memory_bytes map[]":                                          25276502016,
			"mytune_profile_timestamp_seconds map[]":                                  1796026200,
		}, nil},
		{"unmeasured.json", map[string]float64{"mytune_storage_measured map[]": 0},
			[]string{"mytune_storage_seq_write_bytes_per_second", "mytune_storage_rand_write_iops"}},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			p := loadProfile(t, c.in)
			series, out := renderProm(t, p)
			got := map[string]float64{}
			for _, s := range series {
				if !strings.HasPrefix(s.name, "mytune_") {
					t.Errorf("metric %s lacks the mytune_ prefix", s.name)
				}
				got[fmt.Sprint(s.name, " ", s.labels)] = s.value
				if s.name == "mytune_profile_info" && (s.labels["hostname"] != p.Host.Hostname || s.labels["path"] != p.Storage.Path) {
					t.Errorf("info labels do not round-trip: %q %q", s.labels["hostname"], s.labels["path"])
				}
			}
			for k, v := range c.want {
				if g, ok := got[k]; !ok || !near(g, v) {
					t.Errorf("%s = %v (present %v), want %v", k, g, ok, v)
				}
			}
			for _, name := range c.absent {
				if strings.Contains(out, name) {
					t.Errorf("unmeasured profile exports %s", name)
				}
			}
		})
	}
}

func TestProfilePromGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := Profile(&buf, loadProfile(t, "sdcard-pi.json"), Options{Format: "prom"}); err != nil {
		t.Fatal(err)
	}
	golden(t, "sdcard-pi.prom.golden", buf.String())
}

func TestPromValue(t *testing.T) {
	cases := []struct {
		in   float64
		want string
	}{
		{304.4 / 1e6, "0.0003044"},
		{0, "0"},
		{1.5e9, "1500000000"},
		{42, "42"},
		{1e-7, "1e-07"},
	}
	for _, c := range cases {
		if got := promValue(c.in); got != c.want {
			t.Errorf("promValue(%v) = %q, want %q", c.in, got, c.want)
		}
	}
}

// cpuSteal is the steal the CPU speed cases read.
var cpuSteal = 7.3

// cpuSpeedCases are the CPU measurements TestProfileCPUSpeed renders.
var cpuSpeedCases = []struct {
	name     string
	steal    *float64
	clocks   bool
	mem      bool
	text     string
	prom     map[string]float64
	promNone []string
}{
	{"with steal", &cpuSteal, false, false, "cpu speed  20.0k units/s on one CPU, 36.0k on 2 (1.8 CPUs' worth), hypervisor steal 7%",
		map[string]float64{"mytune_host_cpu_effective_cpus map[]": 1.8, "mytune_host_cpu_steal_ratio map[]": 0.073,
			"mytune_host_cpu_effective_cpus_capped map[]": 0}, nil},
	{"no steal reading", nil, false, false, "cpu speed  20.0k units/s on one CPU, 36.0k on 2 (1.8 CPUs' worth) ",
		map[string]float64{"mytune_host_cpu_effective_cpus map[]": 1.8},
		[]string{"mytune_host_cpu_steal_ratio", "mytune_host_cpu_share_ratio", "mytune_host_memory_load_seconds"}},
	{"memory chased", nil, false, true, "(1.8 CPUs' worth); memory 95 ns a load (a random chase through 128.0 MiB)",
		map[string]float64{"mytune_host_memory_load_seconds map[]": 95.4e-9}, nil},
	{"thread clocks read", &cpuSteal, true, false, "hypervisor steal 7%; 25.0k per CPU-second while running, the workers ran 90% of the time",
		map[string]float64{"mytune_host_cpu_share_ratio map[]": 0.9}, nil},
	// QA: the one-CPU slice starved by six busy loops read 5.2 CPUs' worth on 2 CPUs
	{"starved one-CPU run: capped at the 2 CPUs", nil, false, false, "cpu speed  20.0k units/s on one CPU, 104.0k on 2 (2.0 CPUs' worth, " +
		"capped at the 2 usable CPUs: the run on all of them did 5.2 times the one-CPU run, so that run read low",
		map[string]float64{"mytune_host_cpu_effective_cpus map[]": 2, "mytune_host_cpu_effective_cpus_capped map[]": 1}, nil},
	{"cgroup quota 1.5: capped at it", nil, false, false, "(1.5 CPUs' worth, capped at the 1.5 usable CPUs: the run on all of them did 1.8 times",
		map[string]float64{"mytune_host_cpu_effective_cpus map[]": 1.5, "mytune_host_cpu_effective_cpus_capped map[]": 1}, nil},
}

// TestProfileCPUSpeed: the CPU measurement in text (one line) and in
// Prometheus output (effective CPUs capped at the usable ones, steal as a ratio, the memory chase's
// load time in seconds); without a reading, no series and no words.
func TestProfileCPUSpeed(t *testing.T) {
	for _, tc := range cpuSpeedCases {
		t.Run(tc.name, func(t *testing.T) {
			p := loadProfile(t, "ssd-vm.json")
			p.Host.CPU.Speed = &profile.CPUSpeed{SingleOpsPerS: 20000, AllOpsPerS: 36000, Workers: 2, StealPct: tc.steal}
			switch {
			case strings.HasPrefix(tc.name, "starved"):
				p.Host.CPU.Speed.AllOpsPerS = 104000
			case strings.HasPrefix(tc.name, "cgroup quota"):
				p.Host.CPU.QuotaCores = 1.5
			}
			if tc.clocks {
				p.Host.CPU.Speed.SingleOpsPerCPUS, p.Host.CPU.Speed.SingleCPUShare, p.Host.CPU.Speed.AllCPUShare = 25000, 0.8, 0.9
			}
			if tc.mem {
				p.Host.CPU.Speed.MemLoadNs, p.Host.CPU.Speed.MemChaseBytes = 95.4, 128<<20
			}
			var txt, prom bytes.Buffer
			if err := Profile(&txt, p, Options{Format: "text", Width: 200}); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(txt.String(), tc.text) {
				t.Errorf("text lacks %q:\n%s", tc.text, txt.String())
			}
			if !tc.mem && strings.Contains(txt.String(), "ns a load") {
				t.Errorf("text states a memory latency without its reading:\n%s", txt.String())
			}
			if err := Profile(&prom, p, Options{Format: "prom"}); err != nil {
				t.Fatal(err)
			}
			series, err := promCheck(prom.String())
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]float64{}
			for _, s := range series {
				got[fmt.Sprint(s.name, " ", s.labels)] = s.value
			}
			for k, v := range tc.prom {
				if g, ok := got[k]; !ok || !near(g, v) {
					t.Errorf("%s = %v (present %v), want %v", k, g, ok, v)
				}
			}
			for _, name := range tc.promNone {
				if strings.Contains(prom.String(), name) {
					t.Errorf("exports %s without its reading", name)
				}
			}
		})
	}
}

// TestHostBoxWraps: at 80 columns the HOST box wraps a long line (cpu
// speed, system) instead of cutting it: every figure stays readable.
func TestHostBoxWraps(t *testing.T) {
	p := loadProfile(t, "ssd-vm.json")
	steal := 7.3
	p.Host.CPU.Speed = &profile.CPUSpeed{SingleOpsPerS: 20000, AllOpsPerS: 36000, Workers: 2, StealPct: &steal,
		SingleOpsPerCPUS: 25000, SingleCPUShare: 0.8, AllCPUShare: 0.9, MemLoadNs: 95.4, MemChaseBytes: 128 << 20}
	var txt bytes.Buffer
	if err := Profile(&txt, p, Options{Format: "text", Width: 80}); err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(strings.NewReplacer("│", " ").Replace(txt.String())), " ")
	for _, want := range []string{"hypervisor steal 7%", "the workers ran 90% of the time", "memory 95 ns a load (a random chase through 128.0 MiB)"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the 80-column HOST box lost %q:\n%s", want, txt.String())
		}
	}
	checkWidth(t, txt.String(), 80)
}

// TestProfileFirstTouch: the fresh-memory reading in text (per page, again,
// per GiB) and in Prometheus output (seconds a GiB); without it neither.
func TestProfileFirstTouch(t *testing.T) {
	cases := []struct {
		name string
		ft   *profile.FirstTouch
		text string
		gib  float64 // the series' value; 0: not exported
	}{
		{"a VM backing memory on first touch (this project's, 2026-12-05)",
			&profile.FirstTouch{Bytes: 64 << 20, PageBytes: 4096, FirstNsPerPage: 10275, AgainNsPerPage: 28},
			"new memory 10.3 µs a 4.0 KiB page written the first time, 0.03 µs again (2.69 s per GiB; 64.0 MiB written)", 10275e-9 * 262144},
		{"not measured", nil, "", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := loadProfile(t, "ssd-vm.json")
			p.Host.Memory.FirstTouch = tc.ft
			var txt, prom bytes.Buffer
			if err := Profile(&txt, p, Options{Format: "text", Width: 200}); err != nil {
				t.Fatal(err)
			}
			if err := Profile(&prom, p, Options{Format: "prom"}); err != nil {
				t.Fatal(err)
			}
			if tc.ft == nil {
				if strings.Contains(txt.String(), "new memory") || strings.Contains(prom.String(), "first_touch") {
					t.Fatalf("a reading shown without one:\n%s\n%s", txt.String(), prom.String())
				}
				return
			}
			if !strings.Contains(txt.String(), tc.text) {
				t.Errorf("text lacks %q:\n%s", tc.text, txt.String())
			}
			series, err := promCheck(prom.String())
			if err != nil {
				t.Fatal(err)
			}
			found := false
			for _, s := range series {
				if s.name == "mytune_host_memory_first_touch_seconds_per_gib" {
					found = true
					if !near(s.value, tc.gib) {
						t.Errorf("series %v, want %v", s.value, tc.gib)
					}
				}
			}
			if !found {
				t.Errorf("no mytune_host_memory_first_touch_seconds_per_gib series:\n%s", prom.String())
			}
		})
	}
}
