package render

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/mytune/mytune/profile"
)

// Named is one saved document to compare: its profile and the name it is
// shown under (normally the file name). Verdict is the advice's verdict
// when the document was an advice, "" for a bare profile.
type Named struct {
	Name    string
	Profile *profile.Profile
	Verdict string
}

// Load parses data, a mytune profile (mytune.profile/v1) or advice
// (mytune.advice/v1, whose "profile" field holds the profile), with
// profile.Decode; name is the file name every error starts with, so a
// refusal reads "B.json: not a mytune profile (schema …)".
func Load(name string, data []byte) (Named, error) {
	p, err := profile.Decode(bytes.NewReader(data))
	if err != nil {
		return Named{}, fmt.Errorf("%s: %w", name, err)
	}
	var head struct {
		Schema  string `json:"schema"`
		Verdict string `json:"verdict"`
	}
	// Decode has parsed data already, so this cannot fail.
	_ = json.Unmarshal(data, &head)
	n := Named{Name: name, Profile: p}
	if head.Schema == profile.AdviceSchema {
		n.Verdict = head.Verdict
	}
	return n, nil
}
