package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/calibrate"
	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/probe"
	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/render"
)

func init() {
	extraCommands = append(extraCommands, func(a *app) *cobra.Command { return a.calibrateCmd() })
}

// calibrateCmd is `mytune calibrate [server flags]`: the closed loop on a live server.
func (a *app) calibrateCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "calibrate [server flags]",
		Short: "Measure restore-like inserts at 1-16 connections on a live server; compare the knee with advise",
		Long: "calibrate creates its own scratch schema (--schema, refused if it exists), runs batched\n" +
			"multi-row INSERTs with one commit per batch at 1, 2, 4, 8 and 16 connections within --duration\n" +
			"and --max-bytes, drops the schema (also on error and Ctrl-C), and prints rows/s per connection\n" +
			"count, the knee of that curve and how far it is from the load threads advise predicts (from a\n" +
			"short probe of the server's datadir when it is on this machine, or from --from profile.json).\n" +
			"--cleanup drops a schema a killed run left behind, only if it carries calibrate's marker.\n\n" + calibrateDumpHelp,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			format, err := a.checkFormat("calibrate")
			if err != nil {
				return err
			}
			if a.v.GetBool("cleanup") {
				return a.runCleanup(cmd, format)
			}
			warnCalibrateUnused(a.stderr, cmd.Flags(), a.v.GetString("dump") != "")
			if a.v.GetString("dump") != "" {
				rep, err := a.runCalibrateDump(cmd)
				if err != nil {
					return err
				}
				return a.emit(func(w io.Writer) error { return render.CalibrationDump(w, rep, a.renderOptions(format)) })
			}
			rep, err := a.runCalibrate(cmd)
			if err != nil {
				return err
			}
			return a.emit(func(w io.Writer) error { return render.Calibration(w, rep, a.renderOptions(format)) })
		},
	}
	f := cmd.Flags()
	f.String("schema", calibrate.DefaultSchema, "scratch schema to create, fill and drop (refused if it exists)")
	f.String("duration", calibrate.DefaultDuration.String(), "total insert time, split evenly across 1, 2, 4, 8, 16 connections")
	f.String("max-bytes", "256MiB", "cap on row bytes inserted (each step gets an equal share)")
	f.Int("batch-rows", calibrate.DefaultBatchRows, "rows per INSERT; each INSERT is committed on its own")
	f.Bool("cleanup", false, "drop a scratch schema a killed run left behind (only if it holds calibrate's marker)")
	f.String("from", "", "compare with the load threads advise predicts from this saved profile (mytune probe --format json; - reads it from stdin)")
	f.String("probe-duration", "5s", "without --from: how long to probe the server's datadir for advise's prediction")
	f.Bool("no-predict", false, "do not compare with advise (no probe, no --from)")
	f.String("dump", "", "load real rows of this dump (mydumper or MySQL Shell directory, mysqldump file) at 1-16 sessions "+
		"and choose the load threads (see the --dump paragraph above)")
	f.Int("rounds", calibrate.DefaultRounds, "with --dump: how often each session count is measured (rounds alternate: most sessions to fewest, then back)")
	f.Bool("allow-binlog", false, "write even when the binary log is on and this account may not skip it, or on a Galera node "+
		"whose replication it may not turn off (the writes reach replicas, or every node; refused on a replica, where they would be its own GTIDs)")
	addServerFlags(f)
	return cmd
}

// calibrateOptions reads the workload flags.
func (a *app) calibrateOptions() (calibrate.Options, error) {
	dur, err := a.parseDuration("duration")
	if err != nil {
		return calibrate.Options{}, err
	}
	maxBytes, err := a.parseBytes("max-bytes")
	if err != nil {
		return calibrate.Options{}, err
	}
	o := calibrate.Options{Schema: a.v.GetString("schema"), Duration: dur, MaxBytes: maxBytes,
		BatchRows: a.v.GetInt("batch-rows")}
	if o.BatchRows <= 0 {
		return o, usagef("--batch-rows %d must be at least 1", o.BatchRows)
	}
	steps := len(calibrate.DefaultThreads)
	if dur < time.Duration(steps)*calibrate.MinStepDuration {
		return o, usagef("--duration %s gives each of the %d steps %s: give at least %s (default %s)", dur, steps,
			dur/time.Duration(steps), time.Duration(steps)*calibrate.MinStepDuration, calibrate.DefaultDuration)
	}
	// A step whose share cannot hold one batch inserts nothing: the run
	// would end with no curve (it did, exit 0, on --max-bytes 1k).
	if batch := uint64(o.BatchRows) * calibrate.RowBytes; maxBytes/uint64(steps) < batch {
		return o, usagef("--max-bytes %s gives each of the %d steps %d bytes, less than one batch (%d rows of %d bytes): "+
			"give at least %d bytes (default 256MiB) or fewer --batch-rows", a.v.GetString("max-bytes"), steps,
			maxBytes/uint64(steps), o.BatchRows, calibrate.RowBytes, batch*uint64(steps))
	}
	if err := calibrate.CheckSchemaName(o.Schema); err != nil {
		return o, usagef("--schema: %v", err)
	}
	return o, nil
}

// openServer opens a pool on the server the flags point at for calibrate
// (calibrate.Open); --no-server and an unreachable server are errors.
func (a *app) openServer(cmd *cobra.Command) (*sql.DB, string, error) {
	if a.v.GetBool("no-server") {
		return nil, "", usagef("calibrate needs a live server: drop --no-server")
	}
	conn, err := a.resolveConn(cmd)
	if err != nil {
		return nil, "", err
	}
	calibrate.SetServerFlags(a.connSource(cmd).ShellFlags())
	return calibrate.Open(cmd.Context(), conn, calibrate.OpenOptions{AllowBinlog: a.v.GetBool("allow-binlog"),
		ForDump: a.v.GetString("dump") != ""})
}

