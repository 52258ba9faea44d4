//go:build linux && !386 && !arm

package main

import (
	"context"
	"fmt"
	"os"
	"syscall"
	"time"

	"github.com/hanwen/go-fuse/v2/fs"
	"github.com/hanwen/go-fuse/v2/fuse"
)

// delays are the waits of one write and one fsync.
type delays struct{ write, sync time.Duration }

// image is disk.img: the backing file, the delays, and a semaphore of --queue slots (nil: no limit).
type image struct {
	fs.Inode
	f     *os.File
	d     delays
	slots chan struct{}
}

var (
	_ = (fs.NodeOpener)((*image)(nil))
	_ = (fs.NodeGetattrer)((*image)(nil))
	_ = (fs.NodeSetattrer)((*image)(nil))
	_ = (fs.NodeReader)((*image)(nil))
	_ = (fs.NodeWriter)((*image)(nil))
	_ = (fs.NodeFsyncer)((*image)(nil))
	_ = (fs.NodeFlusher)((*image)(nil))
	_ = (fs.NodeAllocater)((*image)(nil))
)

// openImage opens (or creates) the backing file, grown to size. It is opened without O_DIRECT: the
// host's page cache holds its writes until an fsync, as a disk's write cache does until a FLUSH.
func openImage(path string, size int64, d delays, queue int) (*image, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, err
	}
	if st, err := f.Stat(); err != nil || st.Size() < size {
		if err := f.Truncate(size); err != nil {
			f.Close()
			return nil, fmt.Errorf("growing %s to %d bytes: %w", path, size, err)
		}
	}
	img := &image{f: f, d: d}
	if queue > 0 {
		img.slots = make(chan struct{}, queue)
	}
	return img, nil
}

func (n *image) close() error { return n.f.Close() }

// wait sleeps d, holding one of the queue's slots while it does.
func (n *image) wait(d time.Duration) {
	if d <= 0 {
		return
	}
	if n.slots != nil {
		n.slots <- struct{}{}
		defer func() { <-n.slots }()
	}
	time.Sleep(d)
}

func (n *image) Open(ctx context.Context, flags uint32) (fs.FileHandle, uint32, syscall.Errno) {
	return nil, 0, 0
}

func (n *image) Getattr(ctx context.Context, fh fs.FileHandle, out *fuse.AttrOut) syscall.Errno {
	st, err := n.f.Stat()
	if err != nil {
		return fs.ToErrno(err)
	}
	out.Mode = syscall.S_IFREG | 0o600
	out.Size = uint64(st.Size())
	out.Blocks = (out.Size + 511) / 512
	out.Blksize = 4096
	return 0
}

func (n *image) Setattr(ctx context.Context, fh fs.FileHandle, in *fuse.SetAttrIn, out *fuse.AttrOut) syscall.Errno {
	if sz, ok := in.GetSize(); ok {
		if err := n.f.Truncate(int64(sz)); err != nil {
			return fs.ToErrno(err)
		}
	}
	return n.Getattr(ctx, fh, out)
}

func (n *image) Read(ctx context.Context, fh fs.FileHandle, dest []byte, off int64) (fuse.ReadResult, syscall.Errno) {
	k, err := n.f.ReadAt(dest, off)
	if err != nil && k == 0 && off < n.size() {
		return nil, fs.ToErrno(err)
	}
	return fuse.ReadResultData(dest[:k]), 0
}

func (n *image) size() int64 {
	st, err := n.f.Stat()
	if err != nil {
		return 0
	}
	return st.Size()
}

func (n *image) Write(ctx context.Context, fh fs.FileHandle, data []byte, off int64) (uint32, syscall.Errno) {
	n.wait(n.d.write)
	k, err := n.f.WriteAt(data, off)
	if err != nil {
		return uint32(k), fs.ToErrno(err)
	}
	return uint32(k), 0
}

func (n *image) Fsync(ctx context.Context, fh fs.FileHandle, flags uint32) syscall.Errno {
	n.wait(n.d.sync)
	return fs.ToErrno(syscall.Fdatasync(int(n.f.Fd())))
}

// Flush is close(2) on a descriptor of disk.img: nothing to write back (writes are done when they return).
func (n *image) Flush(ctx context.Context, fh fs.FileHandle) syscall.Errno { return 0 }

// Allocate passes fallocate through (a loop device punches holes for discards), undelayed.
func (n *image) Allocate(ctx context.Context, fh fs.FileHandle, off, size uint64, mode uint32) syscall.Errno {
	return fs.ToErrno(syscall.Fallocate(int(n.f.Fd()), mode, int64(off), int64(size)))
}

// rootNode is the mount's directory: disk.img and nothing else.
type rootNode struct {
	fs.Inode
	img *image
}

var _ = (fs.NodeOnAdder)((*rootNode)(nil))

func (r *rootNode) OnAdd(ctx context.Context) {
	r.AddChild(imageName, r.NewPersistentInode(ctx, r.img, fs.StableAttr{Mode: syscall.S_IFREG}), false)
}
