package main

import (
	"os"
	"path/filepath"

	"github.com/spf13/cobra"
)

// inputFileFlags are the flags naming a file the command reads: an --out
// onto one of them would replace it with the report (a mysqldump file given
// to --dump, a capture given to --variables).
var inputFileFlags = []string{"from", "mycnf", "defaults-file", "variables", "status", "calibration", "ssl-ca", "dump"}

// inputDirFlags are the flags naming a directory the command reads whole:
// a report written into it becomes part of the dump (a stray file for the
// loader) or one more rule file the next run fails to parse.
var inputDirFlags = []string{"dump", "rules"}

// commandInputs are the files and the directories cmd reads, from the
// flags cmd has (a MYTUNE_* variable of a flag another command has names
// nothing this one reads).
func (a *app) commandInputs(cmd *cobra.Command) (files, dirs []string) {
	for _, name := range inputFileFlags {
		if cmd.Flags().Lookup(name) != nil {
			files = append(files, a.v.GetString(name))
		}
	}
	for _, name := range inputDirFlags {
		switch f := cmd.Flags().Lookup(name); {
		case f == nil:
		case f.Value.Type() == "stringSlice":
			dirs = append(dirs, a.v.GetStringSlice(name)...)
		default:
			dirs = append(dirs, a.v.GetString(name))
		}
	}
	return files, dirs
}

// outNotInsideInput refuses an --out in a directory the command reads
// whole (--dump DIR, --rules DIR), through a link too.
func outNotInsideInput(out string, dirs []string) error {
	parent, err := os.Stat(filepath.Dir(out))
	if err != nil {
		return nil
	}
	for _, d := range dirs {
		if d == "" {
			continue
		}
		if st, err := os.Stat(d); err == nil && st.IsDir() && os.SameFile(parent, st) {
			return usagef("--out %s is inside %s, which this command reads: give --out a file elsewhere, or leave it out for stdout", out, d)
		}
	}
	return nil
}
