// Command sizeload runs threads.Size on a saved profile and prints the
// advised thread counts. It is the driver of scripts/bench-threads.sh until
// `mytune advise --format json` carries the threads block.
//
//	sizeload -profile p.json [-dump DIR] [-cores N] [-task load] [-durability strict] [-print load|dump|copy|json]
//
// The profile is `mytune probe --format json` output, or the JSON of
// diskio/cmd/diskbench (its disk figures are taken, the host's cores are
// this machine's).
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/probe/dump"
	"github.com/mytune/mytune/probe/profile"
)

func main() {
	path := flag.String("profile", "", "profile JSON (mytune probe --format json, or diskbench output)")
	dumpDir := flag.String("dump", "", "dump directory or .sql file to size the load for")
	cores := flag.Int("cores", 0, "override the profile's logical CPUs")
	task := flag.String("task", threads.TaskAll, "all|dump|load|copy|oltp")
	durability := flag.String("durability", threads.DurabilityStrict, "strict|relaxed")
	show := flag.String("print", "load", "what to print: load, dump, copy (the thread count) or json (the plan)")
	flag.Parse()
	if err := run(*path, *dumpDir, *cores, threads.Options{Task: *task, Durability: *durability}, *show); err != nil {
		fmt.Fprintln(os.Stderr, "sizeload:", err)
		os.Exit(1)
	}
}

func run(path, dumpDir string, cores int, o threads.Options, show string) error {
	if path == "" {
		return fmt.Errorf("-profile FILE is required (write one with: mytune probe --format json)")
	}
	p, err := loadProfile(path)
	if err != nil {
		return err
	}
	if cores > 0 {
		p.Host.CPU.Logical = cores
	}
	if dumpDir != "" {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if p.Dump, err = dump.Read(ctx, dumpDir); err != nil {
			return err
		}
	}
	plan := threads.Size(p, o)
	switch show {
	case "load":
		fmt.Println(plan.Load.Threads)
	case "dump":
		fmt.Println(plan.Dump.Threads)
	case "copy":
		fmt.Println(plan.Copy.Threads)
	default:
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(plan)
	}
	return nil
}

// diskbenchOutput is the part of diskio/cmd/diskbench's JSON used here.
type diskbenchOutput struct {
	Result    json.RawMessage       `json:"result"`
	SeqWrite  float64               `json:"seq_write_mb_per_s"`
	SeqRead   float64               `json:"seq_read_mb_per_s"`
	FdsP50    float64               `json:"fdatasync_p50_us"`
	FdsP99    float64               `json:"fdatasync_p99_us"`
	RandWrite []profile.ThreadPoint `json:"rand_write"`
	RandRead  []profile.ThreadPoint `json:"rand_read"`
}

// loadProfile reads a mytune profile, or converts diskbench output.
func loadProfile(path string) (*profile.Profile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading profile: %w", err)
	}
	var db diskbenchOutput
	if err := json.Unmarshal(b, &db); err == nil && db.Result != nil {
		p := &profile.Profile{Schema: profile.Schema}
		p.Host.CPU.Logical = runtime.NumCPU()
		p.Storage = profile.Storage{Measured: true, SeqWrite: profile.Throughput{MBPerS: db.SeqWrite},
			SeqRead: profile.Throughput{MBPerS: db.SeqRead}, Fsync: profile.Latency{P50US: db.FdsP50, P99US: db.FdsP99},
			RandWrite: db.RandWrite, RandRead: db.RandRead}
		return p, nil
	}
	var p profile.Profile
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("%s is neither a mytune profile nor diskbench output: %w", path, err)
	}
	return &p, nil
}
