package threads

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// dumpGzipPerDataByte is what the printed mydumper line (--compress, gzip)
// wrote per byte of the source's DATA_LENGTH: 202 MiB for 2 sysbench
// tables of 236 MiB each (0.43), 404 MiB for 4 (0.43); review r62,
// docs/benchmarks/live-server.md "Dump advice on unfitted beds". Random
// sysbench strings compress worse than most real rows: an upper bound.
const dumpGzipPerDataByte = 0.43

// dumpSpaceNote says how much room the printed dump needs at --outputdir:
// mydumper 0.10 does not check it first, and on a full disk it neither
// stops nor says so (review r62, measured on a 99 MiB bed).
func dumpSpaceNote(s *profile.Server) string {
	const what = "mydumper 0.10 does not check the space at --outputdir before it writes, nor stop when it runs out: " +
		"on a full 99 MiB disk it printed nothing and did not exit, spinning (3 min 17 s of CPU in 2 min 43 s, until killed; " +
		"measured, review r62): check `df -h` there first"
	if s == nil || !s.Reachable || s.DataBytes == 0 || s.TablesError != "" {
		return what + ", and put the dump on another disk than the datadir's so its writes do not queue behind the server's reads"
	}
	return fmt.Sprintf("%s for more than the source's %s of tables (DATA_LENGTH; the --compress dump of sysbench rows "+
		"took %.2f of it, about %s here), and put the dump on another disk than the datadir's so its writes do not queue "+
		"behind the server's reads", what, profile.HumanBytes(s.DataBytes), dumpGzipPerDataByte,
		profile.HumanBytes(uint64(float64(s.DataBytes)*dumpGzipPerDataByte)))
}

// liveDumpSlowdown is what a 4-thread dump of review r62's fast-disk source
// (506 MiB of tables, 128M pool, 2 cores) did to one session of sysbench
// oltp_point_select on 20000 rows: 44.0k queries/s in the 10 s before it,
// 19.1k during, 57.2k after (docs/benchmarks/live-server.md, "Dump advice
// on unfitted beds").
const liveDumpSlowdown = "19.1k queries/s during the dump against 44.0k before"

// dumpLiveNote says what the printed dump does to the live source it
// reads: its tables read through the buffer pool (from disk when they do
// not fit) while the server serves its own queries. "" without a live
// server whose table sizes were read.
func dumpLiveNote(s *profile.Server) string {
	if s == nil || !s.Reachable || s.DataBytes == 0 || s.TablesError != "" {
		return ""
	}
	if held := sourceInPool(s); held != "" {
		return "on a live source: " + held + ", so the dump reads from memory, but its threads take the CPU the server's queries use"
	}
	pool := sizeIn(s.Variables, "innodb_buffer_pool_size")
	data := s.DataBytes + s.IndexBytes
	return fmt.Sprintf("on a live source: the dump reads its %s of tables through a %s buffer pool, from the disk "+
		"the server reads its own pages from, and evicts the pages its queries use (measured, review r62, 506 MiB through "+
		"128 MiB on 2 cores: point selects on 20000 hot rows ran %s, their pages read from disk 7426 times in 10 s against 4 before): "+
		"run it when the server is quiet, or dump a replica", profile.HumanBytes(data), profile.HumanBytes(pool), liveDumpSlowdown)
}

// sourceServer is the server read when it is the dump's source: nil with
// --dump, where the server read is the restore target.
func sourceServer(p *profile.Profile) *profile.Server {
	if p.Dump != nil {
		return nil
	}
	return p.Server
}
