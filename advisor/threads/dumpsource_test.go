package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestDumpSourceNotes: the dump notes name the source's table bytes, the
// gzip dump they measured to (0.43 of DATA_LENGTH, review r62) and whether
// the tables come from the pool or from the disk; without a live source
// (or with --dump, where the server read is the restore target) they say
// no figures.
func TestDumpSourceNotes(t *testing.T) {
	src := func(dataBytes uint64, pool string) *profile.Server {
		s := server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": pool})
		s.DataBytes, s.IndexBytes = dataBytes, 35651584
		return s
	}
	tests := []struct {
		name              string
		srv               *profile.Server
		dump              *profile.Dump
		spaceHas, liveHas string
		spaceNot          string
	}{
		// review r62's fast and bw beds: 2 sysbench tables, 472 MiB of data, 34 MiB of index, a 128M pool
		{"tables outgrow the pool", src(494927872, "134217728"), nil,
			"more than the source's 472.0 MiB of tables (DATA_LENGTH; the --compress dump of sysbench rows took 0.43 of it, about 203.0 MiB here)",
			"reads its 506.0 MiB of tables through a 128.0 MiB buffer pool, from the disk the server reads its own pages from, and evicts", ""},
		{"tables fit the pool", src(494927872, "1073741824"), nil,
			"more than the source's 472.0 MiB", "the source's 506.0 MiB of tables fit its 1.0 GiB buffer pool, so the dump reads from memory", ""},
		{"no server: no figures", nil, nil, "check `df -h` there first, and put the dump on another disk", "", "DATA_LENGTH"},
		{"server without table sizes: no figures", src(0, "134217728"), nil, "check `df -h` there first, and put", "", "DATA_LENGTH"},
		{"--dump: the server read is the target", src(494927872, "134217728"), &profile.Dump{Format: "mydumper", Path: "/b/d"},
			"check `df -h` there first, and put", "", "DATA_LENGTH"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(2, 0, sdCurve, tc.dump)
			p.Server = tc.srv
			space, live := dumpSpaceNote(sourceServer(p)), dumpLiveNote(sourceServer(p))
			if !strings.Contains(space, tc.spaceHas) || (tc.spaceNot != "" && strings.Contains(space, tc.spaceNot)) {
				t.Errorf("space note %q; want %q, not %q", space, tc.spaceHas, tc.spaceNot)
			}
			if (tc.liveHas == "") != (live == "") || !strings.Contains(live, tc.liveHas) {
				t.Errorf("live note %q; want %q", live, tc.liveHas)
			}
		})
	}
}
