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