// runCalibrate predicts (before writing anything, so the probe measures a
// quiet disk), runs the workload and judges the curve.
func (a *app) runCalibrate(cmd *cobra.Command) (*profile.CalibrationReport, error) {
	o, err := a.calibrateOptions()
	if err != nil {
		return nil, err
	}
	db, note, err := a.openServer(cmd)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	ctx := cmd.Context()
	rep := &profile.CalibrationReport{Schema: profile.CalibrationSchema, TakenAt: time.Now().UTC().Format(time.RFC3339), ToolVersion: version}
	if note != "" {
		rep.Gaps = append(rep.Gaps, profile.Gap{Probe: "calibrate.binlog", Reason: note})
	}
	if !a.v.GetBool("no-predict") {
		if rep.Predicted, err = a.predict(ctx, db); err != nil {
			return nil, err
		}
	}
	prog := a.progress()
	o.Progress = func(p calibrate.Progress) {
		prog.Update(fmt.Sprintf("inserting, %d connections", p.Threads), p.Elapsed, p.Total, fmt.Sprintf("%.0f rows/s", p.RowsPerS))
	}
	res, err := calibrate.Run(ctx, db, o)
	prog.Done()
	if err != nil {
		return nil, err
	}
	rep.CalibrationResult = *res
	rep.Knee = threads.InsertKnee(res.Points)
	rep.Verdict = threads.InsertVerdict(rep.Knee, rep.Predicted)
	return rep, nil
}

// predict is advise's load thread count for this machine: from --from, or
// from a short probe of the server's datadir when it is on this machine.
func (a *app) predict(ctx context.Context, db *sql.DB) (*profile.LoadPrediction, error) {
	var p *profile.Profile
	var source string
	if from := a.v.GetString("from"); from != "" {
		var err error
		if p, err = probe.LoadProfile(ctx, from, a.stdin); err != nil {
			return nil, err
		}
		source = "profile " + from
	} else {
		dir, err := calibrate.Datadir(ctx, db)
		if err != nil {
			return nil, fmt.Errorf("finding the disk to probe for advise's prediction: %w", err)
		}
		if st, serr := os.Stat(dir); dir == "" || serr != nil || !st.IsDir() || !calibrate.ServerHere(ctx, db, dir, true) {
			return nil, usagef("the server's datadir %q cannot be read from here (the server runs on another host, or in a container): give --from profile.json "+
				"(mytune probe --format json on the server's host) or --no-predict", dir)
		}
		if p, err = a.probeForPrediction(ctx, dir); err != nil {
			return nil, err
		}
		source = "probe of " + dir
	}
	plan := threads.Size(p, threads.Options{Task: threads.TaskLoad})
	pred := &profile.LoadPrediction{Threads: plan.Load.Threads, Why: plan.Load.Why, Source: source}
	if a.v.GetString("from") != "" {
		pred.OtherHost = otherHost(ctx, db, p)
	}
	return pred, nil
}

// otherHost is PredictionOtherHost for a --from profile and the server
// calibrated: the profile's server's @@hostname when it read one, else its
// host's name ("" when the server does not say its own).
func otherHost(ctx context.Context, db *sql.DB, p *profile.Profile) string {
	server, err := calibrate.Hostname(ctx, db)
	if err != nil {
		return ""
	}
	host := p.Host.Hostname
	if p.Server != nil && p.Server.Variables["hostname"] != "" {
		host = p.Server.Variables["hostname"]
	}
	return threads.PredictionOtherHost(host, server)
}

// probeForPrediction measures the disk under dir for --probe-duration.
func (a *app) probeForPrediction(ctx context.Context, dir string) (*profile.Profile, error) {
	dur, err := a.parseDuration("probe-duration")
	if err != nil {
		return nil, err
	}
	prog := a.progress()
	defer prog.Done()
	p, err := probe.Run(ctx, probe.Options{Datadir: dir, Duration: dur, MaxBytes: calibrate.DefaultMaxBytes,
		Measure: true, Roots: probe.DefaultRoots, ToolVersion: version, Skip: "--no-predict (or --from profile.json)",
		Progress: func(e diskio.Progress) { prog.Update(e.Phase, e.Elapsed, e.Total, e.Figure) }})
	if err != nil {
		if strings.Contains(err.Error(), "--no-predict") { // the probe's refusal names it (probe.Options.Skip)
			return nil, fmt.Errorf("probing %s for advise's prediction: %w", dir, err)
		}
		return nil, fmt.Errorf("probing %s for advise's prediction (or give --from profile.json or --no-predict): %w", dir, err)
	}
	return p, nil
}

// runCleanup is --cleanup: drop a marked stale scratch schema.
func (a *app) runCleanup(cmd *cobra.Command, format string) error {
	schema := a.v.GetString("schema")
	if err := calibrate.CheckSchemaName(schema); err != nil {
		return usagef("--schema: %v", err)
	}
	db, _, err := a.openServer(cmd)
	if err != nil {
		return err
	}
	defer db.Close()
	res, err := calibrate.Cleanup(cmd.Context(), db, schema)
	if usage.Is(err) {
		return err
	}
	if err != nil {
		return fmt.Errorf("cleaning up schema %s: %w", schema, err)
	}
	c := profile.CalibrationCleanup{Schema: schema, Existed: res.Existed, Dropped: res.Dropped,
		RunID: res.Owner.RunID, Host: res.Owner.Host, PID: res.Owner.PID, StartedAt: res.Owner.StartedAt}
	return a.emit(func(w io.Writer) error { return render.Cleanup(w, c, a.renderOptions(format)) })
}
