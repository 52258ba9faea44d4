package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/profile"
)

// TestAdviseFromReadsServerOfAnotherHost: advise --from a profile with
// server flags reads that server now; the Raspberry Pi profile of
// render/testdata against a server on this machine was advised from the
// Pi's SD card without a word (review r17). The report's measurement notes
// must say the figures are another host's; a profile of this host and the
// server's datadir gets no such note.
func TestAdviseFromReadsServerOfAnotherHost(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	srv := testmariadb.Shared(t)
	here, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	pi := filepath.Join(renderTestdata, "sdcard-pi.json")
	cases := []struct{ name, from, want string }{
		{"a Pi profile, a server here", pi, "the saved profile was taken on host pi4-kitchen"},
		{"the profile of this host and the server's datadir", hostProfile(t, pi, here, srv.Datadir), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, stderr := runCmd("advise", "--from", c.from, "-S", srv.Socket, "-u", testmariadb.FullUser,
				"--password="+testmariadb.FullPassword, "--format", "json")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			var adv struct {
				Profile profile.Profile `json:"profile"`
			}
			if err := json.Unmarshal([]byte(out), &adv); err != nil {
				t.Fatal(err)
			}
			notes := strings.Join(adv.Profile.Storage.Notes, "\n")
			if noted := strings.Contains(notes, "the saved profile"); noted != (c.want != "") || !strings.Contains(notes, c.want) {
				t.Errorf("storage notes %q: want %q", notes, c.want)
			}
			// the advice saved and advised from again, with the same flags: the note once
			again := filepath.Join(t.TempDir(), "advice.json")
			if err := os.WriteFile(again, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			code, out, stderr = runCmd("advise", "--from", again, "-S", srv.Socket, "-u", testmariadb.FullUser,
				"--password="+testmariadb.FullPassword, "--format", "json")
			if err := json.Unmarshal([]byte(out), &adv); code != 0 || err != nil {
				t.Fatalf("again: exit %d, %v: %s", code, err, stderr)
			}
			if n := strings.Count(strings.Join(adv.Profile.Storage.Notes, "\n"), "the saved profile"); n != min(1, len(c.want)) {
				t.Errorf("advised again from the saved advice: %d such notes in %q", n, adv.Profile.Storage.Notes)
			}
		})
	}
}

// hostProfile writes a copy of the profile at path with its host name and
// measured directory set, and returns the copy's path.
func hostProfile(t *testing.T, path, host, dir string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	doc["host"].(map[string]any)["hostname"] = host
	doc["storage"].(map[string]any)["path"] = dir
	out := filepath.Join(t.TempDir(), "profile.json")
	data, _ = json.Marshal(doc)
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return out
}
