package main

import (
	"github.com/spf13/cobra"

	"github.com/mytune/mytune/internal/completion"
)

func init() {
	extraCommands = append(extraCommands, func(a *app) *cobra.Command { return a.completionCmd() })
}

// completionCmd is `mytune completion SHELL`; its script is text, so any
// other --format is refused with exit 2 as the other commands refuse one
// (QA: --format bogus printed the script and exited 0).
func (a *app) completionCmd() *cobra.Command {
	cmd := completion.Command(a.emit)
	cmd.PreRunE = func(*cobra.Command, []string) error {
		_, err := a.checkFormat("completion")
		return err
	}
	return cmd
}
