package profile

// redoResizeFixed are the first releases of each MariaDB series whose
// online redo resize (SET GLOBAL innodb_log_file_size, MDEV-27812, 10.9
// on) is crash safe: MDEV-34750 "SET GLOBAL innodb_log_file_size is not
// crash safe" (a server killed while the log resizes could find a log it
// cannot recover from; the fix's commit says the resize "was broken also
// before" MDEV-33894) is in the MariaDB 10.11.10 changelog (1 Nov 2024);
// 11.2.6, 11.4.4 and 11.6.2 are their series' releases of that month.
// Series not listed before 11.7 (10.9, 10.10, 11.0, 11.1, 11.3, 11.5)
// ended without one.
var redoResizeFixed = map[[2]int]Version{
	{10, 11}: {Major: 10, Minor: 11, Patch: 10},
	{11, 2}:  {Major: 11, Minor: 2, Patch: 6},
	{11, 4}:  {Major: 11, Minor: 4, Patch: 4},
	{11, 6}:  {Major: 11, Minor: 6, Patch: 2},
}

// MariaDBRedoResizeCrashSafe reports whether MariaDB release v resizes its redo
// log online crash safely (redoResizeFixed).
func MariaDBRedoResizeCrashSafe(v Version) bool {
	if fixed, ok := redoResizeFixed[[2]int{v.Major, v.Minor}]; ok {
		return !v.Less(fixed)
	}
	return !v.Less(Version{Major: 11, Minor: 7})
}
