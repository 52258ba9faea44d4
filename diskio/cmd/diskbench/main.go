// Command diskbench runs the diskio engine once on a directory and prints the
// result as JSON. It is the driver of scripts/bench-probe.sh until the
// mytune CLI wires diskio into `mytune probe`.
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

	"github.com/mytune/mytune/diskio"
)

// output is the JSON diskbench prints: the raw Result plus figures in the
// units the profile uses (MB/s with MB = 10^6, µs).
type output struct {
	Result    diskio.Result `json:"result"`
	SeqWrite  float64       `json:"seq_write_mb_per_s"`
	SeqRead   float64       `json:"seq_read_mb_per_s"`
	SyncP50   float64       `json:"sync_p50_us"`
	SyncP99   float64       `json:"sync_p99_us"`
	FdsP50    float64       `json:"fdatasync_p50_us"`
	FdsP99    float64       `json:"fdatasync_p99_us"`
	RandWrite []point       `json:"rand_write"`
	RandRead  []point       `json:"rand_read"`
	WallS     float64       `json:"wall_s"`
}

type point struct {
	Threads int     `json:"threads"`
	IOPS    float64 `json:"iops"`
	P50US   float64 `json:"p50_us"`
	P99US   float64 `json:"p99_us"`
}

func main() {
	dir := flag.String("dir", ".", "directory to measure in")
	dur := flag.Duration("duration", diskio.DefaultDuration, "total measuring time")
	maxBytes := flag.Uint64("max-bytes", diskio.DefaultMaxBytes, "cap on the test file size in bytes")
	flag.Parse()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, *dir, *dur, *maxBytes); err != nil {
		fmt.Fprintln(os.Stderr, "diskbench:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, dir string, dur time.Duration, maxBytes uint64) error {
	free, err := diskio.FreeBytes(dir)
	if err != nil {
		return err
	}
	fileBytes, note, err := diskio.Budget(free, maxBytes)
	if err != nil {
		return err
	}
	start := time.Now()
	res, err := diskio.Run(ctx, diskio.Options{Dir: dir, Duration: dur, MaxBytes: fileBytes})
	if err != nil {
		return err
	}
	if note != "" {
		res.Notes = append(res.Notes, note)
	}
	out := output{Result: res, WallS: time.Since(start).Seconds(),
		SeqWrite: res.SeqWrite.BytesPerSec() / 1e6, SeqRead: res.SeqRead.BytesPerSec() / 1e6,
		SyncP50: us(res.Sync.P50), SyncP99: us(res.Sync.P99), FdsP50: us(res.Fdatasync.P50), FdsP99: us(res.Fdatasync.P99),
		RandWrite: points(res.RandWrite), RandRead: points(res.RandRead)}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func us(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

func points(s []diskio.Scaling) []point {
	out := make([]point, 0, len(s))
	for _, p := range s {
		out = append(out, point{Threads: p.Threads, IOPS: p.IOPS(), P50US: us(p.P50), P99US: us(p.P99)})
	}
	return out
}
