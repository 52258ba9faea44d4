package main

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/calibrate"
	"github.com/mytune/mytune/probe/dump"
)

// addCalibrationFlags registers advise's --calibration and --calibrate.
func addCalibrationFlags(f *pflag.FlagSet) {
	f.String("calibration", "", "size the load threads from this `FILE`: the JSON of mytune calibrate --dump … --format json "+
		"(measured on the target) instead of the model")
	f.Bool("calibrate", false, "with --dump and a live server: run calibrate --dump on it now (writes only into its own "+
		"scratch schema, under a minute by default) and size the load threads from it")
	f.String("calibrate-duration", calibrate.DefaultDumpDuration.String(), "with --calibrate: its whole run, warm-up and clean-up included")
	// calibrate.Open's refusal on a binary-logged server tells the user to
	// pass --allow-binlog; advise --calibrate opens the server the same way
	// (openServer), so it takes the flag too.
	f.Bool("allow-binlog", false, "with --calibrate: write even when the binary log is on and this account may not skip it (the writes reach replicas; refused on a replica, where they would be its own GTIDs)")
}

// savedCalibration checks --calibration and --calibrate before anything is
// measured (a bad flag or a missing file must not cost a probe: they were
// refused only after it, ~12 s on) and reads the saved calibration; live
// says --calibrate is to run one after the probe (liveCalibration).
func (a *app) savedCalibration(cmd *cobra.Command, task string) (cal *threads.Calibration, live bool, err error) {
	file, live := a.v.GetString("calibration"), a.v.GetBool("calibrate")
	switch {
	case file != "" && live:
		return nil, false, usagef("--calibration and --calibrate: give one (a saved calibration, or one measured now)")
	case file == "" && !live:
		return nil, false, nil
	case task == "dump" || task == "oltp":
		return nil, false, usagef("--calibration and --calibrate size the load: use them with --task load, copy or all")
	case file != "":
		rep, err := calibrate.ReadDumpReport(cmd.Context(), file)
		if err != nil {
			return nil, false, err
		}
		return threads.CalibrationFrom(rep, "calibration "+file), false, nil
	case a.v.GetString("dump") == "":
		return nil, false, usagef("--calibrate needs --dump DIR|FILE: it loads rows of that dump on the target")
	case a.v.GetBool("no-server"):
		return nil, false, usagef("--calibrate needs a live server to load the dump on: drop --no-server")
	}
	if _, err := a.parseDuration("calibrate-duration"); err != nil {
		return nil, false, err
	}
	return nil, true, nil
}

// liveCalibration runs calibrate --dump on the server now (--calibrate),
// after the probe, and is the calibration advise sizes the load from.
func (a *app) liveCalibration(cmd *cobra.Command) (*threads.Calibration, error) {
	src, err := dump.OpenSource(cmd.Context(), a.v.GetString("dump"))
	if err != nil {
		return nil, usagef("--dump: %v", err)
	}
	dur, err := a.parseDuration("calibrate-duration")
	if err != nil {
		return nil, err
	}
	db, note, err := a.openServer(cmd)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	rep, err := a.calibrateDumpOn(cmd, db, note, calibrate.DumpOptions{Source: src, Duration: dur})
	if err != nil {
		return nil, err
	}
	return threads.CalibrationFrom(rep, "live calibration"), nil
}
