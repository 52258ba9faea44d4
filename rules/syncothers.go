package rules

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// SyncOthersText is what storage.sync_spikes adds when other processes
// wrote to the measured device while its commits were timed
// (profile.DeviceIO.Competed): the probe's commits then queued behind
// theirs, so the spikes may be a server's own writes rather than the
// device's stalls (review r22: under a 4-thread sysbench on an SD-card-like
// bed, p99 118.3 ms against p50 2.7 ms, with the finding naming garbage
// collection or a full write cache only). "" when nothing else wrote.
func (e Env) SyncOthersText() string {
	var d *profile.DeviceIO
	if c := e.Storage.Conditions; c != nil {
		d = c.Others
	}
	if !d.Competed() {
		return ""
	}
	return fmt.Sprintf(" While they were timed, other processes wrote %s to %s (%.0f%% of what it wrote): commits queue behind "+
		"their writes, so a server running on this disk may cause part of these spikes; measure again when it is quiet to "+
		"tell the device's own stalls from theirs.", e.Human(d.WriteBytes), d.Device, d.WriteSharePct())
}
