package diskio

import "golang.org/x/sys/unix"

// threadID is the kernel id of the calling OS thread (gettid(2)).
func threadID() int { return unix.Gettid() }
