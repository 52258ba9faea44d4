package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/probe"
	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/render"
)

func (a *app) probeCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "probe --datadir DIR",
		Short: "Measure the host and the storage under DIR; print a profile",
		Long: "probe measures the host and the disk that holds DIR in about 10 seconds: 1 MiB sequential\n" +
			"O_DIRECT write and read, 16 KiB write+fdatasync latency (the redo-log pattern), 16 KiB random\n" +
			"write and read at 1-16 threads. It writes only into one temporary file in DIR, removed on exit.\n" +
			"A server running on that disk slows while it is measured: before measuring a data directory, stderr\n" +
			"says what the probe will write there and how to make it lighter (--max-bytes, --duration, --no-measure).\n\n" +
			datadirHelp + "\n\n" + serverHelp,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			format, err := a.checkFormat("probe")
			if err != nil {
				return err
			}
			labels, err := promLabels(cmd, format)
			if err != nil {
				return err
			}
			p, err := a.runProbe(cmd)
			if err != nil {
				return err
			}
			return a.emit(func(w io.Writer) error {
				o := a.renderOptions(format)
				o.PromLabels = labels
				return render.Profile(w, p, o)
			})
		},
	}
	addProbeFlags(cmd)
	cmd.Flags().StringArray("prom-label", nil, "with --format prom: add NAME=VALUE to every series (repeatable), e.g. datadir=main, so two datadirs' files can share node_exporter's textfile directory")
	return cmd
}

// promLabels reads probe's --prom-label flags; they need --format prom.
func promLabels(cmd *cobra.Command, format string) ([]render.Label, error) {
	ss, err := cmd.Flags().GetStringArray("prom-label")
	if err != nil || len(ss) == 0 {
		return nil, err
	}
	if format != render.FormatProm {
		return nil, usagef("--prom-label adds labels to --format prom, not to %s: add --format prom", format)
	}
	labels, err := render.ParsePromLabels(ss)
	if err != nil {
		return nil, asUsage(err)
	}
	return labels, nil
}

// datadirHelp says what is measured without --datadir (probe and advise).
const datadirHelp = "Without --datadir, the datadir of the server read (@@datadir) is measured when that server runs on\n" +
	"this machine, and stderr and the report say so; with no such server --datadir is required. A measured\n" +
	"directory that is not the server's datadir gets a note saying whether it is on the same filesystem."

// serverHelp says which server flags name a server and which settings are
// discovery (probe and advise).
const serverHelp = "Server: -h, -P, -S, --dsn and --defaults-file (on the command line, in --config or as MYTUNE_*)\n" +
	"and -u or -p on the command line name a server: if it cannot be reached, mytune stops (exit 1) with\n" +
	"the client's message, as the mysql client does. Without them mytune looks quietly (~/.my.cnf,\n" +
	"MYSQL_HOST/MYSQL_TCP_PORT/MYSQL_UNIX_PORT, the usual sockets, 127.0.0.1:3306) and, finding none,\n" +
	"advises without a server and lists that as a gap; MYTUNE_DISCOVERY=off turns the quiet look off.\n" +
	"The server is read (SHOW/SELECT only) while the disk is measured; its redo rate is sampled over\n" +
	"2 s before the disk measurement (which slows a server on that disk), and the measurement waits for it."

// addProbeFlags registers the flags that decide what is probed (probe and advise share them).
func addProbeFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.String("datadir", "", "directory whose disk is measured (the MySQL datadir, or where it will live); default: the datadir of the server read, when it runs on this machine")
	f.String("duration", "10s", "total measuring time (the probe is time-bound)")
	f.String("max-bytes", "256MiB", "hard cap on what the probe writes (MB = 10^6 bytes, MiB or M = 2^20), at least 64MiB; its test file is a quarter of it and at most 5% of free space (unset: 256MiB, grown on a fast disk to at most 4GiB)")
	f.Bool("no-measure", false, "skip the disk measurements: labels and host facts only")
	addServerFlags(f)
	addMyCnfFlag(f)
}

// runProbe gathers the profile (probe.Gather): the server is dialled
// first (a server the user named must answer), then the probe and the
// server read run side by side and the redo sample is taken before the disk is measured.
func (a *app) runProbe(cmd *cobra.Command) (*profile.Profile, error) {
	o, err := a.probeOptions()
	if err != nil {
		return nil, err
	}
	if o.Datadir != "" {
		if _, err := probe.CheckDir(o.Datadir); err != nil {
			return nil, asUsage(err)
		}
	}
	ctx := cmd.Context()
	dial, err := a.dialServer(ctx, cmd)
	if err != nil {
		return nil, err
	}
	defer dial.Close()
	prog := a.progress()
	o.Progress = func(e diskio.Progress) { prog.Update(e.Phase, e.Elapsed, e.Total, e.Figure) }
	p, err := probe.Gather(ctx, probe.GatherOptions{Options: o, Dial: dial, NoServer: a.v.GetBool("no-server"),
		MyCnfPath: a.v.GetString("mycnf"), Notef: a.notef})
	prog.Done()
	return p, err
}

// notef writes a "mytune: note:" line on stderr.
func (a *app) notef(format string, args ...any) {
	fmt.Fprintf(a.stderr, "mytune: note: "+format+"\n", args...)
}

// probeOptions checks --duration and --max-bytes and gathers the probe's options.
func (a *app) probeOptions() (probe.Options, error) {
	measure := !a.v.GetBool("no-measure")
	dur, err := a.parseDuration("duration")
	if err != nil {
		return probe.Options{}, err
	}
	if dur < diskio.MinDuration && measure {
		return probe.Options{}, usagef("--duration %s is too short to measure: give at least %s (default 10s)", dur, diskio.MinDuration)
	}
	maxBytes, err := a.parseBytes("max-bytes")
	if err != nil {
		return probe.Options{}, err
	}
	if !a.v.IsSet("max-bytes") {
		maxBytes = 0 // the default budget, which may grow on a fast disk; a given --max-bytes is a hard cap
	} else if measure && maxBytes < diskio.MinBudgetBytes {
		return probe.Options{}, usagef("--max-bytes %s is below the %d MiB minimum (a %d MiB test file is a quarter of it): raise it",
			a.v.GetString("max-bytes"), diskio.MinBudgetBytes>>20, diskio.MinFileBytes>>20)
	}
	return probe.Options{Datadir: a.v.GetString("datadir"), Duration: dur, MaxBytes: maxBytes, Measure: measure,
		Roots: probe.DefaultRoots, ToolVersion: version, BinRoot: "/"}, nil
}
