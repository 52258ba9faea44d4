package probe

// checkInodes refuses a filesystem with no free inode: creating the test
// file fails with ENOSPC though bytes are free, and "free some space or
// lower --max-bytes" would not help. A filesystem that reports no inode
// count at all (btrfs makes them as needed: f_files 0) or cannot be asked
// passes. skip is the flag that goes without measuring (Options.skip).
func checkInodes(dir, skip string) error {
	files, free, err := inodesOf(dir)
	if err != nil || files == 0 || free > 0 {
		return nil
	}
	return inputf("%s: the filesystem has no free inodes (df -i: 0 of %d free), so the probe cannot create its test file "+
		"though bytes are free: remove files there, or give %s", dir, files, skip)
}
