package threads

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mytune/mytune/profile"
)

// envelopeJSON is what the load-thread rule and the restore estimate were
// fitted on: cores, servers, the loader, the dump shapes and the disk
// rates the restore sweeps measured, with its provenance.
//
//go:embed data/envelope.json
var envelopeJSON []byte

// Envelope is the fitted range of the load model.
type Envelope struct {
	Cores   fitRange `json:"cores"`
	Servers []struct {
		Flavor string `json:"flavor"`
		Series string `json:"series"`
	} `json:"servers"`
	Loader string `json:"loader"`
	Dump   struct {
		Format   string `json:"format"`
		MinBytes uint64 `json:"min_bytes"`
		MaxBytes uint64 `json:"max_bytes"`
		MinTabs  int    `json:"min_tables"`
		MaxTabs  int    `json:"max_tables"`
		// Engines are the storage engines the measured dumps' tables used
		// (sysbench's: InnoDB only).
		Engines []string `json:"engines"`
		// SQLBytesPerRow and SecondaryIndexes are the row shapes the timed
		// fit loads spanned (the SQL bytes a row, on average over a dump;
		// the secondary indexes a table).
		SQLBytesPerRow   fitRange `json:"sql_bytes_per_row"`
		SecondaryIndexes fitRange `json:"secondary_indexes"`
		// MaxPartitions is the most partitions a table of a timed restore
		// had (0: no timed restore loaded a partitioned table), and
		// PartitionMethods how those tables spread their rows
		// (DumpTableModel.PartitionBy).
		MaxPartitions    int      `json:"max_partitions"`
		PartitionMethods []string `json:"partition_methods"`
		// TablesWith is, for each kind of table (tableKinds), how many
		// tables of the timed restores were of it: 0 for every kind.
		TablesWith map[string]int `json:"tables_with"`
	} `json:"dump"`
	SeqWriteMBPerS  fitRange `json:"seq_write_mb_per_s"`
	RandWrite16IOPS fitRange `json:"rand_write_16_iops"`
	// CPUOpsPerCPUS is the probe's CPU speed (per CPU-second, less steal)
	// on the host the CPU rates were fitted on.
	CPUOpsPerCPUS fitRange `json:"cpu_ops_per_cpu_s"`
	// MemLoadNs is the probe's memory latency (host.cpu.speed.mem_load_ns)
	// on the hosts CPUTimeShare and CPURefMemLoadNs were fitted on.
	MemLoadNs fitRange `json:"mem_load_ns"`
}

// fitRange is a measured range.
type fitRange struct {
	Min float64 `json:"min"`
	Max float64 `json:"max"`
}

// out says whether v lies outside s (an unknown v, 0, is not outside).
func (s fitRange) out(v float64) bool { return v > 0 && (v < s.Min || v > s.Max) }

// FittedEnvelope is the model's range, read from data/envelope.json.
var FittedEnvelope = mustEnvelope(envelopeJSON)

// mustEnvelope parses the embedded envelope; a malformed file is a build
// mistake, caught by every test of this package.
func mustEnvelope(data []byte) Envelope {
	var e Envelope
	if err := json.Unmarshal(data, &e); err != nil || e.Cores.Max < e.Cores.Min || len(e.Servers) == 0 {
		panic(fmt.Sprintf("advisor/threads: data/envelope.json: %v", err))
	}
	return e
}

