package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// serversView is p with its storage and host as the plan may price them
// (profile.Profile.ServersView): when the disk measured is not the
// server's (storage.server_elsewhere) no load is priced on it, and on
// another machine (host.server_elsewhere) no pool is grown on this
// machine's memory. Review r42: a server in a container whose own disk
// did 150 random writes/s had its load sized on the host's SSD ("random
// 16K IOPS stop scaling at 8 threads (45.0k → 49.6k)", "a commit takes
// 185 µs at p50") and its restore estimated at 753.7–1414.6 MB/s of dump.
func serversView(p *profile.Profile) *profile.Profile {
	if p.Storage.ServerElsewhere == "" && p.Host.ServerElsewhere == "" {
		return p
	}
	v := p.ServersView()
	return &v
}

// notServersDisk names why the plan used no figure of the disk measured:
// it is not the server's (storage.server_elsewhere).
const notServersDisk = "the disk measured is not the server's (storage.server_elsewhere)"

// unusedDisk is the words that replace a disk figure the plan did not
// use: notMeasured, or, when the disk measured is not the server's,
// notServersDisk and what was left out (left).
func unusedDisk(s profile.Storage, notMeasured, left string) string {
	if s.ServerElsewhere == "" {
		return notMeasured
	}
	return notServersDisk + ": " + left
}

// elsewhereNote says, for a load whose disk (or host) is not the one
// measured, what the plan left out and, unless a calibration sized the
// load, what measures it instead: the
// load into the server itself (mytune calibrate --dump, which writes only
// into its own scratch schema on the server, wherever its disk is) or
// mytune on the database host; "" when the disk measured is the server's.
func elsewhereNote(p *profile.Profile, load Choice, serverFlags string) string {
	if p.Storage.ServerElsewhere == "" {
		return ""
	}
	if load.Basis == BasisCalibrated {
		return fmt.Sprintf("the disk measured (%s) is not the server's: %s. The load threads and the restore estimate rest on "+
			"the calibration, measured on the server; the settling after the load and whether the loaded tables and a larger "+
			"redo log fit the server's disk are not known: run mytune on the database host (or in the server's container) for them",
			p.Storage.Path, p.Storage.ServerElsewhere)
	}
	what := "the load threads are sized by cores, the restore estimate is CPU only"
	if p.Host.ServerElsewhere != "" {
		what = "the load threads are sized by this machine's cores, the restore estimate is CPU only at this machine's speed, " +
			"the buffer pool is the server's own (this machine's memory is not its)"
	}
	return fmt.Sprintf("the disk measured (%s) is not the server's: %s. So the restore plan prices nothing on it: %s, "+
		"and neither the commit cost, the random-write scaling, the settling after the load nor whether the loaded tables "+
		"and a larger redo log fit the server's disk are known. Measure the load on the server itself (it writes only "+
		"into its own scratch schema): mytune calibrate --dump %s --format json --out calibration.json, then advise "+
		"again with --calibration calibration.json; or run mytune on the database host (or in the server's container)",
		p.Storage.Path, p.Storage.ServerElsewhere, what, calibrateDir(p, serverFlags))
}

// calibrateDir is the dump directory and the server flags of a pasted
// mytune calibrate --dump line (DIR when the dump's path is unknown).
func calibrateDir(p *profile.Profile, serverFlags string) string {
	dir := "DIR"
	if p.Dump != nil && p.Dump.Path != "" {
		dir = shQuote(p.Dump.Path)
	}
	if serverFlags != "" {
		dir += " " + serverFlags
	}
	return dir
}
