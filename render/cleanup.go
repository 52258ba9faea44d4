package render

import (
	"fmt"
	"io"

	"github.com/mytune/mytune/profile"
)

// Cleanup writes what calibrate --cleanup did to w in o.Format: "text"
// (one line) or "json" (the CalibrationCleanup document).
func Cleanup(w io.Writer, c profile.CalibrationCleanup, o Options) error {
	switch o.Format {
	case FormatJSON:
		return writeJSON(w, c)
	case FormatText, "":
	default:
		return fmt.Errorf("render cleanup: format %q is not one of text, json", o.Format)
	}
	if !c.Existed {
		_, err := fmt.Fprintf(w, "no schema %s: nothing to clean up\n", c.Schema)
		return err
	}
	_, err := fmt.Fprintf(w, "dropped schema %s, left by run %s on %s (pid %d, started %s)\n",
		c.Schema, profile.OrUnknown(c.RunID), profile.OrUnknown(c.Host), c.PID, profile.OrUnknown(c.StartedAt))
	return err
}
