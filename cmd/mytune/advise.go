package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"go.yaml.in/yaml/v3"

	"github.com/mytune/mytune/advisor"
	"github.com/mytune/mytune/probe"
	"github.com/mytune/mytune/probe/dump"
	"github.com/mytune/mytune/probe/server"
	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/render"
	"github.com/mytune/mytune/rules"
)

func init() {
	extraCommands = append(extraCommands, func(a *app) *cobra.Command { return a.adviseCmd() })
}

// adviseCmd is `mytune advise`: probe (or --from), server or my.cnf, rules, advice.
func (a *app) adviseCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "advise --datadir DIR [server flags]",
		Short: "Probe (or load a profile), read the server, run the rules, print advice",
		Long: "advise measures the disk under DIR (or loads --from profile.json), reads the live server if\n" +
			"one is reachable (SHOW/SELECT only) or --mycnf FILE, and runs the rule catalogue: buffer pool,\n" +
			"redo, io_capacity, flush and durability settings, and thread counts for dumps and restores.\n\n" +
			datadirHelp + "\n\n" + serverHelp + "\n\n" + captureHelp,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			format, err := a.checkFormat("advise")
			if err != nil {
				return err
			}
			adv, err := a.runAdvise(cmd)
			if err != nil {
				return err
			}
			return a.emit(func(w io.Writer) error {
				if format == "cnf" {
					_, err := io.WriteString(w, advisor.Appendable(adv.Cnf))
					return err
				}
				return render.Advice(w, adv, a.renderOptions(format))
			})
		},
	}
	addProbeFlags(cmd)
	addAdviceFlags(cmd)
	f := cmd.Flags()
	f.String("from", "", "advise from a saved profile (mytune probe --format json; - reads it from stdin) instead of probing; server flags given as well read that server now")
	f.String("dump", "", "a mydumper or MySQL Shell dump directory (or mysqldump file) to size a restore for")
	f.String("task", "all", "what to size threads for: all|dump|load|copy|oltp")
	addCalibrationFlags(f)
	addCaptureFlags(f)
	return cmd
}

// addAdviceFlags registers the flags that steer the rules (advise and rules explain).
func addAdviceFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.String("durability", "strict", "strict never trades commits away; relaxed may, and says what can be lost")
	f.String("target", "", "server to advise for without a live one, e.g. mysql-8.4, mysql-8.0.36, mariadb-10.11")
	f.StringSlice("rules", nil, "directory of extra rule files (*.yaml); a rule with a built-in id replaces it")
}

// runAdvise checks every input first (a bad flag must not cost a probe),
// then gathers the profile and runs the advisor on it.
func (a *app) runAdvise(cmd *cobra.Command) (*advisor.Advice, error) {
	opts := advisor.AdviseOptions{Target: a.v.GetString("target"), Durability: strings.ToLower(a.v.GetString("durability")),
		Task: strings.ToLower(a.v.GetString("task")), ToolVersion: version}
	if err := opts.Check(); err != nil {
		return nil, err
	}
	var err error
	if opts.Catalogue, err = a.loadCatalogue(); err != nil {
		return nil, err
	}
	var live bool
	if opts.Calibration, live, err = a.savedCalibration(cmd, opts.Task); err != nil {
		return nil, err
	}
	d, backup, err := a.readDumpFlag(cmd)
	if err != nil {
		return nil, err
	}
	captured, err := a.readCapture(cmd)
	if err != nil {
		return nil, err
	}
	if captured != nil {
		a.v.Set("no-server", true) // the capture is the server: no live one is looked for
		dir, err := a.captureDatadir(captured)
		if err != nil {
			return nil, err
		}
		if dir != "" {
			a.v.Set("datadir", dir)
		}
	}
	p, err := a.adviceProfile(cmd)
	if err != nil {
		return nil, err
	}
	attachCapture(p, captured)
	useDump(cmd.Context(), p, d)
	useBackup(cmd.Context(), p, backup)
	useTools(cmd.Context(), p, d != nil || backup != nil)
	savedSplitGaps(p)
	if live {
		if opts.Calibration, err = a.liveCalibration(cmd); err != nil {
			return nil, err
		}
	}
	opts.SavedServer = a.v.GetString("from") != "" && captured == nil && p.Server != nil &&
		(a.v.GetBool("no-server") || len(a.connSource(cmd).Named()) == 0)
	if !a.v.GetBool("no-server") && p.Server != nil && p.Server.Reachable {
		opts.ServerFlags = a.connSource(cmd).ShellFlags()
	}
	adv, err := advisor.Advise(*p, opts)
	if err != nil {
		return nil, asUsage(err)
	}
	return &adv, nil
}

// readDumpFlag reads what --dump names: a logical dump (whose names the
// server is then asked about) or a physical backup; neither without it.
func (a *app) readDumpFlag(cmd *cobra.Command) (*profile.Dump, *profile.PhysicalBackup, error) {
	dir := a.v.GetString("dump")
	switch {
	case dir == "":
		return nil, nil, nil
	case dump.IsPhysical(dir):
		b, err := dump.ReadPhysical(cmd.Context(), dir)
		if err != nil {
			return nil, nil, dumpError(err)
		}
		return nil, b, nil
	}
	d, err := dump.Read(cmd.Context(), dir)
	if err != nil {
		return nil, nil, dumpError(err)
	}
	a.ask = server.NamesAsked{Charsets: d.Charsets, Collations: d.Collations, Definers: d.Definers, Engines: d.EngineNames(), Grants: true}
	return d, nil, nil
}

