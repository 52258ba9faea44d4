//go:build !unix

package probe

// fileSizeLimit: no file size limit is read outside Unix.
func fileSizeLimit() uint64 { return 0 }
