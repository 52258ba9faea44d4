package threads

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestCopyEstimateAtThePrintedThreads: with --task copy the loader line runs
// at the copy's thread count, and the restore estimate is for that line:
// its sessions are the copy's, not the load's (review r14: a copy printed
// "myloader … --threads 4" under "loaded (the loader exits) in 4.3s to
// 11s … the restore's 8 sessions", the load's 8; at 4 the same model gives
// 7.4 s to 17 s).
func TestCopyEstimateAtThePrintedThreads(t *testing.T) {
	d := &profile.Dump{Format: "mydumper", Path: "/b/d", TotalBytes: 40e6, TotalBytesBasis: profile.DumpBytesUncompressed, Tables: 4, Chunks: 8}
	threadsFlag := regexp.MustCompile(`--threads (\d+)|threads: (\d+)`)
	sessions := regexp.MustCompile(`the restore's (\d+) sessions?`)
	for _, flavor := range []struct{ name, version string }{{"mariadb", "10.11.19-MariaDB"}, {"mysql", "8.4.3"}} {
		t.Run(flavor.name, func(t *testing.T) {
			p := prof(2, 0, fastCurve, d)
			p.Server = server(flavor.name, flavor.version, map[string]string{"innodb_buffer_pool_size": "1073741824"})
			p.Storage.Conditions = &profile.Conditions{Before: profile.Load{Load1: 6}}
			plan := Size(p, Options{Task: TaskCopy})
			if plan.Copy.Threads == plan.Load.Threads {
				t.Fatalf("copy and load both at %d threads: the case does not tell them apart", plan.Load.Threads)
			}
			printed := 0
			for _, c := range plan.Commands {
				if m := threadsFlag.FindStringSubmatch(c); m != nil && !strings.HasPrefix(c, "mydumper ") {
					n, _ := strconv.Atoi(m[1] + m[2])
					printed = n
				}
			}
			if printed != plan.Copy.Threads {
				t.Fatalf("printed loader threads %d, copy threads %d: %q", printed, plan.Copy.Threads, plan.Commands)
			}
			m := sessions.FindStringSubmatch(plan.EstimatedLoad.Basis)
			if m == nil {
				t.Fatalf("no sessions in the estimate: %s", plan.EstimatedLoad.Basis)
			}
			if n, _ := strconv.Atoi(m[1]); n != printed {
				t.Errorf("the estimate is for %d sessions, the printed line runs %d: %s", n, printed, m[0])
			}
		})
	}
}
