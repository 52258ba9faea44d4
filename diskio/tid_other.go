//go:build !linux

package diskio

// threadID is 0 where the engine reads no per-thread scheduler statistics.
func threadID() int { return 0 }
