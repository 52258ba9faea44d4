package advisor

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestTrustOtherIO: the I/O others did on the measured device during the
// measurement is a trust note with its figures once their share of the
// device's writes passes OtherIOPct (review r22: with a 4-thread sysbench
// on the datadir of an SD-card-like bed, random writes at 1 thread read
// 103 IOPS against 148 idle and the fdatasync p50 2077 µs against 416,
// and no note named the server's own I/O, only the PSI reading before).
func TestTrustOtherIO(t *testing.T) {
	const mib = 1 << 20
	cases := []struct {
		name   string
		others *profile.DeviceIO
		want   []string
	}{
		{"not read", nil, nil},
		{"an idle bed", &profile.DeviceIO{Device: "loop0", Seconds: 10, WriteBytes: 49152, DeviceWriteBytes: 33 * mib}, nil},
		{"a server writing beside the probe", &profile.DeviceIO{Device: "loop0", Seconds: 10.7, WriteBytes: 28 * mib,
			ReadBytes: 3 * mib, DeviceWriteBytes: 49 * mib, DeviceReadBytes: 800 * mib},
			[]string{"in 10.7 s they wrote 28.0 MiB to loop0 (57% of the 49.0 MiB it wrote, over 5%)", "read 3.0 MiB",
				"may read low"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := &profile.Profile{Storage: profile.Storage{Measured: true, Conditions: &profile.Conditions{Others: c.others}}}
			var got *profile.TrustNote
			for _, n := range Trust(p) {
				if n.Kind == profile.TrustOtherIO {
					got = &n
				}
			}
			if (got != nil) != (c.want != nil) {
				t.Fatalf("other_io note %+v, want one: %v", got, c.want != nil)
			}
			if got == nil {
				return
			}
			for _, w := range c.want {
				if !strings.Contains(got.Text, w) {
					t.Errorf("text %q, want %q in it", got.Text, w)
				}
			}
			if got.Figure != profile.TrustFigureHost || got.Threshold != OtherIOPct || got.Unit != profile.TrustUnitPercent {
				t.Errorf("note %+v: want figure host, threshold %d, unit percent", got, OtherIOPct)
			}
		})
	}
}
