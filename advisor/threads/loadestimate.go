package threads

import "github.com/mytune/mytune/profile"

// loadEstimate is the estimate of the printed load at the loader's
// threads: the model's (or the calibration's); when the load adds the
// FULLTEXT indexes after the rows, the model's without their work
// (withoutFulltext) plus the ALTER step (withAlter).
func loadEstimate(p *profile.Profile, o Options, loader Choice, b pool, cores int, keys keyDeferral) DurationRange {
	ft := fulltextOf(p, o)
	if !ft.deferred() && !keys.deferred() {
		return calibratedEstimate(p, loader, estimateLoad(p, loader.Threads, cores, b), b, cores)
	}
	model, steps := deferredModel(p, o, loader, b, cores, keys)
	if r := calibratedEstimate(p, loader, model, b, cores); r != model {
		return r // calibrate --dump loaded the rows with their indexes: its rate holds them already
	}
	return steps
}

// deferredModel is the modelled load without the indexes the printed load
// adds after the rows (FULLTEXT: fulltextOf; plain keys: keys), before and
// after their ALTER steps are added.
func deferredModel(p *profile.Profile, o Options, loader Choice, b pool, cores int, keys keyDeferral) (model, steps DurationRange) {
	ft := fulltextOf(p, o)
	np, nb := p, b
	if ft.deferred() {
		np = withoutFulltext(p, ft) // the redo the load writes without the FULLTEXT entries (held-out card fth2: 349-404 MiB priced, the load's own far less)
		nb.room = roomOf(np.Dump, ratioOf(np, o.Calibration), targetOf(np, o), b.redo, pageOf(np))
	}
	// the plain keys' redo is left in the room: the ALTER TABLEs write about what the load would have (card bed, 2026-12-07: 203 MB against 205)
	np = withoutKeys(np, keys)
	model = estimateLoad(np, loader.Threads, cores, nb)
	return model, withKeyAlter(withAlter(model, ft), p.Storage, p.Host.CPU.Speed, keys)
}

// fulltextOf is what the printed load does with the dump's FULLTEXT
// indexes: the deferral for --task load and all (a copy's myloader loads
// the dump it makes, not this one).
func fulltextOf(p *profile.Profile, o Options) ftDeferral {
	if o.Task != TaskAll && o.Task != TaskLoad {
		return ftDeferral{}
	}
	return fulltextDeferral(p.Dump)
}
