package probe

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"syscall"
	"time"

	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/probe/profile"
)

// measure runs the disk measurements in st.Path and copies the results
// into st. Bad input (no space, no write permission) and cancellation are
// errors; anything else is recorded as a note and leaves st unmeasured.
func measure(ctx context.Context, o Options, st *profile.Storage) error {
	if err := checkWritable(st.Path); err != nil {
		return inputf("cannot write a test file in %s (%w): run as a user who may write there, on a writable mount, or with --no-measure", st.Path, err)
	}
	fileBytes, note, err := diskio.Budget(st.FreeBytes, o.MaxBytes)
	if err != nil {
		return inputf("%s: %w", st.Path, err)
	}
	if note != "" {
		st.Notes = append(st.Notes, note)
	}
	res, err := diskio.Run(ctx, diskio.Options{Dir: st.Path, Duration: o.Duration, MaxBytes: o.MaxBytes, FileBytes: fileBytes, Progress: o.Progress})
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS):
		return inputf("cannot write a test file in %s (%w): run as a user who may write there, or on a writable mount", st.Path, err)
	case errors.Is(err, syscall.ENOSPC):
		return inputf("%s filled up while measuring: free some space or lower --max-bytes", st.Path)
	case err != nil:
		st.Notes = append(st.Notes, fmt.Sprintf("measurement failed: %v", err))
		return nil
	}
	fillMeasurements(st, res)
	return nil
}

// fillMeasurements converts the engine's result into the profile's units.
func fillMeasurements(st *profile.Storage, r diskio.Result) {
	st.Measured = true
	st.DirectIO = r.DirectIO
	st.BytesWritten = r.BytesWritten
	st.FileBytes = r.FileBytes
	st.DurationS = round(r.Elapsed.Seconds(), 2)
	st.SeqWrite = throughput(r.SeqWrite)
	st.SeqRead = throughput(r.SeqRead)
	st.Fsync = profile.Latency{
		P50US: us(r.Sync.P50), P99US: us(r.Sync.P99), MaxUS: us(r.Sync.Max), MeanUS: us(r.Sync.Mean),
		OpsPerS: round(r.Sync.OpsPerSec(), 1), Ops: r.Sync.Ops,
		FdatasyncP50US: us(r.Fdatasync.P50), FdatasyncP99US: us(r.Fdatasync.P99),
	}
	st.RandWrite = curve(r.RandWrite)
	st.RandRead = curve(r.RandRead)
	st.Notes = append(st.Notes, r.Notes...)
}

func throughput(t diskio.Throughput) profile.Throughput {
	return profile.Throughput{MBPerS: round(t.BytesPerSec()/1e6, 1), Bytes: t.Bytes, Ops: t.Ops}
}

func curve(points []diskio.Scaling) []profile.ThreadPoint {
	out := make([]profile.ThreadPoint, 0, len(points))
	for _, s := range points {
		iops := s.IOPS()
		out = append(out, profile.ThreadPoint{
			Threads: s.Threads, IOPS: round(iops, 0), P50US: us(s.P50), P99US: us(s.P99),
			MBPerS: round(iops*diskio.RandBlockBytes/1e6, 1), Ops: s.Ops,
		})
	}
	return out
}

// us converts a duration to microseconds, rounded to 0.1 µs.
func us(d time.Duration) float64 { return round(float64(d)/float64(time.Microsecond), 1) }

func round(v float64, digits int) float64 {
	p := 1.0
	for i := 0; i < digits; i++ {
		p *= 10
	}
	if v >= 0 {
		return float64(int64(v*p+0.5)) / p
	}
	return float64(int64(v*p-0.5)) / p
}
