package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"

	"github.com/mytune/mytune/internal/atomicfile"
)

// loadConfig merges, lowest first: the --config YAML file, MYTUNE_* environment
// variables, then the flags the user set. Keys are the flag names.
func (a *app) loadConfig(cmd *cobra.Command) error {
	v := a.v
	v.SetEnvPrefix("MYTUNE")
	v.SetEnvKeyReplacer(strings.NewReplacer("-", "_", ".", "_"))
	v.AutomaticEnv()
	var bindErr error
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if err := v.BindPFlag(f.Name, f); err != nil && bindErr == nil {
			bindErr = err
		}
	})
	if bindErr != nil {
		return fmt.Errorf("binding flags to the configuration: %w", bindErr)
	}
	file, _ := cmd.Flags().GetString("config")
	if file == "" {
		file = os.Getenv("MYTUNE_CONFIG")
	}
	if file != "" {
		if err := readConfigFile(v, file); err != nil {
			return err
		}
	}
	return checkOut(v.GetString("out"))
}

// checkOut refuses an --out that cannot be written before any work is done.
func checkOut(out string) error {
	if out == "" || out == "-" {
		return nil
	}
	if err := atomicfile.Check(out); err != nil {
		return fmt.Errorf("--out %w", err)
	}
	return nil
}

// readConfigFile reads a YAML config file into v; errors name the file and,
// for syntax errors, the line.
func readConfigFile(v *viper.Viper, file string) error {
	st, err := os.Stat(file)
	if err != nil {
		return usagef("config file %s: %v", file, errors.Unwrap(err))
	}
	if st.IsDir() {
		return usagef("config file %s is a directory: give a YAML file", file)
	}
	v.SetConfigFile(file)
	v.SetConfigType("yaml")
	if err := v.ReadInConfig(); err != nil {
		msg := err.Error()
		if i := strings.Index(msg, "yaml: "); i >= 0 {
			msg = msg[i:]
		}
		return usagef("config file %s is not valid YAML: %s", file, msg)
	}
	return nil
}
