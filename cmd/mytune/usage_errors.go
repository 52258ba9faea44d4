package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The errors cobra makes on its own say what was wrong but not what to do
// (README, Exit codes: "saying what failed and what to do"). These replace
// or complete them.

// noArgs is cobra.NoArgs with a way out: a word after a command that takes
// none is most often a directory given without --datadir, or a password
// given as "-p SECRET" (the mysql client, too, reads "-p" alone as "prompt").
func noArgs(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	hint := fmt.Sprintf("`%s --help` lists its flags", cmd.CommandPath())
	if cmd.Flags().Lookup("datadir") != nil {
		if fi, err := os.Stat(args[0]); err == nil && fi.IsDir() {
			hint = fmt.Sprintf("to measure that directory, give --datadir %s", args[0])
		}
	}
	got := fmt.Sprintf("%q", args[0])
	if f := cmd.Flags().Lookup("password"); f != nil && f.Changed {
		hint = "a password goes right after -p, as for the mysql client (-pSECRET or --password=SECRET; -p alone prompts)"
		if f.NoOptDefVal != "" && f.Value.String() == f.NoOptDefVal {
			got = "a word after -p (not shown: it may be the password)" // review r15: it was echoed to stderr
		}
	}
	name := strings.TrimPrefix(cmd.CommandPath(), cmd.Root().Name()+" ")
	return usagef("%s takes no arguments, got %s: %s", name, got, hint)
}

// flagError completes pflag's "unknown flag: --datdir" with the nearest
// flag the command has and where to see them all.
func flagError(cmd *cobra.Command, err error) error {
	err = plainFlagError(err)
	msg := err.Error()
	if !strings.HasPrefix(msg, "unknown flag: ") && !strings.HasPrefix(msg, "unknown shorthand flag: ") {
		return err
	}
	hint := fmt.Sprintf("`%s --help` lists its flags", cmd.CommandPath())
	name, ok := strings.CutPrefix(msg, "unknown flag: --")
	if _, word, short := strings.Cut(msg, "' in -"); !ok && short && len(word) > 1 {
		name, ok = word, true // -datadir: a long flag with one dash
	}
	if ok {
		if near := nearestFlag(cmd, strings.SplitN(name, "=", 2)[0]); near != "" {
			hint = fmt.Sprintf("did you mean --%s? %s", near, hint)
		}
	}
	return fmt.Errorf("%w: %s", err, hint)
}

// nearestFlag is the command's flag within two edits of name, if any.
func nearestFlag(cmd *cobra.Command, name string) string {
	best, bestD := "", 3
	visit := func(f *pflag.Flag) {
		if d := editDistance(name, f.Name); d < bestD {
			best, bestD = f.Name, d
		}
	}
	cmd.Flags().VisitAll(visit)
	cmd.InheritedFlags().VisitAll(visit)
	return best
}

// editDistance is the Levenshtein distance of a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// helpCmd is `mytune help [command]`: cobra's own prints "Unknown help
// topic" and exits 0; an unknown command is a usage error (exit 2).
func helpCmd(root *cobra.Command) *cobra.Command {
	return &cobra.Command{
		Use:   "help [command]",
		Short: "Help about any command",
		ValidArgsFunction: func(_ *cobra.Command, args []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
			parent, _, err := root.Find(args)
			if err != nil {
				return nil, cobra.ShellCompDirectiveNoFileComp
			}
			var names []cobra.Completion
			for _, c := range parent.Commands() {
				if c.IsAvailableCommand() && strings.HasPrefix(c.Name(), toComplete) {
					names = append(names, c.Name())
				}
			}
			return names, cobra.ShellCompDirectiveNoFileComp
		},
		RunE: func(_ *cobra.Command, args []string) error {
			target, rest, err := root.Find(args)
			if err != nil || target == nil || len(rest) > 0 {
				return usagef("no command %q: `mytune --help` lists the commands", strings.Join(args, " "))
			}
			target.InitDefaultHelpFlag()
			return target.Help()
		},
	}
}
