package threads

import (
	"fmt"
	"slices"

	"github.com/mytune/mytune/profile"
)

// KeyDeferMinRows is the fewest rows a table must have for the load to
// leave its plain keys out and add them after the rows. Measured
// (testdata/key-defer-fit/, 2026-12-07, MariaDB 10.11.19 on 2 CPUs,
// myloader 0.10 at 16 threads, the sysbench rows with their one random
// key, interleaved runs): 40 tables of 10,000 rows loaded in 1.61-1.68 s
// inline and 1.77-1.84 s deferred (slower: 40 ALTER TABLEs at 11 ms
// each); 8 tables of 100,000 rows 3.05-3.11 s inline, 2.68-2.75 s
// deferred. The break-even the fit's figures give is about 25,000 rows a
// key; 50,000 is chosen with a factor of two for hosts whose syncs cost
// more (nothing between 10,000 and 100,000 was measured).
const KeyDeferMinRows = 50_000

// KeyAlterSecPerMEntryLow/High price the ALTER TABLE … ADD KEY step's
// sort and build: seconds per million index entries (rows × plain keys),
// one table after another in one session, beyond the per-statement cost
// (KeyAlterFixedSec, KeyAlterSyncs). Fitted (testdata/key-defer-fit/,
// MariaDB 10.11.19, 2 CPUs, the host's disk, its sync 150 µs): sysbench8
// (8 × 100,000 rows, one INT key) 0.53-0.61 s a million in 6 runs,
// narrowix (8 × 300,000 rows, three INT/BIGINT keys) 0.46-0.49 in 3: the
// fastest and the slowest run.
const (
	KeyAlterSecPerMEntryLow  = 0.46
	KeyAlterSecPerMEntryHigh = 0.61
)

// KeyAlterFitSpeedScale is the CPU speed (cpuSpeedScale) of the host the
// key step was fitted on, as the probe read it at the fit (13:09 UTC,
// testdata/key-defer-fit/profile-host-sysbench8.json: cores 175.7k units a
// CPU-second, memory 270 ns a load): the step's CPU parts scale with this
// host's speed against it, as the load's do (a fast-bed check at 1.47x,
// 14:38 UTC, ran the deferred load 1-2% under a fast end that held the
// step at the fit's speed).
const KeyAlterFitSpeedScale = 1.19

// KeyAlterSyncs is the synchronous writes one ALTER TABLE … ADD KEY costs
// MariaDB 10.11.19: 22 (10 of its DDL log, 4 redo, 6 of the table's .ibd,
// its .frm and the database directory), read from the server with strace
// (testdata/ddl-syncs/alter-add-key.txt), not fitted to times; priced as
// fixedCost prices a table's creation.
const KeyAlterSyncs = 22

// KeyAlterFixedSec is the CPU one ALTER TABLE … ADD KEY costs beyond its
// entries and syncs: 100 ALTERs on tables of 2,000 rows took 0.76-0.80 s
// in one session (testdata/key-defer-fit/, 3 runs), 0.33 s of it the
// syncs at the disk's 150 µs: 4.5 ms each.
const KeyAlterFixedSec = 0.0045

// KeyDeferMinGain is how much sooner the estimate of the deferred load
// must be for the printed load to take it (its middle at most this share
// of the inline load's): a choice, inside the model's own spread nothing
// is gained for the extra lines.
const KeyDeferMinGain = 0.95

// KeyDeferGainText is the measured gain the note states.
const KeyDeferGainText = "Measured on MariaDB 10.11.19 (2 CPUs, myloader 0.10 at 16 threads, interleaved runs, the ALTERs included): 8 tables × 100,000 " +
	"sysbench rows 3.05-3.11 s inline, 2.68-2.75 s so; 8 × 300,000 narrow rows with three keys 9.0-9.3 s against 6.8-7.0 s; on a disk of " +
	"100 writes a second, where the load waits for the disk, no sooner, which is why the estimate decides."

// withoutKeys is the profile with the deferred tables' plain keys taken
// out of their table models (IndexEntryBytes, IndexAscending and
// IndexDistinct at SecondaryKeyAt), as the load that leaves them out does
// it: the load estimate is made from it and the ALTER step added
// (withKeyAlter).
func withoutKeys(p *profile.Profile, k keyDeferral) *profile.Profile {
	if p.Dump == nil || !k.deferred() {
		return p
	}
	deferred := map[string]bool{}
	for _, t := range k.tables {
		deferred[joinKeyName(t)] = true
	}
	d := *p.Dump
	d.TableModels = slices.Clone(d.TableModels)
	for i, m := range d.TableModels {
		if !deferred[m.Name] {
			continue
		}
		drop := map[int]bool{}
		for _, at := range m.SecondaryKeyAt {
			drop[at] = true
		}
		m.IndexEntryBytes, m.IndexAscending, m.IndexDistinct = dropAt(m.IndexEntryBytes, drop), dropAt(m.IndexAscending, drop), dropAt(m.IndexDistinct, drop)
		m.SecondaryKeys, m.SecondaryKeyAt = nil, nil
		d.TableModels[i] = m
	}
	cp := *p
	cp.Dump = &d
	return &cp
}

// dropAt is xs without the positions in drop.
func dropAt(xs []float64, drop map[int]bool) []float64 {
	var out []float64
	for i, x := range xs {
		if !drop[i] {
			out = append(out, x)
		}
	}
	return out
}

