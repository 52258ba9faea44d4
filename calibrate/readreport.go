package calibrate

import (
	"bytes"
	"context"
	"errors"

	"github.com/mytune/mytune/internal/docread"
	"github.com/mytune/mytune/internal/usage"
	"github.com/mytune/mytune/profile"
)

// ReadDumpReport reads a saved calibrate --dump report (advise
// --calibration FILE); anything else is a usage error naming the file
// (profile.DecodeDumpCalibration says what it is instead). A read that
// blocks (a FIFO) ends with ctx: the error is then ctx's.
func ReadDumpReport(ctx context.Context, path string) (*profile.DumpCalibration, error) {
	data, err := docread.ReadFile(ctx, path, nil, profile.MaxDocumentBytes)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, usage.Errorf("cannot read calibration %s: %v", path, errors.Unwrap(err))
	}
	rep, err := profile.DecodeDumpCalibration(bytes.NewReader(data))
	if err != nil {
		return nil, usage.Errorf("%s%v", path, err)
	}
	return rep, nil
}
