// Command measure is a test-only stand-in for `mytune probe`: it runs the
// diskio engine in --dir, converts the result into a profile.Storage,
// classifies it and prints the storage as JSON. The bed tests use it while
// (or where) the real CLI cannot probe; it labels the device from flags
// because the storage probe (path → device chain) is not its job.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"golang.org/x/sys/unix"

	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/probe/classify"
	"github.com/mytune/mytune/probe/profile"
)

// tmpfsMagic is TMPFS_MAGIC from include/uapi/linux/magic.h.
const tmpfsMagic = 0x01021994

func main() {
	dir := flag.String("dir", "", "directory to measure")
	dur := flag.Duration("duration", 6*time.Second, "total measuring time")
	maxBytes := flag.Uint64("max-bytes", diskio.DefaultMaxBytes, "cap on the test file")
	transport := flag.String("transport", profile.TransportUnknown, "the device's transport label (the tests know it)")
	rotational := flag.Bool("rotational", false, "the device's rotational label")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := measure(ctx, *dir, *dur, *maxBytes)
	if err != nil {
		fmt.Fprintf(os.Stderr, "measure: %v\n", err)
		os.Exit(1)
	}
	st.Device.Transport, st.Device.RotationalFlag = *transport, *rotational
	st.Class, st.ClassEvidence = classify.Classify(st)
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(st); err != nil {
		fmt.Fprintf(os.Stderr, "measure: writing JSON: %v\n", err)
		os.Exit(1)
	}
}

// measure runs the engine in dir within the byte budget of its free space.
func measure(ctx context.Context, dir string, dur time.Duration, maxBytes uint64) (profile.Storage, error) {
	st := profile.Storage{Path: dir}
	var fs unix.Statfs_t
	if err := unix.Statfs(dir, &fs); err != nil {
		return st, fmt.Errorf("statfs %s: %w", dir, err)
	}
	st.FreeBytes = fs.Bavail * uint64(fs.Bsize)
	if fs.Type == tmpfsMagic {
		st.FSType = "tmpfs"
	}
	fileBytes, note, err := diskio.Budget(st.FreeBytes, maxBytes)
	if err != nil {
		return st, fmt.Errorf("budget for %s: %w", dir, err)
	}
	if note != "" {
		st.Notes = append(st.Notes, note)
	}
	r, err := diskio.Run(ctx, diskio.Options{Dir: dir, Duration: dur, MaxBytes: fileBytes})
	if err != nil {
		return st, fmt.Errorf("measuring %s: %w", dir, err)
	}
	fill(&st, r)
	return st, nil
}

// fill copies the engine's result into the profile's units.
func fill(st *profile.Storage, r diskio.Result) {
	st.Measured, st.DirectIO = true, r.DirectIO
	st.BytesWritten, st.FileBytes, st.DurationS = r.BytesWritten, r.FileBytes, r.Elapsed.Seconds()
	st.SeqWrite = profile.Throughput{MBPerS: r.SeqWrite.BytesPerSec() / 1e6, Bytes: r.SeqWrite.Bytes, Ops: r.SeqWrite.Ops}
	st.SeqRead = profile.Throughput{MBPerS: r.SeqRead.BytesPerSec() / 1e6, Bytes: r.SeqRead.Bytes, Ops: r.SeqRead.Ops}
	st.Fsync = profile.Latency{P50US: us(r.Sync.P50), P99US: us(r.Sync.P99), MaxUS: us(r.Sync.Max),
		MeanUS: us(r.Sync.Mean), OpsPerS: r.Sync.OpsPerSec(), Ops: r.Sync.Ops}
	st.RandWrite, st.RandRead = curve(r.RandWrite), curve(r.RandRead)
	st.Notes = append(st.Notes, r.Notes...)
}

func curve(points []diskio.Scaling) []profile.ThreadPoint {
	out := make([]profile.ThreadPoint, 0, len(points))
	for _, s := range points {
		out = append(out, profile.ThreadPoint{Threads: s.Threads, IOPS: s.IOPS(), P50US: us(s.P50), P99US: us(s.P99), Ops: s.Ops})
	}
	return out
}

func us(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }
