package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// CPUFulltextWordShare and CPUSpatialShare, CPUSpatialFurtherShare are
// what a row's FULLTEXT and SPATIAL index entries add to its CPU, in
// sysbench rows (rowCPUFactor's unit: one sysbench row, 199 SQL bytes and
// one secondary index, is 1): CPUFulltextWordShare for each word of 3 or
// more characters a FULLTEXT index takes from the row (InnoDB tokenizes it
// into its FTS cache at commit and writes it to the index's auxiliary
// tables when the cache fills), CPUSpatialShare for a table's first
// SPATIAL index (an R-tree insert) and CPUSpatialFurtherShare for each
// further one. Fitted on testdata/index-kind-fit/ (2026-12-07 11:00-11:23
// UTC, fast bed, 2 CPUs, MariaDB 10.11.19, myloader 0.10, the printed
// 13-14 threads, one sitting, sysbench first and last; its README): beyond
// the B-tree row model a row needed 8.52 sysbench rows with 44.0 FULLTEXT
// words (ft4) and 38.23 with 190.4 (ft4w): 0.203 a word and -0.41 a row
// by the two, 0.200 a word through zero (a FULLTEXT index's own cost a
// row is not told apart from its words': none is charged); 1.54 with
// one SPATIAL index of POINTs (sp4) and 1.90 with a POINT and a POLYGON
// one (sp4x2): 1.5 and 0.35. Two shapes for two constants each: a fit,
// not a check (held out: testdata/heldout/, fth2 and spl1).
const (
	CPUFulltextWordShare   = 0.20
	CPUSpatialShare        = 1.5
	CPUSpatialFurtherShare = 0.35
)

// indexKindCost is the CPU a row of m adds for its FULLTEXT and SPATIAL
// indexes, in sysbench rows.
func indexKindCost(m profile.DumpTableModel) float64 {
	c := CPUFulltextWordShare * m.FulltextWordsPerRow
	if m.SpatialIndexes > 0 {
		c += CPUSpatialShare + CPUSpatialFurtherShare*float64(m.SpatialIndexes-1)
	}
	return c
}

// indexKindText says, for the estimate's basis, what the dump's FULLTEXT
// and SPATIAL indexes add to a byte's CPU (share: their part of the
// factor); "" when the sampled tables have none.
func indexKindText(d *profile.Dump, share float64) string {
	var ft, sp, words, ftRows float64
	for _, m := range d.TableModels {
		if m.SampledRows <= 0 || m.SQLBytesPerRow <= 0 {
			continue
		}
		if m.FulltextIndexes > 0 {
			ft++
			words += m.FulltextWordsPerRow * m.Rows()
			ftRows += m.Rows()
		}
		if m.SpatialIndexes > 0 {
			sp++
		}
	}
	var parts []string
	if ft > 0 {
		parts = append(parts, fmt.Sprintf("%s with FULLTEXT indexes (%.0f words a row, each %.2f of a sysbench row's CPU)",
			count(int(ft), "table"), words/ftRows, CPUFulltextWordShare))
	}
	if sp > 0 {
		parts = append(parts, fmt.Sprintf("%s with SPATIAL indexes (a row's first %.2f of a sysbench row's CPU, each further %.2f)",
			count(int(sp), "table"), CPUSpatialShare, CPUSpatialFurtherShare))
	}
	if len(parts) == 0 {
		return ""
	}
	return fmt.Sprintf("; %.2f of it for %s: the index-kind fit", share, strings.Join(parts, " and "))
}
