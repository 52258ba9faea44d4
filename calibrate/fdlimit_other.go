//go:build !unix

package calibrate

// fdLimit is not read off Unix: unknown.
func fdLimit() (limit, open int) { return 0, 0 }
