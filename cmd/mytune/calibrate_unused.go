package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"
)

// calibrateUnused lists the flags given on the command line that the
// calibration chosen does not read: with --dump the dump's own rows are
// loaded (no --batch-rows) and no prediction is made (--from, --no-predict,
// --probe-duration); without it --rounds has nothing to repeat.
func calibrateUnused(fs *pflag.FlagSet, withDump bool) []string {
	names := []string{"rounds"}
	if withDump {
		names = []string{"batch-rows", "from", "no-predict", "probe-duration"}
	}
	var unused []string
	for _, name := range names {
		if fs.Changed(name) {
			unused = append(unused, "--"+name)
		}
	}
	return unused
}

// warnCalibrateUnused says on stderr which flags calibrate does not use,
// as advise --from does, rather than dropping them without a word.
func warnCalibrateUnused(w io.Writer, fs *pflag.FlagSet, withDump bool) {
	unused := calibrateUnused(fs, withDump)
	if len(unused) == 0 {
		return
	}
	why := "without --dump there is no dump to load in rounds"
	if withDump {
		why = "--dump loads the dump's own rows and makes no prediction"
	}
	fmt.Fprintf(w, "mytune: warning: %s: %s not used\n", why, strings.Join(unused, ", "))
}
