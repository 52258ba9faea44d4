// Package docread reads the saved documents the commands take as input (a
// profile, an advice, a calibration: compare, --from, --calibration), from
// a file or standard input, bounded in size and given up as soon as the
// context ends: a read blocked on a terminal, a FIFO or a pipe nobody
// writes must not outlive a Ctrl-C.
package docread

import (
	"context"
	"io"
	"os"
)

// result is what the reading goroutine hands back.
type result struct {
	data []byte
	err  error
}

// Read reads r to its end, but at most limit+1 bytes (one more than a
// document may hold, so the decoder can refuse a larger one as too
// large). When ctx ends first it returns ctx.Err() at once; the read, which
// cannot be interrupted, is left to finish or to end with the process.
func Read(ctx context.Context, r io.Reader, limit int64) ([]byte, error) {
	return wait(ctx, func() ([]byte, error) { return io.ReadAll(io.LimitReader(r, limit+1)) })
}

// ReadFile is Read on the file path, or on stdin when path is "-" and
// stdin is not nil. The open runs under ctx too: opening a FIFO blocks
// until a writer comes. Errors of the open and the read are the os
// package's (*fs.PathError), for the caller to word.
func ReadFile(ctx context.Context, path string, stdin io.Reader, limit int64) ([]byte, error) {
	if path == "-" && stdin != nil {
		return Read(ctx, stdin, limit)
	}
	return wait(ctx, func() ([]byte, error) {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		return io.ReadAll(io.LimitReader(f, limit+1))
	})
}

// wait runs read in a goroutine and returns its result, or ctx.Err() as
// soon as ctx ends.
func wait(ctx context.Context, read func() ([]byte, error)) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	done := make(chan result, 1) // buffered: a read that ends after ctx does not block forever
	go func() {
		data, err := read()
		done <- result{data, err}
	}()
	select {
	case r := <-done:
		return r.data, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
