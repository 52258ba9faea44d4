package advisor

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRestoreRoom: a restore whose tables take more than the datadir's
// free space at the least is a crit finding (QA: a 316 MiB dump planned
// onto 250 MiB free failed with error 28 and filled the disk); more than
// free only at its high end, a warn; room to spare, nothing.
func TestRestoreRoom(t *testing.T) {
	sized := profile.Dump{TotalBytes: 100 << 20, TotalBytesBasis: profile.DumpBytesUncompressed,
		Engines:     []profile.DumpEngine{{Name: "InnoDB", Tables: 1, Bytes: 100 << 20}},
		TableModels: []profile.DumpTableModel{{Name: "s.t", Engine: "InnoDB", Bytes: 100 << 20, SampledRows: 200, SQLBytesPerRow: 200, RecordBytes: 206}}}
	unsized := sized
	unsized.TableModels = nil
	cases := []struct {
		name     string
		dump     *profile.Dump
		free     uint64
		loads    bool
		severity Severity // "" for no finding
		says     string
	}{
		{"sized, far too little room", &sized, 50 << 20, true, SeverityCrit, "The restore does not fit: it needs at least ~1"},
		{"sized, room for the pages but not for 3x", &sized, 200 << 20, true, SeverityWarn, "The restore may not fit"},
		{"sized, room to spare", &sized, 1 << 30, true, "", ""},
		{"unsized: the SQL itself does not fit", &unsized, 80 << 20, true, SeverityCrit, "no table could be sized"},
		{"no load planned", &sized, 50 << 20, false, "", ""},
		{"free space unknown", &sized, 0, true, "", ""},
		{"no dump", nil, 50 << 20, true, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := profile.Profile{Dump: c.dump, Storage: profile.Storage{FreeBytes: c.free, MountPoint: "/var/lib/mysql"}}
			got := restoreRoom(p, c.loads)
			if c.severity == "" {
				if len(got) != 0 {
					t.Fatalf("want no finding, got %+v", got)
				}
				return
			}
			if len(got) != 1 || got[0].Severity != c.severity || !strings.Contains(got[0].Summary+" "+got[0].Detail, c.says) {
				t.Fatalf("want one %s finding saying %q, got %+v", c.severity, c.says, got)
			}
		})
	}
}
