package main

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// oldProfiles is where review r57 kept profiles and advices saved by six
// commits of mytune's history (README.md there says how).
const oldProfiles = "../../testdata/oldprofiles"

// TestAdviseFromOldProfiles: today's advise --from reads what older
// mytunes saved without a crash, a NaN or an Inf in any format, names
// itself as reading an older profile, and records as gaps the lists the
// restore plan needed (review r57: the dump advices of c455cf37-8adc172f
// gave "3.0 MiB of it kept for the 3.0 MiB of InnoDB data the server
// already holds outside the dump's databases" for a dump of that very
// database, and no word of it holding tables on TARGET).
func TestAdviseFromOldProfiles(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	const older, models, dbs, schemas = profile.ProfileOlderGap, gapTableModels, gapDumpDatabases, gapServerSchemas
	cases := []struct {
		file  string
		gaps  []string // the saved-profile gaps wanted, in no order
		has   string   // in the text report
		lacks string
	}{
		{file: "c455cf37-noserver.json", gaps: []string{older}},
		{file: "c455cf37-mycnf.json", gaps: []string{older, gapMyCnfWarnings}},
		{file: "c455cf37-dump-advice.json.gz", gaps: []string{older, models, dbs, schemas},
			has: "all of it counted: the profile, saved by an older mytune", lacks: "outside the dump's databases"},
		{file: "60c92b40-noserver.json", gaps: []string{older}},
		{file: "60c92b40-mycnf.json", gaps: []string{older, gapMyCnfWarnings}},
		{file: "60c92b40-dump-advice.json.gz", gaps: []string{older, models, dbs, schemas},
			has: "all of it counted", lacks: "outside the dump's databases"},
		{file: "440719ed-noserver.json", gaps: []string{older}},
		{file: "440719ed-mycnf.json", gaps: []string{older, gapMyCnfWarnings}},
		{file: "440719ed-dump-advice.json.gz", gaps: []string{older, models, dbs, schemas},
			has: "all of it counted", lacks: "outside the dump's databases"},
		{file: "af9d4829-noserver.json", gaps: []string{older}},
		{file: "af9d4829-mycnf.json", gaps: []string{older}},
		{file: "af9d4829-dump-advice.json.gz", gaps: []string{older, dbs, schemas},
			has: "all of it counted", lacks: "outside the dump's databases"},
		{file: "8adc172f-noserver.json", gaps: []string{older}},
		{file: "8adc172f-mycnf.json", gaps: []string{older}},
		{file: "8adc172f-dump-advice.json.gz", gaps: []string{older, schemas},
			has: "all of it counted", lacks: "outside the dump's databases"},
		{file: "7c67fed0-noserver.json", gaps: []string{older}},
		{file: "7c67fed0-mycnf.json", gaps: []string{older}},
		{file: "7c67fed0-dump-advice.json.gz", gaps: []string{older},
			has: "on TARGET (information_schema.TABLES", lacks: "all of it counted"},
		{file: "r57-noserver.json", gaps: []string{older}}, // fields_revision 1: older since revision 2
		{file: currentControl, lacks: "saved by an older mytune"},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			from := oldProfile(t, c.file)
			for _, format := range []string{"text", "json", "markdown", "cnf"} {
				code, out, stderr := runCmd("advise", "--from", from, "--format", format)
				if code != 0 {
					t.Fatalf("%s: exit %d: %s", format, code, stderr)
				}
				for _, bad := range []string{"NaN", "+Inf", "-Inf", "panic", "goroutine "} {
					if strings.Contains(out, bad) || strings.Contains(stderr, bad) {
						t.Errorf("%s: %q in the output", format, bad)
					}
				}
				flat := strings.Join(strings.Fields(out), " ") // the text report wraps its lines
				if format == "text" && (c.has != "" && !strings.Contains(flat, c.has) || c.lacks != "" && strings.Contains(flat, c.lacks)) {
					t.Errorf("text: want %q in it and %q not", c.has, c.lacks)
				}
				if format == "json" {
					checkSavedGaps(t, out, c.gaps)
				}
			}
		})
	}
}

// checkSavedGaps fails unless the advice's gaps of the saved-profile
// probes are exactly want.
func checkSavedGaps(t *testing.T, out string, want []string) {
	t.Helper()
	var adv struct {
		Profile profile.Profile `json:"profile"`
	}
	if err := json.Unmarshal([]byte(out), &adv); err != nil {
		t.Fatal(err)
	}
	saved := []string{profile.ProfileOlderGap, gapTableModels, gapDumpDatabases, gapServerSchemas, gapMyCnfWarnings, gapServerNames}
	var got []string
	for _, g := range adv.Profile.Gaps {
		if slices.Contains(saved, g.Probe) {
			got = append(got, g.Probe)
		}
	}
	slices.Sort(got)
	want = slices.Sorted(slices.Values(want))
	if !slices.Equal(got, want) {
		t.Errorf("gaps %v, want %v", got, want)
	}
}

// oldProfile is the path of a saved document in oldProfiles, gunzipped
// into the test's temporary directory when it is kept compressed.
func oldProfile(t *testing.T, name string) string {
	t.Helper()
	if name == currentControl {
		return currentProfile(t)
	}
	path := filepath.Join(oldProfiles, name)
	if !strings.HasSuffix(name, ".gz") {
		return path
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), strings.TrimSuffix(name, ".gz"))
	if err := os.WriteFile(out, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return out
}

// currentControl names the control case: review r57's own profile with
// fields_revision raised to this mytune's (currentProfile), so that it
// stays the current revision whenever a field is added.
const currentControl = "r57-noserver.json at the current fields_revision"

// currentProfile writes r57-noserver.json with this mytune's
// FieldsRevision and returns its path.
func currentProfile(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(oldProfiles, "r57-noserver.json"))
	if err != nil {
		t.Fatal(err)
	}
	var p map[string]any
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatal(err)
	}
	p["fields_revision"] = profile.FieldsRevision
	if data, err = json.Marshal(p); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "current.json")
	if err := os.WriteFile(out, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return out
}
