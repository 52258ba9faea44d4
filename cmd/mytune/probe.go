package main

import (
	"errors"
	"io"

	"github.com/spf13/cobra"

	"github.com/mytune/mytune/advisor/render"
	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/probe"
	"github.com/mytune/mytune/probe/profile"
)

func (a *app) probeCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "probe --datadir DIR",
		Short: "Measure the host and the storage under DIR; print a profile",
		Long: "probe measures the host and the disk that holds DIR in about 10 seconds: 1 MiB sequential\n" +
			"O_DIRECT write and read, 16 KiB write+fdatasync latency (the redo-log pattern), 16 KiB random\n" +
			"write and read at 1-16 threads. It writes only into one temporary file in DIR, removed on exit.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			format, err := a.checkFormat("probe", "text", "json", "prom")
			if err != nil {
				return err
			}
			p, err := a.runProbe(cmd)
			if err != nil {
				return err
			}
			return a.emit(func(w io.Writer) error {
				return render.Profile(w, p, a.renderOptions(format))
			})
		},
	}
	addProbeFlags(cmd)
	return cmd
}

// addProbeFlags registers the flags that decide what is probed (probe and advise share them).
func addProbeFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.String("datadir", "", "directory whose disk is measured (the MySQL datadir, or where it will live)")
	f.String("duration", "10s", "total measuring time (the probe is time-bound)")
	f.String("max-bytes", "256MiB", "hard cap on what the probe writes; its test file is at most 40% of it and 5% of free space")
	f.Bool("no-measure", false, "skip the disk measurements: labels and host facts only")
	addServerFlags(f)
	addMyCnfFlag(f)
}

// runProbe probes the host, the storage and (if reachable) the server.
func (a *app) runProbe(cmd *cobra.Command) (*profile.Profile, error) {
	dur, err := a.parseDuration("duration")
	if err != nil {
		return nil, err
	}
	if dur < diskio.MinDuration && !a.v.GetBool("no-measure") {
		return nil, usagef("--duration %s is too short to measure: give at least %s (default 10s)", dur, diskio.MinDuration)
	}
	maxBytes, err := a.parseBytes("max-bytes")
	if err != nil {
		return nil, err
	}
	if !a.v.IsSet("max-bytes") {
		maxBytes = 0 // the default budget, which may grow on a fast disk; a given --max-bytes is a hard cap
	}
	ctx := cmd.Context()
	srv, err := a.readServer(ctx, cmd)
	if err != nil {
		return nil, err
	}
	datadir := a.v.GetString("datadir")
	if datadir == "" && srv != nil && srv.Reachable && srv.Datadir != "" {
		datadir = srv.Datadir
	}
	prog := render.NewProgress(a.stderr, a.progressWanted())
	defer prog.Done()
	p, err := probe.Run(ctx, probe.Options{
		Datadir: datadir, Duration: dur, MaxBytes: maxBytes, Measure: !a.v.GetBool("no-measure"),
		Roots: probe.DefaultRoots, ToolVersion: version, BinRoot: "/",
		Progress: func(e diskio.Progress) { prog.Update(e.Phase, e.Elapsed, e.Total, e.Figure) },
	})
	var inputErr *probe.InputError
	if errors.As(err, &inputErr) {
		return nil, asUsage(err)
	}
	if err != nil {
		return nil, err
	}
	if srv != nil {
		p.Server = srv
		if !srv.Reachable {
			p.AddGap("server", srv.Error)
		}
	}
	if path := a.v.GetString("mycnf"); path != "" {
		if p.MyCnf, err = readMyCnf(path); err != nil {
			return nil, err
		}
	}
	p.Normalize()
	return p, nil
}
