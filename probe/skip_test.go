package probe

import (
	"os"
	"strings"
	"syscall"
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

// TestSameDiskHint: review r10, a non-root user refused a test file in a
// 0700 datadir was told only to run as another user or skip measuring;
// probe and advise may measure the same disk through a writable directory
// on its filesystem (calibrate has no --datadir).
func TestSameDiskHint(t *testing.T) {
	denied := &os.PathError{Op: "open", Path: "/var/lib/mysql/x", Err: syscall.EACCES}
	cases := []struct {
		name string
		o    Options
		err  error
		want bool
	}{
		{"advise, permission denied", Options{}, denied, true},
		{"calibrate, permission denied", Options{Skip: "--no-predict"}, denied, false},
		{"advise, read-only mount", Options{}, &os.PathError{Op: "open", Path: "/x", Err: syscall.EROFS}, false},
	}
	for _, c := range cases {
		got := sameDiskHint(c.o, c.err)
		if (got != "" && strings.Contains(got, "on the same filesystem")) != c.want {
			t.Errorf("%s: %q, want hint %v", c.name, got, c.want)
		}
	}
}
