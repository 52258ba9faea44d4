package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestSyncSpikesOthers: storage.sync_spikes names other processes' writes
// to the measured device, with their figures, when they wrote more than
// profile.OtherIOPct of its bytes while the commits were timed, and says
// nothing of them otherwise (review r22: under a 4-thread sysbench on an
// SD-card-like bed, p99 118.3 ms against p50 2.7 ms was put down to the
// device alone).
func TestSyncSpikesOthers(t *testing.T) {
	const mib = 1 << 20
	for _, tc := range []struct {
		name   string
		others *profile.DeviceIO
		want   string
	}{
		{"a server wrote 58% of the device's bytes", &profile.DeviceIO{Device: "loop0", Seconds: 10.7,
			WriteBytes: 28 * mib, DeviceWriteBytes: 48 * mib}, "other processes wrote 28.0 MiB to loop0 (58% of what it wrote)"},
		{"others wrote 0.1%", &profile.DeviceIO{Device: "loop0", Seconds: 10.7,
			WriteBytes: 48 << 10, DeviceWriteBytes: 48 * mib}, ""},
		{"counters not read", nil, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Storage.Fsync.P50US, p.Storage.Fsync.P99US = 2700, 118300
			p.Storage.Conditions = &profile.Conditions{Others: tc.others}
			h, ok := fired(t, p, "strict", "mariadb-10.11")["storage.sync_spikes"]
			if !ok {
				t.Fatal("storage.sync_spikes did not fire")
			}
			got := strings.Contains(h.RenderedDetail, "other processes wrote")
			if tc.want == "" && got {
				t.Errorf("detail names other writers with none: %s", h.RenderedDetail)
			}
			if tc.want != "" && !strings.Contains(h.RenderedDetail, tc.want) {
				t.Errorf("detail %q, want %q", h.RenderedDetail, tc.want)
			}
		})
	}
}
