package advisor

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// OtherIOPct is profile.OtherIOPct, the share of the device's writes
// others may make before the figures are noted as shared.
const OtherIOPct = profile.OtherIOPct

// otherIOItems notes the I/O others did on the measured device while the
// probe measured it (profile.DeviceIO), with the figures: the PSI reading
// before the run says only that the disk was busy then.
func otherIOItems(d *profile.DeviceIO) []trustItem {
	if !d.Competed() {
		return nil
	}
	mib := func(b uint64) float64 { return float64(b) / (1 << 20) }
	text := fmt.Sprintf("other processes used the disk while it was measured: in %.1f s they wrote %.1f MiB to %s (%.0f%% of the "+
		"%.1f MiB it wrote, over %d%%) and read %.1f MiB (%s's counters less this probe's own): the figures are what the disk had "+
		"left for the probe and may read low; a server running on this disk is the usual other, so measure when it is quiet",
		d.Seconds, mib(d.WriteBytes), d.Device, d.WriteSharePct(), mib(d.DeviceWriteBytes), OtherIOPct, mib(d.ReadBytes), d.Device)
	return []trustItem{{note: profile.TrustNote{Kind: profile.TrustOtherIO, Figure: profile.TrustFigureHost,
		Measured: d.WriteSharePct(), Threshold: OtherIOPct, Unit: profile.TrustUnitPercent, Text: text}}}
}
