//go:build !unix

package calibrate

// processAlive cannot tell off unix: not known.
func processAlive(int) (alive, known bool) { return false, false }

// processNamespace is unknown off unix.
func processNamespace() (pidns, boot string) { return "", "" }
