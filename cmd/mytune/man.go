package main

import (
	"github.com/spf13/cobra"

	"github.com/mytune/mytune/internal/manpage"
)

func init() {
	extraCommands = append(extraCommands, func(a *app) *cobra.Command { return a.manCmd() })
}

// manCmd is the hidden `mytune man --dir DIR` that `make man` runs: the
// man pages of every command, from the same tree --help reads.
func (a *app) manCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:    "man --dir DIR",
		Short:  "Write the man pages (section 1) into DIR",
		Hidden: true,
		Args:   noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return manpage.Write(cmd.Root(), a.v.GetString("dir"), version)
		},
	}
	cmd.Flags().String("dir", "man/man1", "directory to write mytune.1, mytune-probe.1, … into")
	return cmd
}
