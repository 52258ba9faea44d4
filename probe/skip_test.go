package probe

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRefusalNamesSkip: the errors that refuse a measurement name the flag
// that goes without one. Review r10: as user dbard, 'mytune calibrate -h
// 127.0.0.1 -P 3431 -u dba' probed the server's 0700 datadir for advise's
// prediction and ended '... or with --no-measure', which calibrate refuses
// ('unknown flag: --no-measure'); calibrate's flag is --no-predict.
func TestRefusalNamesSkip(t *testing.T) {
	const gib = uint64(1) << 30
	mem := profile.Memory{TotalBytes: 24 * gib, AvailableBytes: 22 * gib}
	cases := []struct {
		name, skip, want string
	}{
		{"probe and advise", "", "--no-measure"},
		{"calibrate", "--no-predict (or --from profile.json)", "--no-predict (or --from profile.json)"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o := Options{Skip: c.skip}
			errs := map[string]error{"virtual filesystem": pseudoFSError(&profile.Storage{Path: "/proc/x", FSType: "proc"}, o.skip())}
			_, _, _, errs["tiny filesystem"] = planBudget(o, &profile.Storage{Path: "/srv/db", FSType: "ext4", FreeBytes: 50 << 20,
				TotalBytes: 58 << 20}, mem)
			_, _, _, errs["no size"] = planBudget(o, &profile.Storage{Path: "/srv/db", FSType: "sysfs"}, mem)
			_, _, _, errs["tmpfs without memory"] = planBudget(o, &profile.Storage{Path: "/srv/db", FSType: "tmpfs", FreeBytes: 20 * gib,
				TotalBytes: 20 * gib}, profile.Memory{TotalBytes: 24 * gib, AvailableBytes: 200 << 20})
			for what, err := range errs {
				if err == nil || !strings.Contains(err.Error(), "give "+c.want) && !strings.Contains(err.Error(), "or "+c.want) {
					t.Errorf("%s: %v, want it to name %q", what, err, c.want)
				}
				if c.skip != "" && strings.Contains(fmtErr(err), "--no-measure") {
					t.Errorf("%s: %v names --no-measure", what, err)
				}
			}
		})
	}
}

// fmtErr is err's text, "" for nil.
func fmtErr(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
