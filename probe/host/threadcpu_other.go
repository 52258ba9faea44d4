//go:build !linux

package host

import "time"

// threadCPU is not read outside Linux: ok is false and the speed
// measurement then has only its wall-clock rates.
func threadCPU() (time.Duration, bool) { return 0, false }
