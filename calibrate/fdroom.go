package calibrate

import "fmt"

// fdsPerSession is what one load session holds open in this process: its
// connection's socket and, with --dump, the data file it reads.
const fdsPerSession = 2

// fdReserve is kept free for what the run opens beside its sessions: the
// DDL connection's replacement, /proc reads, the --out file.
const fdReserve = 4

// fdRoom is how many load sessions this process's open-file limit
// (RLIMIT_NOFILE, `ulimit -n`) leaves room for, given the files open now,
// and the words that say so; 0 when the limit is unknown or unlimited.
// Under `ulimit -n 20` the 16-session step failed the whole run with
// "dial unix ...: socket: too many open files" (review r18), where the
// server's own limits leave the counts out with a note.
func fdRoom(limit, open int) (int, string) {
	if limit <= 0 || open < 0 {
		return 0, ""
	}
	free := max((limit-open-fdReserve)/fdsPerSession, 1)
	return free, fmt.Sprintf("this process may open %d files (ulimit -n), %d of them open now, and a session takes %d "+
		"at most (its connection and, with --dump, its data file): room for %d; raise it with ulimit -n", limit, open, fdsPerSession, free)
}
