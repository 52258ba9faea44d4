package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/mytune/mytune/calibrate"
	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/internal/connflags"
	"github.com/mytune/mytune/probe/server"
	"github.com/mytune/mytune/render"
)

// app carries what every command shares: streams and the merged configuration.
type app struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	v              *viper.Viper
	// conn is the server connection once resolved (resolveConn): asked
	// for once per run, so -p prompts once and reads standard input once.
	conn *resolvedConn
	// ask are the names the server is asked about: the --dump's character
	// sets and collations, set once the dump is read.
	ask server.NamesAsked
}

// resolvedConn is resolveConn's answer, kept for the run.
type resolvedConn struct {
	conn server.Conn
	err  error
}

// run builds the command tree, runs it under a context that SIGINT,
// SIGTERM and SIGHUP (an ssh session dropped mid-probe) cancel, and returns
// the exit code. Once the context is cancelled a second signal ends the
// process at once (quitNow: the test files removed first) and a third
// gets the default action, so a run stuck in a hung write still ends.
// A panic becomes one line.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "mytune: internal error (a bug, please report it with the command you ran): %v\n", r)
			code = exitFailed
		}
	}()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	defer stop()
	defer armSecondSignal(ctx, stop, stderr)()
	signalsArmed()

	a := &app{stdin: stdin, stdout: stdout, stderr: stderr, v: viper.New()}
	root := a.rootCmd()
	out := &outCheck{w: stdout}
	root.SetOut(out)
	root.SetArgs(connflags.RewriteArgs(args))
	err := out.failed(interruptedHung(cobraUsage(root.ExecuteContext(ctx))))
	if err != nil {
		render.Error(stderr, err)
	}
	return exitCode(err)
}

// armSecondSignal makes a signal after ctx is cancelled end the process at
// once (quitNow), and returns what disarms that when run returns. The arming
// runs in AfterFunc's own goroutine, so it could come after run returned
// and leave a handler behind: a later SIGINT to a process that called run
// again (a test) ended it in quitNow, exit 1 with no test failed (1 to 4 in
// 30 runs of TestInterruptWhileReadingInput; one CI lost cmd/mytune so).
// The lock and the flag make arming and disarming happen in one order.
func armSecondSignal(ctx context.Context, stop context.CancelFunc, stderr io.Writer) (disarm func()) {
	var mu sync.Mutex
	returned := false
	second := make(chan os.Signal, 1)
	context.AfterFunc(ctx, func() {
		mu.Lock()
		defer mu.Unlock()
		if returned {
			return
		}
		signal.Notify(second, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
		stop()
		go func() {
			if _, ok := <-second; ok {
				quitNow(stderr)
			}
		}()
	})
	return func() {
		mu.Lock()
		defer mu.Unlock()
		returned = true
		signal.Stop(second)
	}
}

// signalsArmed runs once run's signal handlers are in place: a test that
// sends itself SIGINT waits for it, since a signal before then gets the
// default action and ends the test binary (a CI run under load lost
// cmd/mytune's whole package that way, no test failed).
var signalsArmed = func() {}

// quitNow ends the process on a second signal: a third gets the default
// action (a write hung on a dead disk must not trap the user), the test
// files still there are removed, and the exit is 1 (CONTRACT.md: the work
// failed).
func quitNow(stderr io.Writer) {
	signal.Reset(os.Interrupt, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	left := diskio.RemoveTestFiles(quitRemoveWait)
	fmt.Fprintln(stderr, quitMessage(calibrate.Held(), left))
	os.Exit(exitFailed)
}

// quitRemoveWait is how long the second signal's exit waits for the test
// files' removal: an unlink takes microseconds on a working disk, and on a
// frozen filesystem it blocks until the thaw.
const quitRemoveWait = 2 * time.Second

// quitMessage is what quitNow says: the test files are gone, and a
// calibrate scratch schema not dropped yet is named with the command that
// removes it (the process ends before its drop could finish).
func quitMessage(schemas, leftFiles []string) string {
	msg := "mytune: interrupted twice: stopped at once (its test files were removed)"
	if len(leftFiles) > 0 {
		msg = fmt.Sprintf("mytune: interrupted twice: stopped at once; its test file %s was not removed (the disk did not "+
			"answer within %s): remove it once the disk answers", strings.Join(leftFiles, ", "), quitRemoveWait)
	}
	for _, s := range schemas {
		msg += fmt.Sprintf("; the scratch schema %s may be left on the server: `%s` removes it", s, calibrate.CleanupCommand(s))
	}
	return msg
}

// rootCmd assembles the command tree.
func (a *app) rootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "mytune",
		Short: "Measure the disk under MySQL/MariaDB and say what this hardware wants",
		Long: "mytune measures a machine and the disk that really holds a MySQL/MariaDB data directory,\n" +
			"reads what the server is set to, and says which settings and how many threads this hardware wants.",
		Version:       versionLine(),
		SilenceUsage:  true,
		SilenceErrors: true,
		PersistentPreRunE: func(cmd *cobra.Command, args []string) error {
			return a.loadConfig(cmd, args)
		},
	}
	root.SetVersionTemplate("{{.Version}}\n")
	root.SetOut(a.stdout)
	root.SetErr(a.stderr)
	root.SetIn(a.stdin)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return asUsage(flagError(cmd, err)) })
	root.SetHelpCommand(helpCmd(root))
	pf := root.PersistentFlags()
	// -h is --host, as in the mysql client; help is --help only.
	pf.Bool("help", false, "help for a command")
	pf.String("config", "", "YAML config file (MYTUNE_* env and flags override it)")
	pf.String("format", "text", "output format: text|json (advise also cnf|markdown, probe also prom)")
	pf.String("out", "", "write the output to FILE (atomically) instead of stdout")
	root.AddCommand(a.versionCmd(), a.probeCmd())
	for _, add := range extraCommands {
		root.AddCommand(add(a))
	}
	completeValues(root)
	return root
}

// cobraUsage marks cobra's own argument errors (unknown command, wrong
// number of arguments) as usage errors: exit 2, as CONTRACT.md says.
func cobraUsage(err error) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	if strings.HasPrefix(msg, "unknown command ") && !strings.Contains(msg, "Did you mean") {
		return asUsage(fmt.Errorf("%w: `mytune --help` lists the commands", err))
	}
	for _, p := range []string{"unknown command ", "accepts ", "requires at least ", "requires at most ", "requires exactly "} {
		if strings.HasPrefix(msg, p) {
			return asUsage(err)
		}
	}
	return err
}

// extraCommands lets other files of this package register their commands.
var extraCommands []func(*app) *cobra.Command

// plainFlagError drops the Go parser's words from a flag's value error
// (`invalid argument "abc" for "-P, --port" flag: strconv.ParseInt:
// parsing "abc": invalid syntax`): the flag and the value are what a user
// needs.
func plainFlagError(err error) error {
	msg := err.Error()
	if i := strings.Index(msg, ": strconv."); i >= 0 {
		what := "a number"
		if strings.Contains(msg[i:], "ParseBool") {
			what = "true or false"
		}
		return fmt.Errorf("%s: want %s", msg[:i], what)
	}
	return err
}
