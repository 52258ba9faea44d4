package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mytune/mytune/internal/atomicfile"
	"github.com/mytune/mytune/internal/config"
	"github.com/mytune/mytune/probe/server"
)

// loadConfig merges, lowest first: the --config YAML file, MYTUNE_*
// environment variables, then the flags the user set (internal/config),
// and refuses an --out that cannot be written before any work is done.
func (a *app) loadConfig(cmd *cobra.Command) error {
	if err := config.Load(a.v, cmd.Flags(), configKeys(cmd.Root())); err != nil {
		return err
	}
	if d, ok := os.LookupEnv(server.DiscoveryEnv); ok && !server.DiscoveryValid(d) {
		return usagef("%s=%s: want off (never look for a server on its own) or on", server.DiscoveryEnv, d)
	}
	if out := a.v.GetString("out"); out != "" && out != "-" {
		if err := atomicfile.Check(out); err != nil {
			return fmt.Errorf("--out %w", err)
		}
	}
	return nil
}

// configKeys are the keys a --config file may hold: the long flag names
// of every command (one file serves them all) and the thresholds:
// section the rules read (loadCatalogue).
func configKeys(root *cobra.Command) map[string]bool {
	keys := map[string]bool{"thresholds": true}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, fs := range []*pflag.FlagSet{c.Flags(), c.PersistentFlags()} {
			fs.VisitAll(func(f *pflag.Flag) { keys[f.Name] = true })
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	return keys
}
