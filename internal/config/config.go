// Package config merges mytune's settings the way its users expect: the
// flags they typed over MYTUNE_* environment variables over a --config
// YAML file (or MYTUNE_CONFIG), all under the flag names, in one viper.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"
	"github.com/spf13/viper"

	"github.com/mytune/mytune/internal/usage"
)

// EnvPrefix prefixes the environment variables: MYTUNE_DATADIR is --datadir.
const EnvPrefix = "MYTUNE"

// Load binds fs's flags into v, reads MYTUNE_* variables (a dash in a flag
// name is an underscore) and the YAML file named by --config or
// MYTUNE_CONFIG. A bad file is a usage error naming it.
//
// known lists every key a config file may hold (all commands' flag names
// and sections such as thresholds): a file is shared between commands,
// so a key of another command is not an error, a key of none is. nil
// checks nothing.
func Load(v *viper.Viper, fs *pflag.FlagSet, known map[string]bool) error {
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
	if file != "" {
		if err := ReadFile(v, file); err != nil {
			return err
		}
		if err := checkKeys(v, file, known); err != nil {
			return err
		}
	}
	return checkValues(v, fs)
}

// checkKeys refuses a config file key no command knows: a misspelt key
// (max_bytes for max-bytes) would otherwise be dropped without a word,
// the write cap with it.
func checkKeys(v *viper.Viper, file string, known map[string]bool) error {
	if known == nil {
		return nil
	}
	for _, k := range v.AllKeys() {
		top, _, _ := strings.Cut(k, ".")
		if known[top] || !v.InConfig(top) {
			continue
		}
		hint := ""
		if dashed := strings.ReplaceAll(top, "_", "-"); known[dashed] {
			hint = fmt.Sprintf(" (did you mean %s? keys are spelt as the flags are)", dashed)
		}
		return usage.Errorf("config file %s: unknown key %q%s: the keys are the long flag names and thresholds", file, top, hint)
	}
	return nil
}

// secretKeys are the flags whose value may hold a password: an error
// about them never shows it (review r15: "password: [Sekr3tPw]" in a
// config file was refused as password = "[Sekr3tPw]").
var secretKeys = map[string]bool{"password": true, "dsn": true}

// checkValues refuses a flag set from a config file or MYTUNE_* to a value
// its type does not take, as the flag itself would (exit 2): viper reads
// "maybe" as false (and --no-measure: maybe would then measure), "abc" as
// 0 and a bare 10 as 10ns, where --connect-timeout 10 is refused for its
// missing unit.
func checkValues(v *viper.Viper, fs *pflag.FlagSet) error {
	var bad error
	fs.VisitAll(func(f *pflag.Flag) {
		if bad != nil || f.Changed {
			return
		}
		raw := v.Get(f.Name)
		if want := badValue(f.Value.Type(), raw); want != "" {
			shown := fmt.Sprintf("%q", fmt.Sprint(raw))
			if secretKeys[f.Name] {
				shown = "(its value not shown: it holds a password)"
			}
			bad = usage.Errorf("%s = %s (from %s_%s or the config file): want %s", f.Name, shown,
				EnvPrefix, strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_")), want)
		}
	})
	return bad
}

// badValue says what a flag of type typ wants when raw (a MYTUNE_* string
// or a YAML value; a flag's own default comes typed) is not that, or "".
func badValue(typ string, raw any) string {
	if want := badYAMLType(typ, raw); want != "" {
		return want
	}
	s, isString := raw.(string)
	s = strings.TrimSpace(s)
	switch typ {
	case "bool":
		if _, err := strconv.ParseBool(s); isString && err != nil {
			return "true or false"
		}
	case "duration":
		switch raw.(type) {
		case int, int64, float64:
			return "a duration with a unit, e.g. 10s or 2m"
		}
		if _, err := time.ParseDuration(s); isString && err != nil {
			return "a duration with a unit, e.g. 10s or 2m"
		}
	case "int", "int32", "int64":
		if _, err := strconv.ParseInt(s, 10, 64); isString && err != nil {
			return "a whole number"
		}
		if f, ok := raw.(float64); ok && f != float64(int64(f)) {
			return "a whole number"
		}
	case "uint", "uint32", "uint64":
		if _, err := strconv.ParseUint(s, 10, 64); isString && err != nil {
			return "a whole number, 0 or more"
		}
	case "float64":
		if _, err := strconv.ParseFloat(s, 64); isString && err != nil {
			return "a number"
		}
	}
	return ""
}

// badYAMLType says what a flag of type typ wants when a config file gave
// it a YAML type it cannot take, or "": a list or a section for one value
// (viper reads it as ""), a number for a yes/no (read as true), a yes/no
// for a number (read as 1), a negative number for a count of 0 or more.
func badYAMLType(typ string, raw any) string {
	switch raw.(type) {
	case []any, map[string]any:
		if strings.HasSuffix(typ, "Slice") || strings.HasSuffix(typ, "Array") {
			return ""
		}
		return "one value, not a list or a section"
	case nil, string:
		return ""
	}
	_, isBool := raw.(bool)
	switch {
	case typ == "bool" && !isBool:
		return "true or false"
	case typ != "bool" && typ != "string" && isBool:
		return "a number or a value with its unit, not true or false"
	}
	if strings.HasPrefix(typ, "uint") {
		if n, err := strconv.ParseFloat(fmt.Sprint(raw), 64); err == nil && n < 0 {
			return "a whole number, 0 or more"
		}
	}
	return ""
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
	f, err := os.Open(file)
	if err != nil {
		return usage.Errorf("config file %s cannot be read (%v): %s", file, errors.Unwrap(err), readHint(err))
	}
	f.Close()
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

// readHint says what to do about a config file that cannot be opened.
func readHint(err error) string {
	if errors.Is(err, fs.ErrPermission) {
		return "run mytune as a user who may read it, or give --config a file this user may read"
	}
	return "give --config a readable YAML file"
}
