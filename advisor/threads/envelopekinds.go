package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// tableKind is one kind of table the dump reader recognises
// (profile.DumpTableKinds), by its key in the envelope's tables_with.
type tableKind struct {
	key    string // envelope.json "tables_with" key
	noun   string // what each is ("table")
	phrase string // what the tables have (" with FULLTEXT indexes")
	tables func(*profile.Dump) []string
}

// tableKinds are the kinds the envelope counts (review r54): on its
// 2-core host a FULLTEXT table and a SPATIAL one loaded well past the
// estimate's top (docs/benchmarks/live-server.md); the others are named
// because no timed restore held one either.
var tableKinds = []tableKind{
	{"fulltext", "table", " with FULLTEXT indexes", func(d *profile.Dump) []string { return d.FulltextTables }},
	{"spatial", "table", " with SPATIAL indexes", func(d *profile.Dump) []string { return d.SpatialTables }},
	{"foreign_keys", "table", " with FOREIGN KEYs", func(d *profile.Dump) []string { return d.ForeignKeyTables }},
	{"system_versioning", "table", " WITH SYSTEM VERSIONING", func(d *profile.Dump) []string { return d.VersionedTables }},
	{"sequence", "SEQUENCE", "", func(d *profile.Dump) []string { return d.SequenceTables }},
}

// kinds lists the dump's tables of each kind no timed restore loaded (the
// envelope's tables_with is 0), naming them; and, of the kinds the
// estimate prices (FULLTEXT and SPATIAL: indexKindCost), the tables it
// could not price: their rows not sampled, or a profile saved before the
// reader counted their indexes.
func (e Envelope) kinds(d *profile.Dump) []string {
	var out []string
	for _, k := range tableKinds {
		names := k.tables(d)
		if len(names) == 0 {
			continue
		}
		if e.Dump.TablesWith[k.key] == 0 {
			out = append(out, fmt.Sprintf("%s%s (%s; timed restores: none)", count(len(names), k.noun), k.phrase, fewNames(names)))
			continue
		}
		if unpriced := unpricedKind(d, k.key, names); len(unpriced) > 0 {
			out = append(out, fmt.Sprintf("%s%s whose indexes the estimate does not price (%s: its rows were not sampled, "+
				"or the profile is older than the count of its indexes)", count(len(unpriced), k.noun), k.phrase, fewNames(unpriced)))
		}
	}
	return out
}

// unpricedKind are the tables of names (of kind "fulltext" or "spatial")
// whose sampled model does not count that kind's indexes, so
// indexKindCost leaves them out; nil for the other kinds.
func unpricedKind(d *profile.Dump, key string, names []string) []string {
	if key != "fulltext" && key != "spatial" {
		return nil
	}
	priced := map[string]bool{}
	for _, m := range d.TableModels {
		if m.SampledRows > 0 && (key == "fulltext" && m.FulltextIndexes > 0 || key == "spatial" && m.SpatialIndexes > 0) {
			priced[m.Name] = true
		}
	}
	var out []string
	for _, n := range names {
		if !priced[n] {
			out = append(out, n)
		}
	}
	return out
}

// maxNoteNames is how many tables a kind of the extrapolation note names
// before "and N more" (the note is one paragraph).
const maxNoteNames = 3

// fewNames is "a.b, a.c and 4 more".
func fewNames(names []string) string {
	if len(names) <= maxNoteNames {
		return strings.Join(names, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(names[:maxNoteNames], ", "), len(names)-maxNoteNames)
}

// widerRows names the sampled tables whose rows are wider than any timed
// fit load's, with their share of the dump's bytes, for a dump whose
// average row is inside the range: review r54's mixed dump averaged 160
// SQL bytes a row while mx.att's rows took 109,547 (21% of its bytes).
func (e Envelope) widerRows(d *profile.Dump) string {
	var names []string
	var wide, all uint64
	most := 0.0
	for _, m := range d.TableModels {
		if m.SampledRows <= 0 || m.SQLBytesPerRow <= 0 {
			continue
		}
		all += m.Bytes
		if m.SQLBytesPerRow > e.Dump.SQLBytesPerRow.Max {
			names, wide, most = append(names, m.Name), wide+m.Bytes, max(most, m.SQLBytesPerRow)
		}
	}
	if len(names) == 0 || all == 0 {
		return ""
	}
	return fmt.Sprintf("%s with rows of up to %.0f SQL bytes (%s, %.0f%% of the sampled bytes; measured: %s on average)",
		count(len(names), "table"), most, fewNames(names), 100*float64(wide)/float64(all), e.Dump.SQLBytesPerRow.text())
}
