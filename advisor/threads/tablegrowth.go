package threads

import (
	"math"

	"github.com/mytune/mytune/profile"
)

// tableGrowth is what the dump's InnoDB tables pay while InnoDB grows their
// tablespaces: how many tables grow, the data-file syncs in all
// (growthSyncs of each, no more than perTableCap a table when it is above
// 0) and the loaded bytes of an average one.
type tableGrowth struct {
	tables  int
	syncs   float64
	avgSize float64 // loaded bytes an InnoDB table, on fitScaleBytes' scale
	// avgPages is the bytes of an average table's pages (the row model's
	// share of avgSize: pagesPerFitByte).
	avgPages float64
	// top is how many of the tables were counted at their own size (the
	// dump's largest, TopTables); the rest at the average of what is left.
	top int
}

// each is the syncs an average table pays (0 without tables).
func (g tableGrowth) each() float64 {
	if g.tables <= 0 {
		return 0
	}
	return g.syncs / float64(g.tables)
}

// innoDBGrowth counts the growth syncs of the dump's tables: a table in
// another engine (MyISAM, Aria, MEMORY: no InnoDB tablespace) pays none;
// each of the largest InnoDB tables (TopTables, engine InnoDB or unstated)
// pays growthSyncs of its own loaded size, and the others that of the
// average of the rest, so one large table no longer lifts many small ones
// to a full table's syncs (a table's count grows with the log of its size
// and is in proportion to the pages below FirstExtentBytes: the average of
// unequal tables misstates them). A table's loaded size is its dump bytes
// on fitScaleBytes' scale (the scale the growth constants were fitted on),
// its pages that × pagesPerFitByte. perTableCap > 0 caps each table's
// count.
func innoDBGrowth(d *profile.Dump, perTableCap float64) tableGrowth {
	if d == nil || d.Tables <= 0 {
		return tableGrowth{}
	}
	other, _, _ := d.NonInnoDB()
	g := tableGrowth{tables: d.Tables - other}
	loaded := float64(fitScaleBytes(d))
	if g.tables <= 0 || loaded <= 0 {
		g.tables = max(g.tables, 0)
		return g
	}
	g.avgSize = loaded / float64(g.tables)
	perDumpByte := perDumpByteOf(d, loaded)
	real := pagesPerFitByte(d, loaded)
	syncsOf := func(size float64) float64 { return growthSyncs(size, size*real) }
	capped := func(n float64) float64 {
		if perTableCap > 0 {
			return min(n, perTableCap)
		}
		return n
	}
	rest := loaded
	for _, t := range d.TopTables {
		if g.top == g.tables || perDumpByte <= 0 {
			break
		}
		if t.Engine != "" && t.Engine != "InnoDB" {
			continue
		}
		size := min(float64(t.Bytes)*perDumpByte, rest)
		g.syncs += capped(syncsOf(size))
		rest -= size
		g.top++
	}
	if left := g.tables - g.top; left > 0 {
		g.syncs += float64(left) * capped(syncsOf(max(rest, 0)/float64(left)))
	}
	g.avgPages = g.avgSize * real
	if even := float64(g.tables) * capped(syncsOf(g.avgSize)); math.Abs(g.syncs-even) < 0.01*even {
		g.top = 0 // tables of one size: the largest changed nothing worth saying
	}
	return g
}

// perDumpByteOf is the loaded bytes per byte of the dump's InnoDB tables
// (loaded is fitScaleBytes(d)): the InnoDB and unstated engines' bytes
// when the dump lists engines, else its TotalBytes; 0 when unknown.
func perDumpByteOf(d *profile.Dump, loaded float64) float64 {
	var innodb uint64
	for _, e := range d.Engines {
		if e.Name == "InnoDB" || e.Name == profile.DumpEngineUnknown {
			innodb += e.Bytes
		}
	}
	if innodb == 0 {
		innodb = d.TotalBytes
	}
	if innodb == 0 {
		return 0
	}
	return loaded / float64(innodb)
}

// pagesPerFitByte is the bytes of pages per loaded byte on the fit's scale
// (loaded is fitScaleBytes(d)): what the row model fills the pool with
// (innoDBPoolBytes) over it, 1 when no table could be sized (the fit's
// scale then stands for the pages, overstating small tables'), never more
// than 1.
func pagesPerFitByte(d *profile.Dump, loaded float64) float64 {
	pool := float64(innoDBPoolBytes(d))
	if n, _ := sizedTables(d); n == 0 || pool <= 0 || loaded <= 0 {
		return 1
	}
	return min(1, pool/loaded)
}
