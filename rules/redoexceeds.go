package rules

import "fmt"

// RedoCnfExceedsDisk is true when no live server was read and the
// my.cnf's redo log (innodb_log_file_size × files, or
// innodb_redo_log_capacity) is larger than the free space of the
// filesystem that holds it: a server that does not have a log of that
// size yet (a new datadir, or one whose log the line changes) writes the
// new one whole at its next start and does not start when the disk fills
// (MariaDB 10.11 on an 8G bed: a switch from a 4352M to a 4G log failed
// with error 28 and the server did not start; docs/benchmarks/
// during-load-settings.md). A live server's log already exists, and so
// does one of that size found where the log is kept (redoLogInPlace).
func (e Env) RedoCnfExceedsDisk() bool {
	if e.F.HasServer || !e.redoFSKnown() || e.redoHeldByMemory() || !e.redoSetInCnf() || e.redoLogInPlace() {
		return false
	}
	return e.F.RedoCapacityBytes > e.redoFSRoomBytes()
}

// redoLogInPlace says whether the redo log files already where the log is
// kept (profile.Storage.RedoLogBytes) are of the size the my.cnf sets: the
// server starts on them and writes no new log (review r23: a 256M log
// mytune advised and the server made, on a bed whose data then left 104 MiB
// free, read as a crit "the server cannot write it at its next start";
// mariadbd 10.11 started on it).
func (e Env) redoLogInPlace() bool {
	return e.Storage.RedoLogBytes > 0 && e.Storage.RedoLogBytes == e.F.RedoCapacityBytes
}

// redoSetInCnf says whether the option file sets the redo log's size.
func (e Env) redoSetInCnf() bool {
	return e.F.Set["innodb_log_file_size"] || e.F.Set["innodb_redo_log_capacity"]
}

// RedoExceedsDiskText says what RedoCnfExceedsDisk found, with the sizes,
// and what fits.
func (e Env) RedoExceedsDiskText() string {
	total := e.Storage.TotalBytes
	if rd := e.Storage.RedoDir; rd != nil {
		total = rd.TotalBytes
	}
	when := "if the log the server has now is smaller (or there is none yet: a new datadir), its next start writes the new one " +
		"whole and stops when the disk is full"
	if total > 0 && e.F.RedoCapacityBytes > total {
		when = "it is larger than the whole filesystem, so no log of that size is there now: the next start writes it and stops " +
			"when the disk is full"
	}
	fits := "nothing fits there"
	if room := e.RedoRoomBytes(); room > 0 {
		fits = fmt.Sprintf("%s fits (a quarter of the room, the rest for data, binary logs and temporary files)", Human(room))
	}
	return fmt.Sprintf("The my.cnf's redo log is %s (%s), where %s: %s (MariaDB 10.11 did not start after error 28, "+
		"\"No space left on device\", when a new log did not fit an 8G disk). %s.",
		Human(e.F.RedoCapacityBytes), e.redoSettingText(), e.redoDiskText(), when, upperFirst(fits))
}

// redoSettingText names the option-file line that sizes the redo log.
func (e Env) redoSettingText() string {
	if e.F.UsesRedoCapacity() && e.F.Set["innodb_redo_log_capacity"] {
		return "innodb_redo_log_capacity = " + e.F.Raw["innodb_redo_log_capacity"]
	}
	files := ""
	if e.F.LogFilesInGroup > 1 {
		files = fmt.Sprintf(" × %d files", e.F.LogFilesInGroup)
	}
	return "innodb_log_file_size = " + e.F.Raw["innodb_log_file_size"] + files
}
