// Package storage finds where a directory lives: the mount that holds it,
// the block-device chain from the mounted device down to the leaf disk(s),
// and the kernel's labels for that leaf. Everything it reads from /proc,
// /sys and /dev goes through Roots, so tests run on captured trees.
package storage

// Roots points the reader at a real or captured tree.
type Roots struct{ Proc, Sys, Dev string }

// DefaultRoots are the live kernel trees.
func DefaultRoots() Roots { return Roots{Proc: "/proc", Sys: "/sys", Dev: "/dev"} }
