package threads

import (
	"fmt"
	"math"

	"github.com/mytune/mytune/profile"
)

// CPURefRowBytes, CPURowShare, CPURowByteExponent and CPUIndexShare turn
// the CPU rates, which were measured on sysbench rows (CPURefRowBytes SQL
// bytes a row, one secondary index), into rates for the dump's own rows:
// a row costs the server CPURowShare of a sysbench row's CPU whatever its
// bytes (parsing its tuple, a clustered-index insert) and the rest
// growing as (row bytes ÷ CPURefRowBytes)^CPURowByteExponent (a long
// value costs less a byte than several short ones); each secondary index
// beyond the first adds CPUIndexShare. Measured (testdata/row-width-fit/,
// 2026-12-04 23:29-23:38 UTC, fast bed, 2 CPUs, MariaDB 10.11.19,
// myloader 0.10, the CPU cap at 14-16 threads, one sitting): 3.06, 4.76
// (two sysbench runs, 4.89 and 4.63), 8.37 µs a row at 34, 199, 561 SQL
// bytes with one secondary index; 4.85 at 34 bytes with three; 16.04 at
// 1393 with three. Per byte against sysbench: 3.76, 0.624, 5.97, 0.482.
// A straight line through the one-index widths gives a per-row share of
// 0.57-0.58 but the 1393-byte rows 0.67: the per-byte part grows as
// bytes^0.79-0.92 between the widths (2.5 µs a row taken out), 0.85
// taken; narrowix against narrow8 0.19 a further index. With 0.58, 0.85
// and 0.19 every shape's per-byte cost is within 10% (3.94, 0.565, 6.16,
// 0.451; TestRowCostFit). The factor is applied at every thread count,
// though it was fitted at the CPU cap: the fit's own 1-thread runs cost
// 3.36, 4.23, 0.49 and 0.50 a byte against sysbench's where the factor
// says 3.94, 6.16, 0.57 and 0.45 (up to 46% high for narrow rows with
// three indexes; not fitted apart).
const (
	CPURefRowBytes     = 199
	CPURowShare        = 0.58
	CPURowByteExponent = 0.85
	CPUIndexShare      = 0.19
)

// CPUFirstIndexShare is what a row without any secondary index costs less
// than one with one (sysbench's): the row-width fit never loaded a table
// without one (its shapes have one to three), and pricing the first as a
// further one (CPUIndexShare) left a keyless load's CPU high. Fitted
// (testdata/key-defer-fit/, 2026-12-07, MariaDB 10.11.19 on 2 CPUs,
// myloader 0.10 at 16 threads, the server's CPU-seconds over each load):
// sysbench8 loaded without its key took 0.70 of the CPU with it (medians
// 3.89 against 5.55 CPU-s: 0.30 a row), narrowix without its three keys
// 0.343 (6.1 against 17.81: 0.31 for the first beside 0.19 for each
// further one).
const CPUFirstIndexShare = 0.30

// indexRowShare is the CPU n secondary indexes add to a row, in sysbench
// rows (its one index is in the base): −CPUFirstIndexShare without any,
// CPUIndexShare for each beyond the first.
func indexRowShare(n float64) float64 {
	if n < 1 {
		return -CPUFirstIndexShare * (1 - n) // a dump's average: part of its rows have an index
	}
	return CPUIndexShare * (n - 1)
}

// rowCPUFactor is how much more CPU a byte of the dump's SQL costs than a
// byte of sysbench rows: over its sampled tables, with x = row bytes ÷
// CPURefRowBytes, bytes × (CPURowShare + (1 − CPURowShare) ×
// x^CPURowByteExponent + CPUIndexShare × (indexes − 1)) ÷ x, divided by
// their bytes; 1 with nothing sampled. text says it for the estimate's
// basis ("" when within 5%).
func rowCPUFactor(d *profile.Dump) (factor float64, text string) {
	if d == nil {
		return 1, ""
	}
	var bytes, cost, rows, idx, kindCost float64
	for _, m := range d.TableModels {
		if m.SampledRows <= 0 || m.SQLBytesPerRow <= 0 || m.Bytes == 0 {
			continue
		}
		b, n := float64(m.Bytes), float64(len(m.IndexEntryBytes))
		x := m.SQLBytesPerRow / CPURefRowBytes
		perRow := max(CPURowShare+(1-CPURowShare)*math.Pow(x, CPURowByteExponent)+indexRowShare(n), 0.1)
		kinds := indexKindCost(m)
		bytes, rows, idx = bytes+b, rows+m.Rows(), idx+n*m.Rows()
		cost += b * (perRow + kinds) / x
		kindCost += b * kinds / x
	}
	if bytes == 0 || rows == 0 {
		return 1, ""
	}
	factor = cost / bytes
	if factor > 0.95 && factor < 1.05 {
		return factor, ""
	}
	return factor, fmt.Sprintf(" ÷ %.2f for rows of %.0f SQL bytes with %.1f secondary indexes on average against sysbench's %d and 1 (a row costs %.0f%% of a sysbench row's CPU whatever its bytes, the rest as bytes^%.2f, %.0f%% more for each further index: the row-width fit)%s",
		factor, bytes/rows, idx/rows, CPURefRowBytes, 100*CPURowShare, CPURowByteExponent, 100*CPUIndexShare, indexKindText(d, kindCost/bytes))
}

// tableRowFactor is rowCPUFactor for one table of the dump (name as
// schema.table), the whole dump's when that table was not sampled.
func tableRowFactor(d *profile.Dump, name string) float64 {
	for _, m := range d.TableModels {
		if m.Name == name {
			if f, _ := rowCPUFactor(&profile.Dump{TableModels: []profile.DumpTableModel{m}}); f > 0 {
				return f
			}
		}
	}
	f, _ := rowCPUFactor(d)
	return f
}