// keyAlterCost is the key step's seconds, fast and slow, and its basis:
// the entries at KeyAlterSecPerMEntryLow/High (one session, one table
// after another) and KeyAlterSyncs synchronous writes an ALTER TABLE at
// each's price (fixedCost's: the disk's random 16K write or its commit,
// the slower).
func keyAlterCost(s profile.Storage, sp *profile.CPUSpeed, k keyDeferral) (fast, slow float64, text string) {
	if !k.deferred() {
		return 0, 0, ""
	}
	me := k.entries / 1e6
	speed, _ := cpuSpeedScale(sp)
	cpu := KeyAlterFitSpeedScale / speed // the step's CPU at this host's speed against the fit's
	fast, slow = me*KeyAlterSecPerMEntryLow*cpu, me*KeyAlterSecPerMEntryHigh*cpu
	each := 0.0
	if rnd := randBytesPerSec(s, 1); rnd > 0 {
		each = PageBytes / rnd
	}
	each = max(each, s.Fsync.P50US/1e6)
	n := float64(len(k.tables))
	syncs := n * KeyAlterSyncs * each
	fast, slow = fast+n*KeyAlterFixedSec*cpu+syncs/QuietFastShare, slow+n*KeyAlterFixedSec*cpu+syncs/QuietSpreadShare
	return fast, slow, fmt.Sprintf("; plus %s to add the plain keys after the load (%.2f million entries at %.2f–%.2f s a million on the fit's host, "+
		"× %.2f for these CPUs, one table after another, and %s × (%.1f ms of CPU + %d synchronous writes at %s))", secsRange(fast, slow), me,
		KeyAlterSecPerMEntryLow, KeyAlterSecPerMEntryHigh, cpu, count(len(k.tables), "ALTER TABLE"), 1000*KeyAlterFixedSec, KeyAlterSyncs, micros(each*1e6))
}

// withKeyAlter adds the key step to a modelled load estimate r.
func withKeyAlter(r DurationRange, s profile.Storage, sp *profile.CPUSpeed, k keyDeferral) DurationRange {
	fast, slow, text := keyAlterCost(s, sp, k)
	if r.IsZero() || slow == 0 {
		return r
	}
	return rangeOf(r.Low.Seconds()+fast, r.High.Seconds()+slow, r.Basis+text)
}

// keyPlan is the key deferral the printed load follows: keyDeferralOf's
// tables when the estimate of the load without their keys plus the key
// step is below the estimate with them inline (a load the disk paces
// gains nothing from the CPU the keys no longer take and pays the step),
// else none and why.
func keyPlan(p *profile.Profile, o Options, loader Choice, b pool, cores int) keyDeferral {
	if o.Task != TaskAll && o.Task != TaskLoad {
		return keyDeferral{}
	}
	k := keyDeferralOf(p.Dump, targetOf(p, o).IsMariaDB())
	if !k.deferred() {
		return k
	}
	_, inline := deferredModel(p, o, loader, b, cores, keyDeferral{}) // the model's, not a calibration's: that one loaded the keys inline
	_, after := deferredModel(p, o, loader, b, cores, k)
	if inline.IsZero() || after.IsZero() {
		return keyDeferral{why: "the load could not be estimated, so whether adding them after it is sooner is not known"}
	}
	in, af := (inline.Low+inline.High).Seconds()/2, (after.Low+after.High).Seconds()/2
	if af >= in*KeyDeferMinGain {
		return keyDeferral{why: fmt.Sprintf("the estimate of the load without them plus the ALTER TABLEs is no sooner (middle %.1f s against %.1f s inline): "+
			"what they cost the CPUs during the load is not what sets its pace here", af, in)}
	}
	return k
}

// keyKeptNote says why the plain keys stay in the CREATE TABLEs of this
// load; "" when none was read or some are deferred.
func keyKeptNote(k keyDeferral) string {
	if k.why == "" {
		return ""
	}
	return "the secondary indexes load with the rows: " + k.why
}

// keyInlineReasons are why keyDeferralOf leaves a keyed table's keys in
// its CREATE TABLE.
func keyInlineReasons() string {
	return fmt.Sprintf("under %s rows, keys that must stay or were not read, in a FOREIGN KEY (its child or its parent), not InnoDB, "+
		"a database myloader misreads, or past the ALTER line's size", human(KeyDeferMinRows))
}

// keyLoadNote says what the key deferral lines do and what they cost: dir
// is the mydumper dump's link directory ("" for a mysqldump file).
func keyLoadNote(k keyDeferral, dir string) string {
	how := "the mysql line feeds the file through a perl filter that leaves their KEY lines out of those CREATE TABLEs (the file stays as it is)"
	if dir != "" {
		how = fmt.Sprintf("the first line links the dump's files into %s and rewrites the links of its -schema.sql files without those KEY lines "+
			"(perl -i writes new files there; the dump stays as it is: remove the directory after), and myloader loads that", dir)
	}
	keys := 0
	for _, t := range k.tables {
		keys += len(t.keys)
	}
	kept := ""
	if k.inline > 0 {
		kept = fmt.Sprintf(" (%s inline: %s)", tablesVerb(k.inline, "keeps its keys", "keep their keys"), keyInlineReasons())
	}
	return fmt.Sprintf("%s%s: %s; the line after the loader's adds the %s back, one ALTER TABLE a table "+
		"(InnoDB builds a table's keys in one scan, sorted, instead of one random insert per row and key), one table after another. %s",
		tablesVerb(len(k.tables), "loads without its plain secondary indexes", "load without their plain secondary indexes"), kept, how, indexes(keys), KeyDeferGainText)
}

// tablesVerb is "n tables" and the words that follow, one's or many's.
func tablesVerb(n int, one, many string) string {
	if n == 1 {
		return "1 table " + one
	}
	return fmt.Sprintf("%d tables %s", n, many)
}
