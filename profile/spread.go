package profile

// Spread is how a figure varied between the slices it is the median of:
// the lower and upper quartiles of the slices' values, in the figure's unit.
type Spread struct {
	Slices int     `json:"slices"`
	P25    float64 `json:"p25"`
	P75    float64 `json:"p75"`
}

// RelPct is the interquartile range as a percentage of median, the
// figure the spread belongs to; 0 for no spread or no median.
func (s *Spread) RelPct(median float64) float64 {
	if s == nil || median <= 0 || s.Slices < 2 {
		return 0
	}
	return (s.P75 - s.P25) / median * 100
}

// Bounds returns the quartiles of a figure, or the figure itself twice
// when it has no spread.
func (s *Spread) Bounds(figure float64) (lo, hi float64) {
	if s == nil || s.Slices < 2 || s.P25 <= 0 || s.P75 < s.P25 {
		return figure, figure
	}
	return s.P25, s.P75
}

// Conditions is the host's load and pressure just before and just after a
// disk measurement. Only Before speaks for other work: during the run the
// probe's own goroutines count in the load average (a task in
// uninterruptible I/O wait does, proc(5) /proc/loadavg) and its own I/O
// waits count as I/O pressure.
type Conditions struct {
	Before Load `json:"before"`
	After  Load `json:"after"`
	// Priority is the probe's own CPU and I/O priority; nil when not read.
	Priority *Priority `json:"priority,omitempty"`
	// Others is what other processes did on the measured device during the
	// measurement; nil when its counters could not be read.
	Others *DeviceIO `json:"others,omitempty"`
}

// Load is one reading of /proc/loadavg and, where the kernel has PSI
// (Linux 4.20+, CONFIG_PSI), /proc/pressure/io and cpu.
type Load struct {
	Load1  float64 `json:"load1"`
	Load5  float64 `json:"load5"`
	Load15 float64 `json:"load15"`
	// IO and CPU are nil when /proc/pressure is absent or unreadable.
	IO  *Pressure `json:"io_pressure,omitempty"`
	CPU *Pressure `json:"cpu_pressure,omitempty"`
}

// Pressure is one PSI resource's "some" line: the share of the last 10 s
// and 60 s in which at least one task stalled on the resource, in percent
// (kernel Documentation/accounting/psi.rst), and its running total.
type Pressure struct {
	SomeAvg10   float64 `json:"some_avg10"`
	SomeAvg60   float64 `json:"some_avg60"`
	SomeTotalUS uint64  `json:"some_total_us"`
}
