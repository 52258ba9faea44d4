package threads

import (
	"fmt"
	"math"

	"github.com/mytune/mytune/profile"
)

// LoaderDefaultThreads is the sessions a loader runs when not told: 4 for
// myloader ("-t, --threads  Number of threads to use, default 4", myloader
// 0.10's --help; the same in 0.9's manual page) and for MySQL Shell's
// util.loadDump ("threads: … The default is 4", MySQL Shell 8.0 manual,
// "Dump Loading Utility"); a mysqldump file loads in one session.
const LoaderDefaultThreads = 4

// asIsPlan is the restore as the target is now, without the advice: the
// loader's default sessions (LoaderDefaultThreads; one for a mysqldump
// file), the pool, redo log, durability and data-file writes the server or
// its my.cnf has, none of the during-load settings; loaded and settled
// (each zero when the plan's own is: the same model, so the two compare).
func asIsPlan(p *profile.Profile, o Options, c cores, plan Plan) (loaded, settled DurationRange) {
	if plan.EstimatedLoad.IsZero() || p.Dump == nil {
		return DurationRange{}, DurationRange{}
	}
	asIs := o
	asIs.Advised = nil
	b := poolOf(p, asIs)
	b.commitWait, b.binlog = commitWait(p, asIs, nil), replicatedBinlog(p, asIs)
	b.fileCommit = commitMode(p, asIs, nil)
	b.room = roomOf(p.Dump, ratioOf(p, o.Calibration), targetOf(p, asIs), b.redo, pageOf(p))
	vars := loadVars(p, asIs)
	b.recalcOff = isOff(vars["innodb_stats_auto_recalc"]) || isOff(vars["innodb_stats_persistent"])
	b.buffered, _, _ = dataFiles(p, asIs)
	threads := LoaderDefaultThreads
	if p.Dump.Format == "mysqldump" {
		threads = 1
	}
	loaded = estimateLoad(p, threads, c.n, b)
	if loaded.IsZero() {
		return DurationRange{}, DurationRange{}
	}
	loaded.Basis = fmt.Sprintf("As the target is now (%s, %s, no during-load settings): %s", count(threads, "loader session"), b.describe(), loaded.Basis)
	if plan.EstimatedSettled.IsZero() {
		return loaded, DurationRange{}
	}
	settled = estimateSettled(p, loaded, b, maxDirtyPctOf(p, asIs), b.buffered, false, pagesPerPage(p, asIs))
	return loaded, settled
}

// AsIsSoonerShare is how much sooner than as the target is now the
// advice's settled time must be (geometric middles of the two ranges) for
// the plan not to say it settles about as late: a choice within the
// ranges' own width (1.3-2x). On the e2e runs of 2026-12-05 where the
// advice settled 0.92-1.02x stock's time (docs/benchmarks/restore-e2e.md,
// E1-E3) the middles were 0.94-1.10x; where it settled 5x sooner (the card
// bed's sysbench restore) they are several times apart.
const AsIsSoonerShare = 0.9

// asIsNote is what the plan says when following it loads the data
// clearly sooner than leaving the target as it is (AsIsSoonerShare) but
// does not settle it clearly sooner: both settled ranges and both loaded
// ones, from the same model; "" otherwise, or when either is unknown.
func asIsNote(plan Plan) string {
	adv, now := plan.EstimatedSettled, plan.EstimatedSettledAsIs
	if adv.IsZero() || now.IsZero() || middle(adv) < AsIsSoonerShare*middle(now) ||
		middle(plan.EstimatedLoad) >= AsIsSoonerShare*middle(plan.EstimatedLoadAsIs) {
		return ""
	}
	return fmt.Sprintf("Settled about as late as without the advice: %s–%s from the loader's start with it, %s–%s as the target is now (loaded %s–%s against %s–%s): "+
		"the data is usable sooner, but the disk writes the loaded pages until about the same time",
		plainSeconds(adv.Low.Seconds()), plainSeconds(adv.High.Seconds()), plainSeconds(now.Low.Seconds()), plainSeconds(now.High.Seconds()),
		plainSeconds(plan.EstimatedLoad.Low.Seconds()), plainSeconds(plan.EstimatedLoad.High.Seconds()),
		plainSeconds(plan.EstimatedLoadAsIs.Low.Seconds()), plainSeconds(plan.EstimatedLoadAsIs.High.Seconds()))
}

// middle is a range's geometric middle in seconds.
func middle(r DurationRange) float64 {
	return math.Sqrt(r.Low.Seconds() * r.High.Seconds())
}
