package profile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// AdviceSchema is the schema of an advice document, which embeds a profile.
const AdviceSchema = "mytune.advice/v1"

// MaxDocumentBytes bounds what Decode reads, and what a command reads of a
// saved document before decoding it (compare, --from): a real profile with
// a server's ~700 variables and ~500 status counters is under 200 KiB
// (measured on MariaDB 10.11), so 32 MiB is generous and still refuses a
// runaway file (/dev/zero, a dump given by mistake).
const MaxDocumentBytes = 32 << 20

// foreignSchema is the refusal of a document of another schema, with what
// to give instead: a calibrate --dump report is for advise --calibration.
func foreignSchema(schema string) error {
	if schema == DumpCalibrationSchema {
		return fmt.Errorf("not a mytune profile (schema %q, a calibration: advise takes it with --calibration FILE): "+
			"give the probe's JSON (mytune probe --format json --out FILE) or an advice saved with --format json", schema)
	}
	return fmt.Errorf("not a mytune profile (schema %q): give the probe's JSON (mytune probe --format json --out FILE) "+
		"or an advice saved with --format json", schema)
}

// Decode reads a saved profile, or the profile inside a saved advice, and
// refuses anything else with an error that says what the file is.
func Decode(r io.Reader) (*Profile, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxDocumentBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading: %w", err)
	}
	if len(data) > MaxDocumentBytes {
		return nil, fmt.Errorf("larger than %d MiB: not a mytune profile", MaxDocumentBytes>>20)
	}
	data, err = profileDocument(withoutBOM(data))
	if err != nil {
		return nil, err
	}
	var p Profile
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("a malformed profile (%s)", jsonErr(err))
	}
	if p.Schema != Schema {
		return nil, fmt.Errorf("the embedded profile has schema %q, want %q", p.Schema, Schema)
	}
	if err := p.Check(); err != nil {
		return nil, fmt.Errorf("a profile with impossible values: %w", err)
	}
	var keys struct {
		Storage map[string]json.RawMessage `json:"storage"`
	}
	if json.Unmarshal(data, &keys) == nil && keys.Storage != nil && keys.Storage["measured"] == nil && !p.Storage.Measured {
		// "measured" was added to the contract after v1: a file without it
		// that holds figures was measured
		s := p.Storage
		p.Storage.Measured = s.SeqWrite.MBPerS > 0 || s.Fsync.P50US > 0 || len(s.RandWrite) > 0
	}
	// installed_servers was added after v1 and is written [] when none is
	// found: absent (or null), the profile does not say what is installed,
	// which matters when no live server was read to name the target
	if p.Installed == nil && !p.InstalledUnread() && (p.Server == nil || !p.Server.Reachable) {
		p.AddGap(GapInstalledUnread, "saved by a mytune that did not look for the servers installed on the host: "+
			"the target is not taken from them (pass --target)")
	}
	p.Normalize()
	return &p, nil
}

// utf8BOM is the byte order mark some editors (Windows Notepad) put
// before a UTF-8 file they save; encoding/json refuses it.
var utf8BOM = []byte("\xef\xbb\xbf")

// withoutBOM is data without a leading UTF-8 byte order mark, so a saved
// document opened and saved again in such an editor still reads (review
// r17: it was refused as "invalid character 'ï' looking for beginning of
// value", told to probe again).
func withoutBOM(data []byte) []byte { return bytes.TrimPrefix(data, utf8BOM) }

// profileDocument returns the profile document data holds: data itself, or
// the profile an advice saved with --format json embeds. Its errors say what
// the file is instead and how to save a profile.
func profileDocument(data []byte) ([]byte, error) {
	var head struct {
		Schema  string          `json:"schema"`
		Profile json.RawMessage `json:"profile"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		what := "not valid JSON"
		if te := (*json.UnmarshalTypeError)(nil); errors.As(err, &te) {
			what = "not a mytune profile"
		}
		if len(bytes.TrimSpace(data)) > 0 && isEndOfInput(err) {
			return nil, fmt.Errorf("cut short: the JSON stops after %d bytes, before the document closes (a save or copy that did "+
				"not finish?): save it again with `mytune probe --format json --out FILE`", len(data))
		}
		return nil, fmt.Errorf("%s (%s): save one with `mytune probe --format json --out FILE`", what, jsonErr(err))
	}
	switch head.Schema {
	case Schema:
	case AdviceSchema:
		if len(head.Profile) == 0 {
			return nil, errors.New("an advice without its profile, so nothing to advise from: give the probe's JSON " +
				"(mytune probe --format json --out FILE), or an advice saved with --format json, which holds it")
		}
		data = head.Profile
	case "":
		return nil, errors.New("not a mytune profile (no \"schema\" field): save one with `mytune probe --format json --out FILE`")
	default:
		if strings.HasPrefix(head.Schema, "mytune.profile/") {
			return nil, fmt.Errorf("a profile of schema %q, which this mytune (%s) cannot read: use a newer mytune", head.Schema, Schema)
		}
		return nil, foreignSchema(head.Schema)
	}
	return data, nil
}

// jsonErr shortens encoding/json errors to what a person needs.
// isEndOfInput reports whether err is encoding/json's syntax error for
// input that stops before the value closes (it has no sentinel of its own).
func isEndOfInput(err error) bool {
	var se *json.SyntaxError
	return errors.As(err, &se) && se.Error() == "unexpected end of JSON input"
}

func jsonErr(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("syntax error at byte %d: %v", se.Offset, se)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field == "" {
			return fmt.Sprintf("a JSON %s where a profile (a JSON object) belongs", te.Value)
		}
		if why := numberErr(te); why != "" {
			return fmt.Sprintf("field %q %s", te.Field, why)
		}
		return fmt.Sprintf("field %q should be %s, not a JSON %s", te.Field, jsonKind(te.Type.Kind()), te.Value)
	}
	return err.Error()
}

// numberErr says what is wrong with a JSON number an integer field
// refused ("" when the value is not a number): negative where a count or
// size cannot be, not an integer (1500000000.0, 1e9), or too large.
func numberErr(te *json.UnmarshalTypeError) string {
	n, ok := strings.CutPrefix(te.Value, "number ")
	if !ok {
		return ""
	}
	k := te.Type.Kind()
	unsigned := k >= reflect.Uint && k <= reflect.Uintptr
	if !unsigned && (k < reflect.Int || k > reflect.Int64) {
		return ""
	}
	switch {
	case strings.ContainsAny(n, ".eE"):
		return fmt.Sprintf("is %s, not an integer: write it as a whole number without a decimal point or exponent", n)
	case unsigned && strings.HasPrefix(n, "-"):
		return fmt.Sprintf("is %s, negative: it is a count or size, 0 or more", n)
	}
	return fmt.Sprintf("is %s, too large for it", n)
}

// jsonKind names a Go kind as the JSON value it decodes from.
func jsonKind(k reflect.Kind) string {
	switch k {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Pointer, reflect.Interface:
		return "a value"
	}
	return "a number"
}
