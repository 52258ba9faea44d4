package profile

// IOPressureBusyPct is the PSI io "some" avg10 (the share of the last 10 s
// in which some task stalled on I/O, kernel
// Documentation/accounting/psi.rst) before a measurement above which the
// disk was busy with other work. A judgement: the kernel documents no
// threshold; 10% is one second of a 10-second probe.
const IOPressureBusyPct = 10

// CPUPressureBusyPct is the PSI cpu "some" avg10 before a measurement
// above which runnable tasks waited for a CPU often enough to delay the
// probe's I/O threads (a judgement, as IOPressureBusyPct: a fifth of the
// time).
const CPUPressureBusyPct = 20

// LoadCPUs is the CPUs the load average is over: the load average counts
// every runnable task of the host (proc(5), /proc/loadavg), and Logical is
// the host's (a quota or cpuset held to the server's, QA 13: "load average
// 7.43 on 0.5 CPUs" for a server held to half a CPU on a busy 8-CPU host).
// Usable CPUs only when the host's count is unknown.
func (c CPU) LoadCPUs() float64 {
	if c.Logical > 0 {
		return float64(c.Logical)
	}
	return c.Usable()
}

// Busy reports whether l, read just before a measurement on a host of
// cpus CPUs, says other work competed with it: the load average above the
// CPUs, I/O pressure above IOPressureBusyPct or CPU pressure above
// CPUPressureBusyPct. The disk figures of such a run may read low.
func (l Load) Busy(cpus float64) bool {
	return cpus > 0 && l.Load1 > cpus ||
		l.IO != nil && l.IO.SomeAvg10 > IOPressureBusyPct ||
		l.CPU != nil && l.CPU.SomeAvg10 > CPUPressureBusyPct
}

// MeasuredBusy reports whether the host was busy (Load.Busy) just before
// the disk measurement of s on a host of cpus CPUs; false when the
// conditions were not read.
func (s Storage) MeasuredBusy(cpus float64) bool {
	return s.Measured && s.Conditions != nil && s.Conditions.Before.Busy(cpus)
}
