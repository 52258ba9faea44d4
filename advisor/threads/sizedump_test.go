package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestSizeDumpReadKnee: the random-read knee caps dump threads only when
// the source's tables may have to come from disk. The hdd bed's probe
// (random 16K reads 141 IOPS at 1 thread, 116 at 16: knee 1) with the
// bench-dump source (174 MB data + 19 MB index in a 1G pool) was advised
// 1 thread, where a gzip dump took 29.7 s at 1 thread against 16.8 s at 2
// on the same CPU (docs/benchmarks/dump-threads.md, "Dump threads").
func TestSizeDumpReadKnee(t *testing.T) {
	hddRead := curve(1, 141, 2, 130, 4, 125, 8, 120, 16, 116)
	src := func(dataBytes uint64, pool string) *profile.Server {
		s := server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": pool})
		s.DataBytes, s.IndexBytes = dataBytes, 19005440
		return s
	}
	tests := []struct {
		name    string
		srv     *profile.Server
		want    int
		whyHave string
		dump    *profile.Dump
	}{
		{"tables in the pool: cores decide", src(174391296, "1073741824"), 4, "fit its 1.0 GiB buffer pool, so the random-read knee does not bound", nil},
		{"tables outgrow the pool: the knee caps", src(4<<30, "1073741824"), 1, "reads: random 16K IOPS peak at 1", nil},
		{"no server (a saved profile): the knee caps", nil, 1, "reads: random 16K IOPS peak at 1", nil},
		{"server without a data size: the knee caps", src(0, "1073741824"), 1, "reads: random 16K IOPS peak at 1", nil},
		{"pool unknown: the knee caps", src(174391296, ""), 1, "reads: random 16K IOPS peak at 1", nil},
		// the tables' sizes lag (32 KiB in information_schema.TABLES) while the files hold 4 GiB: not "in the pool"
		{"the tables' sizes lag their 4 GiB of files: the knee caps", func() *profile.Server {
			s := src(16384, "1073741824")
			s.InnoDBFileBytes = 4 << 30
			return s
		}(), 1, "reads: random 16K IOPS peak at 1", nil},
		// QA: the restore target's hdd bed sized the source's mydumper line at 1 thread; 2 ran 1.57x faster
		{"restoring a dump: the disk is the target's, cores decide", src(4<<30, "1073741824"), 4,
			"the disk measured and the server read are the restore target's (--dump), not the source's", &profile.Dump{Format: "mydumper", Path: "/b/d"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, sdCurve, tc.dump)
			p.Storage.RandRead = hddRead
			p.Server = tc.srv
			got := sizeDump(p, coresOf(p.Host))
			if got.Threads != tc.want || !strings.Contains(got.Why, tc.whyHave) {
				t.Errorf("threads %d (%s); want %d with %q", got.Threads, got.Why, tc.want, tc.whyHave)
			}
		})
	}
}
