package profile

import (
	"encoding/json"
	"fmt"
	"io"
)

// DecodeDumpCalibration reads a saved calibrate --dump report and refuses
// anything else, a synthetic-rows calibration and a report without a
// usable curve among them. Its errors read after the file's name: "FILE:
// …" or "FILE is …".
func DecodeDumpCalibration(r io.Reader) (*DumpCalibration, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxDocumentBytes+1))
	if err != nil {
		return nil, fmt.Errorf(": reading: %w", err)
	}
	var rep DumpCalibration
	if err := json.Unmarshal(withoutBOM(data), &rep); err != nil {
		return nil, fmt.Errorf(": not a calibration (mytune calibrate --dump … --format json): %w", err)
	}
	switch rep.Schema {
	case DumpCalibrationSchema:
	case CalibrationSchema:
		return nil, fmt.Errorf(" is a calibrate run without --dump (synthetic rows): run mytune calibrate --dump DIR --format json " +
			"to measure the dump's own rows")
	default:
		return nil, fmt.Errorf(": schema %q, want %q (mytune calibrate --dump … --format json)", rep.Schema, DumpCalibrationSchema)
	}
	if rep.Choice.Threads < 1 || len(rep.Points) == 0 {
		return nil, fmt.Errorf(": the calibration measured no usable curve (%s)", rep.Choice.Why)
	}
	return &rep, nil
}
