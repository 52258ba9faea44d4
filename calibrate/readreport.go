package calibrate

import (
	"errors"
	"os"

	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/profile"
)

// ReadDumpReport reads a saved calibrate --dump report (advise
// --calibration FILE); anything else is a usage error naming the file
// (profile.DecodeDumpCalibration says what it is instead).
func ReadDumpReport(path string) (*profile.DumpCalibration, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, usage.Errorf("cannot read calibration %s: %v", path, errors.Unwrap(err))
	}
	defer f.Close()
	rep, err := profile.DecodeDumpCalibration(f)
	if err != nil {
		return nil, usage.Errorf("%s%v", path, err)
	}
	return rep, nil
}
