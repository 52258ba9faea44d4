package main

import (
	"database/sql"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/calibrate"
	"github.com/mytune/mytune/probe/dump"
	"github.com/mytune/mytune/profile"
)

// calibrateDumpHelp is the --dump part of calibrate's long help.
const calibrateDumpHelp = "With --dump DIR|FILE, calibrate loads real rows of that dump on the restore target instead:\n" +
	"copies of the dump's tables in the scratch schema, filled from the first files of the dump (whole\n" +
	"files per session, as myloader does; LOAD DATA pieces for MySQL Shell chunks) at 1, 2, 4, 8 and 16\n" +
	"sessions (capped by the files, max_connections and max_user_connections), --rounds times (down from the most sessions,\n" +
	"then back up) on sessions that never pause as a whole; --duration (default 55s with --dump) bounds\n" +
	"the whole run, warm-up and clean-up included. It reports MB/s and rows/s per count over all its\n" +
	"windows, with each step's range, and the fewest sessions within 5% of the best. --max-bytes then caps each step; --from, --no-predict\n" +
	"and --batch-rows do not apply. Save it with --format json and give it to\n" +
	"`mytune advise --task load --calibration FILE`."

// runCalibrateDump is calibrate --dump: read the dump, load its sample.
func (a *app) runCalibrateDump(cmd *cobra.Command) (*profile.DumpCalibration, error) {
	o, err := a.calibrateDumpOptions(cmd)
	if err != nil {
		return nil, err
	}
	db, note, err := a.openServer(cmd)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	return a.calibrateDumpOn(cmd, db, note, o)
}

// calibrateDumpOptions reads --dump and the workload flags.
func (a *app) calibrateDumpOptions(cmd *cobra.Command) (calibrate.DumpOptions, error) {
	path := a.v.GetString("dump")
	src, err := dump.OpenSource(cmd.Context(), path)
	if err != nil {
		return calibrate.DumpOptions{}, usagef("--dump: %v", err)
	}
	o := calibrate.DumpOptions{Schema: a.v.GetString("schema"), Source: src, Rounds: a.v.GetInt("rounds")}
	if err := calibrate.CheckSchemaName(o.Schema); err != nil {
		return o, usagef("--schema: %v", err)
	}
	if o.Rounds < 1 || o.Rounds > 10 {
		return o, usagef("--rounds %d: use 1 to 10 (3, the default: down from the most sessions, back up, down again)", o.Rounds)
	}
	if cmd.Flags().Changed("duration") {
		if o.Duration, err = a.parseDuration("duration"); err != nil {
			return o, err
		}
	}
	if o.StepMaxBytes, err = a.parseBytes("max-bytes"); err != nil {
		return o, err
	}
	// Below it the run was refused only on the server, blaming its free space.
	if o.StepMaxBytes < calibrate.MinStepBytes {
		return o, usagef("--max-bytes %s: with --dump it caps each step, which needs at least %s (four of mydumper's 1 MB statements): "+
			"raise it (default 256MiB)", a.v.GetString("max-bytes"), profile.HumanBytes(calibrate.MinStepBytes))
	}
	return o, nil
}

// calibrateDumpOn runs the dump calibration on an open server.
func (a *app) calibrateDumpOn(cmd *cobra.Command, db *sql.DB, note string, o calibrate.DumpOptions) (*profile.DumpCalibration, error) {
	prog := a.progress()
	o.Progress = func(p calibrate.Progress) {
		prog.Update(fmt.Sprintf("loading the dump, %d sessions", p.Threads), p.Elapsed, p.Total, fmt.Sprintf("%.1f MB/s", p.MBPerS))
	}
	rep, err := calibrate.RunDump(cmd.Context(), db, o)
	prog.Done()
	if err != nil {
		return nil, err
	}
	threads.JudgeDump(rep)
	rep.TakenAt, rep.ToolVersion = time.Now().UTC().Format(time.RFC3339), version
	if note != "" {
		rep.Gaps = append(rep.Gaps, profile.Gap{Probe: "calibrate.binlog", Reason: note})
	}
	return rep, nil
}
