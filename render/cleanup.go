package render

import (
	"fmt"
	"io"

	"github.com/mytune/mytune/profile"
)

// Cleanup writes what calibrate --cleanup did to w in o.Format: "text"
// (one line) or "json" (the CalibrationCleanup document).
func Cleanup(w io.Writer, c profile.CalibrationCleanup, o Options) error {
	return textOrJSON(w, "cleanup", o, c, func() string {
		if !c.Existed {
			return fmt.Sprintf("no schema %s: nothing to clean up\n", c.Schema)
		}
		return fmt.Sprintf("dropped schema %s, left by run %s on %s (pid %d, started %s)\n",
			c.Schema, profile.OrUnknown(c.RunID), profile.OrUnknown(c.Host), c.PID, profile.OrUnknown(c.StartedAt))
	})
}
