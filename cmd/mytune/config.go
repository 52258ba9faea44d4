package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"
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

// checkOut refuses an --out that cannot be written before any work is
// done (a probe must not measure for 10 s and then fail to save).
func checkOut(out string) error {
	if out == "" || out == "-" {
		return nil
	}
	if st, err := os.Stat(out); err == nil && st.IsDir() {
		return usagef("--out %s is a directory: give a file name", out)
	}
	dir := filepath.Dir(out)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return usagef("--out %s: the directory %s does not exist", out, dir)
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
