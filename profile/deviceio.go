package profile

// DeviceIO is what others than the probe did on the measured device while
// the disk was measured: the device's own counters (/sys/class/block/NAME/
// stat, sectors of 512 bytes) less what the probe's process moved to and
// from storage (/proc/self/io read_bytes, write_bytes). A server running
// on that disk is the usual other; on a shared disk, any process.
type DeviceIO struct {
	// Device is the block device whose counters were read ("vda", "loop0").
	Device string `json:"device"`
	// Seconds is how long the counters were watched (the disk measurement).
	Seconds float64 `json:"seconds"`
	// WriteBytes and ReadBytes are the bytes others wrote and read.
	WriteBytes uint64 `json:"write_bytes"`
	ReadBytes  uint64 `json:"read_bytes"`
	// DeviceWriteBytes and DeviceReadBytes are all the device served, the probe's own included.
	DeviceWriteBytes uint64 `json:"device_write_bytes"`
	DeviceReadBytes  uint64 `json:"device_read_bytes"`
}

// WriteSharePct is the share of the device's written bytes others wrote,
// in percent (0 when the device wrote nothing).
func (d DeviceIO) WriteSharePct() float64 {
	if d.DeviceWriteBytes == 0 {
		return 0
	}
	return 100 * float64(d.WriteBytes) / float64(d.DeviceWriteBytes)
}

// OtherIOPct is the share of the measured device's written bytes, in
// percent, that others than the probe wrote during the measurement above
// which the figures are taken to have competed with them (a judgement, as
// the I/O pressure bar of the trust notes: the probe's own run over an
// idle bed left 0.0-0.3% to others; a 4-thread sysbench on the datadir of
// an SD-card-like bed wrote 10-75% of what the device served, review r22).
const OtherIOPct = 5

// Competed reports whether others wrote more than OtherIOPct of the
// device's bytes while it was measured (false for a nil DeviceIO).
func (d *DeviceIO) Competed() bool { return d != nil && d.WriteSharePct() > OtherIOPct }
