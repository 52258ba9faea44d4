// Package config merges mytune's settings the way its users expect: the
// flags they typed over MYTUNE_* environment variables over a --config
// YAML file (or MYTUNE_CONFIG), all under the flag names, in one viper.
package config

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"

	"github.com/mytune/mytune/internal/usage"
)

// EnvPrefix prefixes the environment variables: MYTUNE_DATADIR is --datadir.
const EnvPrefix = "MYTUNE"

// Load binds fs's flags into v, reads MYTUNE_* variables (a dash in a flag
// name is an underscore) and the YAML file named by --config or
// MYTUNE_CONFIG. A bad file is a usage error naming it.
func Load(v *viper.Viper, fs *pflag.FlagSet) error {
	v.SetEnvPrefix(EnvPrefix)
	v.SetEnvKeyReplacer(strings.NewReplacer("-", "_", ".", "_"))
	v.AutomaticEnv()
	var bindErr error
	fs.VisitAll(func(f *pflag.Flag) {
		if err := v.BindPFlag(f.Name, f); err != nil && bindErr == nil {
			bindErr = err
		}
	})
	if bindErr != nil {
		return fmt.Errorf("binding flags to the configuration: %w", bindErr)
	}
	file, _ := fs.GetString("config")
	if file == "" {
		file = os.Getenv(EnvPrefix + "_CONFIG")
	}
	if file == "" {
		return nil
	}
	return ReadFile(v, file)
}

// ReadFile reads a YAML config file into v; errors name the file and, for
// syntax errors, the line.
func ReadFile(v *viper.Viper, file string) error {
	st, err := os.Stat(file)
	if err != nil {
		return usage.Errorf("config file %s: %v", file, errors.Unwrap(err))
	}
	if st.IsDir() {
		return usage.Errorf("config file %s is a directory: give a YAML file", file)
	}
	v.SetConfigFile(file)
	v.SetConfigType("yaml")
	if err := v.ReadInConfig(); err != nil {
		msg := err.Error()
		if i := strings.Index(msg, "yaml: "); i >= 0 {
			msg = msg[i:]
		}
		return usage.Errorf("config file %s is not valid YAML: %s", file, msg)
	}
	return nil
}
