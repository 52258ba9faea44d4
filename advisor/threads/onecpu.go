package threads

import "fmt"

// OneCPUFullRedoThreads is the most load threads measured to finish on one
// CPU against a redo log that cannot hold the load. On one CPU with
// MariaDB 10.11's stock 96M redo log and the 152 MB sysbench dump (~185 MB
// of redo), 16 sessions hung for 11 minutes at the log's sync limit until
// the server aborted itself (innodb_fatal_semaphore_wait_threshold, 600 s,
// signal 6): the sessions waiting on latches kept the page cleaner from the
// one CPU it needed to advance the checkpoint. 8 sessions loaded it in
// 11.83 s and 4 in 12.81 s (docs/benchmarks/estimate.md, "One CPU, 16
// threads, stock redo log" and "One CPU, 4 and 8 threads"). The rule
// advises at most FitThreadsPerCore (8) per core, so this is a warning for
// a user who would raise the count, not a cap.
const OneCPUFullRedoThreads = 8

// oneCPUFullRedoNote warns, when the load runs on one CPU and the redo log
// the plan leaves cannot hold its redo (its limits known), not to run more
// than OneCPUFullRedoThreads sessions; "" otherwise.
func oneCPUFullRedoNote(c cores, b pool) string {
	if c.n != 1 || !b.room.Lim.known() || b.room.holds() {
		return ""
	}
	return fmt.Sprintf("one CPU and a redo log that cannot hold the load: do not raise the load above %d threads (on one CPU 16 sessions against a full 96M redo log hung MariaDB 10.11 until it aborted itself; 8 loaded the same dump in 11.8 s, 4 in 12.8 s: docs/benchmarks/estimate.md)", OneCPUFullRedoThreads)
}
