package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/mytune/mytune/internal/atomicfile"
	"github.com/mytune/mytune/internal/config"
)

// loadConfig merges, lowest first: the --config YAML file, MYTUNE_*
// environment variables, then the flags the user set (internal/config),
// and refuses an --out that cannot be written before any work is done.
func (a *app) loadConfig(cmd *cobra.Command) error {
	if err := config.Load(a.v, cmd.Flags()); err != nil {
		return err
	}
	if out := a.v.GetString("out"); out != "" && out != "-" {
		if err := atomicfile.Check(out); err != nil {
			return fmt.Errorf("--out %w", err)
		}
	}
	return nil
}
