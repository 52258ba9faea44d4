//go:build linux && !386 && !arm

// Command latencyfs is the latency test bed's disk: a FUSE filesystem holding one file, disk.img, backed
// by a plain file, where every write and every fsync waits a fixed time before it is done. A loop device
// on disk.img, formatted ext4 (scripts/testbed.sh up NAME latency --write-latency 5ms), is then a disk
// whose writes are slow per operation, the way a network block device or a slow flash controller is,
// rather than capped per second as the cgroup-throttled beds are: one session waits the latency for each
// write, and sessions that write at once wait side by side (up to --queue of them, 0 = no limit).
//
//	latencyfs --backing FILE --size BYTES --mount DIR --write-latency 5ms [--sync-latency 5ms] [--queue 0]
//
// It needs root (the mount syscall; no fusermount is needed) and /dev/fuse. It serves until SIGTERM or
// SIGINT, then unmounts. Reads are not delayed. Device-mapper's dm-delay does the same in the kernel,
// where /dev/mapper/control exists (Documentation/admin-guide/device-mapper/delay.rst); this machine
// has neither device-mapper nor nbd, only fuse and loop built in.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hanwen/go-fuse/v2/fs"
	"github.com/hanwen/go-fuse/v2/fuse"
)

// imageName is the one file the filesystem holds.
const imageName = "disk.img"

// maxWrite is the largest WRITE the kernel sends: 1 MiB (FUSE_MAX_MAX_PAGES is 256 pages since Linux
// 4.20, fs/fuse/fuse_i.h), so a large block write is one delayed operation, as on a disk.
const maxWrite = 1 << 20

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "latencyfs:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	f := flag.NewFlagSet("latencyfs", flag.ContinueOnError)
	backing := f.String("backing", "", "the plain file that holds the disk's bytes (created if missing)")
	size := f.Int64("size", 0, "the disk's size in bytes (the backing file is grown to it)")
	mnt := f.String("mount", "", "the empty directory to mount on")
	wl := f.Duration("write-latency", 0, "time every WRITE waits before it is done")
	sl := f.Duration("sync-latency", -1, "time every FSYNC waits (default: --write-latency)")
	queue := f.Int("queue", 0, "delayed operations in flight at once (0: no limit)")
	if err := f.Parse(args); err != nil {
		return err
	}
	if *backing == "" || *mnt == "" || *size <= 0 || *wl < 0 || *queue < 0 {
		return fmt.Errorf("needs --backing FILE --size BYTES --mount DIR and a --write-latency ≥ 0")
	}
	if *sl < 0 {
		*sl = *wl
	}
	img, err := openImage(*backing, *size, delays{write: *wl, sync: *sl}, *queue)
	if err != nil {
		return err
	}
	root := &rootNode{img: img}
	// the kernel may cache the one entry and its size for a second: only a truncate changes them, through this server
	timeout := time.Second
	srv, err := fs.Mount(*mnt, root, &fs.Options{
		EntryTimeout: &timeout, AttrTimeout: &timeout,
		MountOptions: fuse.MountOptions{
			FsName: "latencyfs", Name: "latencyfs", DirectMountStrict: true, AllowOther: true, MaxWrite: maxWrite,
			// async direct I/O: a loop device with direct-io=on keeps several requests in flight
			// (Documentation/filesystems/fuse-io.rst); without it each waits for the one before
			ExtraCapabilities: fuse.CAP_ASYNC_DIO,
		},
	})
	if err != nil {
		return fmt.Errorf("mounting on %s: %w", *mnt, err)
	}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
	go func() {
		<-sig
		_ = srv.Unmount()
	}()
	fmt.Printf("latencyfs: %s/%s, write latency %v, sync latency %v, queue %d\n", *mnt, imageName, *wl, *sl, *queue)
	srv.Wait()
	return img.close()
}
