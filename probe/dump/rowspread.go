package dump

import "math"

// MaxSpreadChunks is how many of a table's data files after its first
// the row sampling reads: its last and up to six evenly spaced between (a
// review found the first and last alone miss a table whose middle chunks
// hold wider rows, e.g. a column filled only for a span of ids: 61x the
// rows); eight files a table stay within SampleBudgetBytes' few seconds.
const MaxSpreadChunks = 7

// spreadChunks is the positions in files (one table's data files, in
// dump order) the sampling reads: the first, then up to MaxSpreadChunks
// evenly spaced ending with the last.
func spreadChunks(files []DataFile) []int {
	n := len(files)
	out := []int{0}
	k := min(n-1, MaxSpreadChunks)
	for j := 1; j <= k; j++ {
		out = append(out, j*(n-1)/k)
	}
	return out
}

// chunkShare is what one sampled data file stands for: files of the
// table and their bytes on disk.
type chunkShare struct {
	files int
	bytes float64
}

// chunkShares assigns each of a table's data files to one picked
// position: between two picks, to the one whose file size is nearer its
// own (by ratio): mydumper --rows cuts equal rows, so a file far larger
// than a pick's holds wider rows, like the pick of its size (nearest by
// position put a 1 MB chunk of wide rows with a 4 KB sample of narrow
// ones, 5x the rows).
func chunkShares(files []DataFile, picked []int) []chunkShare {
	shares := make([]chunkShare, len(picked))
	p := 0
	for i, f := range files {
		if p+1 < len(picked) && i >= picked[p+1] {
			p++
		}
		to := p
		if i != picked[p] && p+1 < len(picked) && sizeGap(f, files[picked[p+1]]) < sizeGap(f, files[picked[p]]) {
			to = p + 1
		}
		shares[to].files++
		shares[to].bytes += float64(f.Bytes)
	}
	return shares
}

// sizeGap is how far apart two files' sizes are, as |ln(a/b)|.
func sizeGap(a, b DataFile) float64 {
	return math.Abs(math.Log(float64(a.Bytes+1) / float64(b.Bytes+1)))
}

// uncompressed reports whether every file is plain SQL or text with a
// known size, so its bytes count its rows at the sample's bytes a row.
func uncompressed(files []DataFile) bool {
	for _, f := range files {
		if f.Bytes == 0 || trimCompression(f.Path) != f.Path {
			return false
		}
	}
	return true
}

// sampleTable samples a table's first data file and, when it has more,
// the others spreadChunks picks, each sample's rows weighted for the rows
// it stands for (chunkShares), relative to the first sample's (weight 1):
// in plain files their bytes at the sample's own bytes a row; compressed,
// their count at equal rows a file (mydumper --rows).
func (b rowBudget) sampleTable(files []DataFile, table string) (sampledRows, error) {
	picked := spreadChunks(files)
	s, err := sampleUnit(files[0], table, b)
	if err != nil || len(picked) == 1 || len(s.rows) == 0 || s.sqlBytes <= 0 {
		return s, err
	}
	shares, plain := chunkShares(files, picked), uncompressed(files)
	perRow := func(sh chunkShare, sample sampledRows) float64 { // rows stood for, per row sampled
		if plain {
			return sh.bytes / float64(sample.sqlBytes)
		}
		return float64(sh.files) / float64(len(sample.rows))
	}
	base := perRow(shares[0], s)
	for i, pos := range picked[1:] {
		more, err := sampleUnit(files[pos], table, b)
		if err != nil {
			return s, err
		}
		s.longest = max(s.longest, more.longest)
		if len(more.rows) > 0 && more.sqlBytes > 0 && shares[i+1].files > 0 {
			more.columns = s.columns
			s.addWeighted(more, perRow(shares[i+1], more)/base)
		}
	}
	return s, nil
}
