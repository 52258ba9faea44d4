package rules

// logFilesInGroup is the number of redo files the server uses: what
// innodb_log_files_in_group says, but always 1 on MariaDB 10.5 and later,
// which has one ib_logfile0 and ignores the option (MariaDB KB,
// innodb_log_files_in_group: deprecated and ignored from 10.5.2; mariadbd
// 10.11.19 started with innodb_log_file_size = 256M and
// innodb_log_files_in_group = 4 runs with one 268435456-byte ib_logfile0).
// Taking the 4 made a 256M redo log read as 1G, so no redo advice.
func (f *Facts) logFilesInGroup() int {
	if f.IsMariaDB() && f.Version.AtLeast(10, 5, 0) {
		return 1
	}
	return max(f.int("innodb_log_files_in_group"), 1)
}
