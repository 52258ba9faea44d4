//go:build !unix

package probe

// checkWritable has no cheap answer here: the measuring engine's own
// O_EXCL create reports a directory it cannot write.
func checkWritable(string) error { return nil }

// inodesOf has no answer here: the engine's create reports a full filesystem.
var inodesOf = func(string) (files, free uint64, err error) { return 0, 0, nil }
