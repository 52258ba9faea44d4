package main

import (
	"fmt"
	"io"
)

// outCheck is the stdout cobra writes its own text to (--help, `mytune
// help`, usage): cobra drops the write's error, so outCheck keeps the
// first one and run reports it, as a full disk under `--help >/dev/full`
// must not exit 0.
type outCheck struct {
	w   io.Writer
	err error
}

// Write writes p to the underlying writer and keeps the first error.
func (o *outCheck) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil && o.err == nil {
		o.err = err
	}
	return n, err
}

// failed is err, or the first write error to standard output when err is
// nil: the text was not all written, so the run did not succeed.
func (o *outCheck) failed(err error) error {
	if err != nil || o.err == nil {
		return err
	}
	return fmt.Errorf("cannot write to standard output: %w", o.err)
}
