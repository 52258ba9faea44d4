package threads

import "fmt"

// OneCPUFullRedoThreads is the most load threads advised on one CPU when
// the redo log the load runs with cannot hold its redo. On one CPU with
// MariaDB 10.11's stock 96M redo log, 16 sessions loading the 152 MB
// sysbench dump hung for 11 minutes at the log's sync limit until the
// server aborted itself (innodb_fatal_semaphore_wait_threshold, 600 s,
// signal 6): the sessions waiting on latches kept the page cleaner from
// the one CPU it needed to advance the checkpoint. 4 sessions in the same
// server and redo log loaded it in 15.35 s (docs/benchmarks/estimate.md,
// "One CPU, 16 threads, stock redo log: MariaDB aborted"). 8 were not run
// against a full log; with a log that held the load they were 9% faster
// than 4 (12.04 against 13.15 s), a gain not worth a server that may stop.
const OneCPUFullRedoThreads = 4

// oneCPUFullRedo caps n at OneCPUFullRedoThreads when the load runs on one
// CPU and the redo log b leaves it cannot hold the load's redo (its
// limits known); n and why unchanged otherwise.
func oneCPUFullRedo(c cores, b pool, n int, why []string) (int, []string) {
	if c.n != 1 || n <= OneCPUFullRedoThreads || !b.room.Lim.known() || b.room.holds() {
		return n, why
	}
	return OneCPUFullRedoThreads, append(why, fmt.Sprintf("one CPU and a redo log that cannot hold the load: capped at %d (on one CPU 16 sessions against a full 96M redo log hung MariaDB 10.11 until it aborted itself, 4 loaded: docs/benchmarks/estimate.md)", OneCPUFullRedoThreads))
}
