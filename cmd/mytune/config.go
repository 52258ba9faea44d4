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
// and refuses an --out that cannot be written, or that names a file the
// command reads (outNotInput), before any work is done.
func (a *app) loadConfig(cmd *cobra.Command, args []string) error {
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
		files, dirs := a.commandInputs(cmd)
		if err := outNotInput(out, append(append(files, a.v.ConfigFileUsed()), args...)); err != nil {
			return err
		}
		if err := outNotInsideInput(out, dirs); err != nil {
			return err
		}
	}
	return nil
}

// outNotInput refuses an --out that is (through a link too) one of the
// files the command reads: the atomic write would replace a saved profile
// with its own report, or a my.cnf with the advised lines alone.
func outNotInput(out string, inputs []string) error {
	ost, err := os.Stat(out)
	if err != nil || !ost.Mode().IsRegular() {
		return nil
	}
	for _, in := range inputs {
		if in == "" || in == "-" {
			continue
		}
		if ist, err := os.Stat(in); err == nil && os.SameFile(ost, ist) {
			return usagef("--out %s is also read by this command (%s): give --out another file, or leave it out for stdout", out, in)
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