// beyond lists how this machine, target and dump lie outside the fitted
// envelope, each with the number that does; empty inside it.
func (e Envelope) beyond(p *profile.Profile, t profile.Target, c cores) []string {
	var out []string
	if n := float64(c.n); e.Cores.out(n) {
		out = append(out, fmt.Sprintf("%s (measured: %s)", count(c.n, "core"), e.Cores.text()))
	}
	if t.Flavor != "" && !e.knowsServer(t) {
		out = append(out, fmt.Sprintf("a %s %s target (measured: %s)", profile.FlavorName(t.Flavor), orAny(t.Version), e.serversText()))
	}
	if d := p.Dump; d != nil {
		if d.Format != e.Dump.Format {
			out = append(out, fmt.Sprintf("a %s dump (measured: %s)", d.Format, e.Dump.Format))
		}
		if lo, hi := dumpSQLBytes(d); hi > 0 && (lo < float64(e.Dump.MinBytes) || hi > float64(e.Dump.MaxBytes)) {
			out = append(out, fmt.Sprintf("%s of SQL (measured: %s to %s)", bytesRange(lo, hi),
				profile.HumanBytes(e.Dump.MinBytes), profile.HumanBytes(e.Dump.MaxBytes)))
		}
		if d.Tables > 0 && (d.Tables < e.Dump.MinTabs || d.Tables > e.Dump.MaxTabs) {
			out = append(out, fmt.Sprintf("%s (measured: %d to %d)", dumpTables(d), e.Dump.MinTabs, e.Dump.MaxTabs))
		}
		out = append(out, e.engines(d)...)
		out = append(out, e.rowShape(d)...)
		out = append(out, e.partitioned(d)...)
		out = append(out, e.kinds(d)...)
		out = append(out, e.loader(d, p.Tools)...)
	}
	s := p.Storage
	if s.Measured && e.SeqWriteMBPerS.out(s.SeqWrite.MBPerS) {
		out = append(out, fmt.Sprintf("a disk writing %.1f MB/s sequentially (measured: %s MB/s)", s.SeqWrite.MBPerS, e.SeqWriteMBPerS.text()))
	}
	if v := coreSpeed(p.Host.CPU.Speed); e.CPUOpsPerCPUS.out(v) {
		out = append(out, fmt.Sprintf("CPUs doing %s units per CPU-second (measured: %s-%s)", kiloOps(v), kiloOps(e.CPUOpsPerCPUS.Min), kiloOps(e.CPUOpsPerCPUS.Max)))
	}
	if sp := p.Host.CPU.Speed; sp != nil && e.MemLoadNs.out(sp.MemLoadNs) {
		out = append(out, fmt.Sprintf("memory taking %.0f ns a load (measured: %.0f-%.0f ns)", sp.MemLoadNs, e.MemLoadNs.Min, e.MemLoadNs.Max))
	}
	if pt, ok := profile.At(s.RandWrite, 16); s.Measured && ok && e.RandWrite16IOPS.out(pt.IOPS) {
		out = append(out, fmt.Sprintf("%.0f random 16K writes/s at 16 threads (measured: %s)", pt.IOPS, e.RandWrite16IOPS.text()))
	}
	return out
}

// engines lists the dump's engines no measured dump used, with their
// tables and bytes.
func (e Envelope) engines(d *profile.Dump) []string {
	var names []string
	var tables int
	var bytes uint64
	for _, en := range d.Engines {
		known := en.Name == profile.DumpEngineUnknown
		for _, m := range e.Dump.Engines {
			known = known || m == en.Name
		}
		if !known {
			names, tables, bytes = append(names, en.Name), tables+en.Tables, bytes+en.Bytes
		}
	}
	if tables == 0 {
		return nil
	}
	return []string{fmt.Sprintf("%s, %s (measured: %s tables only)",
		count(tables, strings.Join(names, ", ")+" table"), profile.HumanBytes(bytes), strings.Join(e.Dump.Engines, ", "))}
}

// rowShape lists how the dump's sampled rows differ from every measured
// dump's: their SQL bytes a row (averaged over the dump's bytes) and the
// secondary indexes of its tables; nothing when no table was sampled.
func (e Envelope) rowShape(d *profile.Dump) []string {
	var bytes, rows float64
	lo, hi := -1, -1
	for _, m := range d.TableModels {
		if m.SampledRows <= 0 || m.SQLBytesPerRow <= 0 {
			continue
		}
		bytes, rows = bytes+float64(m.Bytes), rows+m.Rows()
		n := len(m.IndexEntryBytes)
		if lo < 0 || n < lo {
			lo = n
		}
		hi = max(hi, n)
	}
	var out []string
	if rows > 0 && e.Dump.SQLBytesPerRow.out(bytes/rows) {
		out = append(out, fmt.Sprintf("rows of %.0f SQL bytes on average (measured: %s)", bytes/rows, e.Dump.SQLBytesPerRow.text()))
	} else if w := e.widerRows(d); w != "" {
		out = append(out, w)
	}
	if r := e.Dump.SecondaryIndexes; lo >= 0 && (float64(lo) < r.Min || float64(hi) > r.Max) {
		n := fmt.Sprintf("%d", lo)
		if hi != lo {
			n = fmt.Sprintf("%d to %d", lo, hi)
		}
		out = append(out, fmt.Sprintf("tables with %s secondary indexes (measured: %s)", n, r.text()))
	}
	return out
}

