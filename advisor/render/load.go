package render

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/mytune/mytune/probe/profile"
)

// AdviceSchema is the schema name of an advice document (CONTRACT.md).
const AdviceSchema = "mytune.advice/v1"

// Named is one saved document to compare: its profile and the name it is
// shown under (normally the file name). Verdict is the advice's verdict
// when the document was an advice, "" for a bare profile.
type Named struct {
	Name    string
	Profile *profile.Profile
	Verdict string
}

// envelope is what Load reads first: the schema decides the rest.
type envelope struct {
	Schema  string          `json:"schema"`
	Profile json.RawMessage `json:"profile"`
	Verdict string          `json:"verdict"`
}

// Load parses data, a mytune profile (mytune.profile/v1) or advice
// (mytune.advice/v1, whose "profile" field holds the profile). name is the
// file name the errors cite. Any other JSON is refused with an error that
// says what was found and what is wanted.
func Load(name string, data []byte) (Named, error) {
	var env envelope
	if err := json.Unmarshal(data, &env); err != nil {
		return Named{}, fmt.Errorf("%s is not valid JSON (%w): give a file written by mytune probe or advise --format json", name, jsonWhere(data, err))
	}
	body := data
	switch env.Schema {
	case profile.Schema:
	case AdviceSchema:
		if len(bytes.TrimSpace(env.Profile)) == 0 || bytes.Equal(bytes.TrimSpace(env.Profile), []byte("null")) {
			return Named{}, fmt.Errorf("%s is a mytune advice without its \"profile\" field: save it again with mytune advise --format json", name)
		}
		body = env.Profile
	default:
		found := fmt.Sprintf("schema %q", env.Schema)
		if env.Schema == "" {
			found = "no \"schema\" field"
		}
		return Named{}, fmt.Errorf("%s is not a mytune profile or advice (%s; want %s or %s)", name, found, profile.Schema, AdviceSchema)
	}
	var p profile.Profile
	if err := json.Unmarshal(body, &p); err != nil {
		return Named{}, fmt.Errorf("%s: its profile does not match %s (%w): was it edited by hand?", name, profile.Schema, err)
	}
	return Named{Name: name, Profile: &p, Verdict: env.Verdict}, nil
}

// jsonWhere adds the line of a syntax error to err.
func jsonWhere(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		return fmt.Errorf("line %d: %w", line, err)
	}
	return err
}