// adviceProfile is the profile to advise on: loaded with --from (plus any
// --mycnf given now, and the server the flags name, read now), else
// probed here.
func (a *app) adviceProfile(cmd *cobra.Command) (*profile.Profile, error) {
	from := a.v.GetString("from")
	if from == "" {
		return a.runProbe(cmd)
	}
	p, err := probe.LoadProfile(cmd.Context(), from, a.stdin)
	if err != nil {
		return nil, err
	}
	savedOlderGap(p)
	if unused := unusedWithFrom(cmd.Flags()); len(unused) > 0 {
		fmt.Fprintf(a.stderr, "mytune: warning: --from %s advises on what that profile measured: %s not used (drop --from to measure now)\n",
			from, strings.Join(unused, ", "))
	}
	if path := a.v.GetString("mycnf"); path != "" {
		if p.MyCnf, err = readMyCnf(path); err != nil {
			return nil, err
		}
		dropGaps(p, gapMyCnfWarnings)
	} else {
		savedMyCnfGap(p)
	}
	if err := a.readNamedServer(cmd, p); err != nil {
		return nil, err
	}
	return p, nil
}

// unusedWithFrom lists the measuring flags given on the command line that
// --from leaves unused: the saved profile's figures stand, so a --datadir
// given beside it is not measured (the advice would look like that
// directory's).
func unusedWithFrom(fs *pflag.FlagSet) []string {
	var unused []string
	for _, name := range []string{"datadir", "duration", "max-bytes", "no-measure"} {
		if fs.Changed(name) {
			unused = append(unused, "--"+name)
		}
	}
	return unused
}

// readNamedServer reads the server the flags name (-h, -P, -S, -u, -p,
// --dsn, --defaults-file) into a profile loaded with --from, replacing the
// saved one, as advise without --from reads it; one that cannot be reached
// fails the run the same way. Without such a flag the saved profile is
// used as it is, so that it reproduces its advice.
func (a *app) readNamedServer(cmd *cobra.Command, p *profile.Profile) error {
	if a.v.GetBool("no-server") || len(a.connSource(cmd).Named()) == 0 {
		if a.v.GetString("variables") == "" && a.v.GetString("dump") == "" {
			savedNamesGap(p, strings.ToLower(a.v.GetString("task")))
		}
		return nil
	}
	dial, err := a.dialServer(cmd.Context(), cmd)
	if err != nil {
		return err
	}
	defer dial.Close()
	if dial.Session == nil {
		return nil
	}
	srv, err := dial.Session.Read(cmd.Context(), nil)
	if err != nil {
		return fmt.Errorf("reading the server: %w", err)
	}
	p.Storage.Notes = probe.WithSavedProfileNote(p.Storage.Notes, probe.SavedProfileNote(*p, srv, dial.Session.Endpoint.String()))
	p.Server = srv
	dropGaps(p, "server", gapServerNames, gapServerSchemas)
	return nil
}

// loadCatalogue loads the built-in rules, --rules directories and the
// thresholds: section of the config file.
func (a *app) loadCatalogue() (*rules.Catalogue, error) {
	var th []byte
	if raw := a.v.Get("thresholds"); raw != nil {
		if _, ok := raw.(map[string]any); !ok {
			what := "a single value"
			if _, list := raw.([]any); list {
				what = "a list"
			}
			return nil, usagef("thresholds in %s is %s, not a mapping of names to values (e.g. thresholds: {io_capacity_fraction: 0.25})",
				profile.OrUnknown(a.v.ConfigFileUsed()), what)
		}
	}
	if m := a.v.GetStringMap("thresholds"); len(m) > 0 {
		var err error
		if th, err = yaml.Marshal(m); err != nil {
			return nil, fmt.Errorf("reading thresholds from the config: %w", err)
		}
	}
	var dirs []rules.RuleDir
	for _, dir := range a.v.GetStringSlice("rules") {
		st, err := os.Stat(dir)
		if err != nil || !st.IsDir() {
			return nil, usagef("--rules %s: not a directory of rule files (*.yaml)", dir)
		}
		dirs = append(dirs, rules.RuleDir{Name: dir, FS: os.DirFS(dir)})
	}
	cat, err := rules.Load(rules.LoadOptions{User: dirs, ThresholdsYAML: th,
		ThresholdsSource: a.v.ConfigFileUsed()})
	if err != nil {
		return nil, asUsage(err)
	}
	return cat, nil
}

// dumpError is what a failed --dump read returns: a wrong path or a file
// that is no dump is a usage error (exit 2); a read that ran out of time
// or was interrupted is a failed run (exit 1, CONTRACT.md), the interrupt
// kept wrapped so it is reported as every other phase reports it.
func dumpError(err error) error {
	switch {
	case errors.Is(err, context.Canceled):
		return fmt.Errorf("--dump: %w", err)
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Errorf("--dump: %w (reading the dump's file names and schema files took over %s and %s more for each "+
			"file of a dump directory: on a slow or network filesystem, copy the dump to a local disk and run again)",
			err, dump.DefaultTimeout, dump.PerFileTimeout)
	}
	return usagef("--dump: %v", err)
}
