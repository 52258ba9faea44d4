package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/mytune/mytune/advisor"
)

// commandFormats are the --format values each command offers, by its path
// under mytune ("rules explain"): checkFormat refuses any other, and shell
// completion offers these.
var commandFormats = map[string][]string{
	"advise":        {"text", "json", "cnf", "markdown"},
	"calibrate":     {"text", "json"},
	"compare":       {"text", "json"},
	"completion":    {"text"},
	"probe":         {"text", "json", "prom"},
	"rules list":    {"text", "json"},
	"rules explain": {"text", "json"},
	"version":       {"text", "json"},
}

// sslModes are --ssl-mode's values, as the mysql client spells them.
var sslModes = []string{"DISABLED", "PREFERRED", "REQUIRED", "VERIFY_CA", "VERIFY_IDENTITY"}

// commandPath is cmd's path under the root command: "advise", "rules list".
func commandPath(cmd *cobra.Command) string {
	p := cmd.CommandPath()
	if r := cmd.Root(); r != nil && r != cmd {
		p = strings.TrimPrefix(p, r.Name()+" ")
	}
	return p
}

// completeValues registers shell completion for the flags that take one of
// a few words (--format, --task, --durability, --ssl-mode) on every command
// that has them, so a shell offers those words instead of file names.
func completeValues(root *cobra.Command) {
	fixed := map[string][]string{
		"task":       advisor.Tasks,
		"durability": {advisor.DurabilityStrict, advisor.DurabilityRelaxed},
		"ssl-mode":   sslModes,
	}
	words := func(list []string) func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return func(*cobra.Command, []string, string) ([]cobra.Completion, cobra.ShellCompDirective) {
			return list, cobra.ShellCompDirectiveNoFileComp
		}
	}
	_ = root.RegisterFlagCompletionFunc("format", func(cmd *cobra.Command, _ []string, _ string) ([]cobra.Completion, cobra.ShellCompDirective) {
		return commandFormats[commandPath(cmd)], cobra.ShellCompDirectiveNoFileComp
	})
	var walk func(*cobra.Command)
	walk = func(c *cobra.Command) {
		for name, list := range fixed {
			if c.LocalNonPersistentFlags().Lookup(name) != nil {
				_ = c.RegisterFlagCompletionFunc(name, words(list))
			}
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
}