// partitioned lists the dump's partitioned tables when one has more
// partitions than any timed restore's table had, and those that spread
// their rows by a method no timed restore's did (the growth counts each
// partition an even share of its table's rows: so HASH and KEY do; RANGE
// and LIST hold what their definitions say, which the dump does not tell).
func (e Envelope) partitioned(d *profile.Dump) []string {
	tables, parts, most := 0, 0, 0
	other := map[string]int{}
	for _, m := range d.TableModels {
		if m.Partitions > 0 && loadsIntoInnoDB(m.Engine) && m.SQLBytesPerRow > 0 { // the tablespaces the growth counts
			tables, parts, most = tables+1, parts+m.Partitions, max(most, m.Partitions)
			if !slices.Contains(e.Dump.PartitionMethods, m.PartitionBy) {
				other[m.PartitionBy]++
			}
		}
	}
	if tables == 0 {
		return nil
	}
	var out []string
	if most > e.Dump.MaxPartitions {
		measured := "none partitioned"
		if e.Dump.MaxPartitions > 0 {
			measured = fmt.Sprintf("up to %d partitions a table", e.Dump.MaxPartitions)
		}
		out = append(out, fmt.Sprintf("%s in %s (timed restores: %s)", count(tables, "partitioned table"), count(parts, "partition"), measured))
	}
	if len(other) > 0 && e.Dump.MaxPartitions > 0 {
		out = append(out, fmt.Sprintf("%s (timed restores: partitioned by %s only; each partition counted an even share of its table's rows)",
			partitionMethodsText(other), strings.Join(e.Dump.PartitionMethods, " or ")))
	}
	return out
}

// partitionMethodsText names the tables of each method in n ("2 tables
// partitioned by range, 1 by a method the profile does not record").
func partitionMethodsText(n map[string]int) string {
	methods := slices.Sorted(maps.Keys(n))
	var parts []string
	for i, m := range methods {
		by := "by " + m
		if m == "" {
			by = "by a method the profile does not record"
		}
		if i == 0 {
			parts = append(parts, fmt.Sprintf("%s partitioned %s", count(n[m], "table"), by))
		} else {
			parts = append(parts, fmt.Sprintf("%d %s", n[m], by))
		}
	}
	return strings.Join(parts, ", ")
}

// knowsServer says whether t's flavor and series were measured.
func (e Envelope) knowsServer(t profile.Target) bool {
	for _, s := range e.Servers {
		if s.Flavor == t.Flavor && (t.Version == s.Series || strings.HasPrefix(t.Version, s.Series+".")) {
			return true
		}
	}
	return false
}

// serversText names the measured servers.
func (e Envelope) serversText() string {
	var names []string
	for _, s := range e.Servers {
		names = append(names, profile.FlavorName(s.Flavor)+" "+s.Series)
	}
	return strings.Join(names, ", ")
}

// text is "2" or "14.7-1914.5".
func (s fitRange) text() string {
	if s.Min == s.Max {
		return fmt.Sprintf("%g", s.Min)
	}
	return fmt.Sprintf("%g-%g", s.Min, s.Max)
}

// orAny is v, or "(version unknown)".
func orAny(v string) string {
	if v == "" {
		return "(version unknown)"
	}
	return v
}

// extrapolationNote says that the modelled load threads and the estimate
// extrapolate beyond what was measured, why, and the calibrate line that
// measures the answer on the target in about a minute, with the server
// flags that named the server read (review r11: without them the pasted
// line looked for a server and found none, "no server reachable", or
// another one); "" inside the envelope or when a calibration sized the load.
// lineAbove leaves the line out where elsewhereNote printed it already.
func extrapolationNote(p *profile.Profile, t profile.Target, c cores, load Choice, serverFlags string, lineAbove bool) string {
	if load.Basis == BasisCalibrated {
		return ""
	}
	why := FittedEnvelope.beyond(p, t, c)
	if len(why) == 0 {
		return ""
	}
	fitted := fmt.Sprintf("the load threads and the restore estimate extrapolate here: they were fitted on %s cores, %s, %s, "+
		"%s dumps, and disks of %s MB/s sequential writes, and this is %s",
		FittedEnvelope.Cores.text(), FittedEnvelope.serversText(), FittedEnvelope.Loader, FittedEnvelope.Dump.Format,
		FittedEnvelope.SeqWriteMBPerS.text(), strings.Join(why, ", "))
	if lineAbove {
		return fitted + ": the calibrate line in the note on the disk measured above measures the answer on the target"
	}
	return fmt.Sprintf("%s. Measure the answer on the target in about a minute (it writes only into its own scratch schema): "+
		"mytune calibrate --dump %s --format json --out calibration.json, then advise again with --calibration calibration.json",
		fitted, calibrateDir(p, serverFlags))
}

// loader lists this machine's myloader when it is of another series than
// the one the load was measured with (Loader: "myloader 0.10"); nothing
// for a dump myloader does not load or a version not read.
func (e Envelope) loader(d *profile.Dump, t *profile.Tools) []string {
	name, series, _ := strings.Cut(e.Loader, " ")
	tool, found, _ := t.Lookup(name)
	have, ok := profile.ParseVersion(tool.Version)
	fit, okFit := profile.ParseVersion(series)
	if d.Format != e.Dump.Format || !found || !ok || !okFit || (have.Major == fit.Major && have.Minor == fit.Minor) {
		return nil
	}
	return []string{fmt.Sprintf("%s %s on this machine (measured: %s)", name, tool.Version, e.Loader)}
}
