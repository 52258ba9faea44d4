package probe

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/usage"
)

// TestLoadProfileSaysWhatToDo: a --from file that cannot be read, or is a
// calibration, is a usage error that says what to give instead (review r8:
// advise --from nonexist.json said only "cannot read profile
// nonexist.json: no such file or directory"; --from cal.json only `not a
// mytune profile (schema "mytune.calibrate.dump/v1")`).
func TestLoadProfileSaysWhatToDo(t *testing.T) {
	dir := t.TempDir()
	cal := filepath.Join(dir, "cal.json")
	if err := os.WriteFile(cal, []byte(`{"schema": "mytune.calibrate.dump/v1"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, path, want string }{
		{"missing file", filepath.Join(dir, "nonexist.json"), "no such file or directory: give a file saved with `mytune probe --format json --out FILE`"},
		{"a directory", dir, "give a file saved with `mytune probe --format json --out FILE`"},
		{"a calibration", cal, "advise takes it with --calibration FILE"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadProfile(context.Background(), c.path, nil)
			if err == nil || !usage.Is(err) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("LoadProfile(%s) = %v, want a usage error containing %q", c.path, err, c.want)
			}
		})
	}
}
