package profile

// Priority is the probe's own scheduling while it measured: a probe run
// under `nice -n 19` or `ionice -c3` (as a cron job may be) gets the CPUs
// and the disk after every other task, and reads a shared disk as slower
// than the server, at normal priority, finds it (review r18: 291 and 135
// MB/s of sequential writes under ionice -c3 beside a writer, 554 and 653
// MB/s without).
type Priority struct {
	// Nice is the process's nice value, -20..19 (0 by default).
	Nice int `json:"nice"`
	// IOClass is its I/O scheduling class (ioprio_get(2)): "none" (from
	// the nice value), "realtime", "best-effort" or "idle".
	IOClass string `json:"io_class"`
}

// I/O scheduling classes, as ioprio_get(2) numbers them.
var ioClasses = []string{"none", "realtime", "best-effort", "idle"}

// IOClassName is the name of ioprio_get(2)'s class number c; "" for one
// it does not define.
func IOClassName(c int) string {
	if c < 0 || c >= len(ioClasses) {
		return ""
	}
	return ioClasses[c]
}

// IOClassIdle is the class that gets the disk only when no other task
// waits for it.
const IOClassIdle = "idle"
