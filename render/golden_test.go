package render

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/mytune/mytune/profile"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ from the current output")

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatalf("writing golden %s: %v", path, err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading golden %s (run with -update to create it): %v", path, err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run with -update and review the diff)\n--- got ---\n%s", path, got)
	}
}

// loadProfile reads a profile from testdata.
func loadProfile(t *testing.T, name string) *profile.Profile {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	var p profile.Profile
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return &p
}

// checkWidth fails for any line wider than w visible cells.
func checkWidth(t *testing.T, out string, w int) {
	t.Helper()
	for i, l := range strings.Split(out, "\n") {
		if n := ansi.StringWidth(l); n > w {
			t.Errorf("line %d is %d cells wide (max %d): %q", i+1, n, w, ansi.Strip(l))
		}
	}
}

// hasEscape reports whether s holds an ANSI escape introducer.
func hasEscape(s string) bool { return strings.ContainsRune(s, '\x1b') }

func TestProfileTextGolden(t *testing.T) {
	cases := []struct {
		name, in string
		width    int
	}{
		{"ssd at 80 columns", "ssd-vm.json", 80},
		{"sd card at 80 columns", "sdcard-pi.json", 80},
		{"unmeasured with gaps", "unmeasured.json", 80},
		{"sd card at 100 columns", "sdcard-pi.json", 100},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Profile(&buf, loadProfile(t, c.in), Options{Format: "text", Width: c.width}); err != nil {
				t.Fatal(err)
			}
			out := buf.String()
			if hasEscape(out) {
				t.Errorf("colour off but the output holds escape codes")
			}
			checkWidth(t, out, c.width)
			golden(t, strings.TrimSuffix(c.in, ".json")+"."+itoa(c.width)+".txt.golden", out)
		})
	}
}

func TestProfileTextColor(t *testing.T) {
	for _, in := range []string{"ssd-vm.json", "sdcard-pi.json", "unmeasured.json"} {
		t.Run(in, func(t *testing.T) {
			var color, plain bytes.Buffer
			p := loadProfile(t, in)
			if err := Profile(&color, p, Options{Format: "text", Color: true, Width: 80}); err != nil {
				t.Fatal(err)
			}
			if err := Profile(&plain, p, Options{Format: "text", Width: 80}); err != nil {
				t.Fatal(err)
			}
			if !hasEscape(color.String()) {
				t.Fatalf("colour on but no escape code in the output")
			}
			checkWidth(t, color.String(), 80)
			if got := ansi.Strip(color.String()); got != plain.String() {
				t.Errorf("colour output, stripped, differs from the plain output:\n%s", got)
			}
		})
	}
}

func TestProfileTextLightBackground(t *testing.T) {
	p := loadProfile(t, "sdcard-pi.json")
	var dark, light bytes.Buffer
	if err := Profile(&dark, p, Options{Format: "text", Color: true}); err != nil {
		t.Fatal(err)
	}
	if err := Profile(&light, p, Options{Format: "text", Color: true, LightBackground: true}); err != nil {
		t.Fatal(err)
	}
	if dark.String() == light.String() {
		t.Error("light and dark backgrounds got the same colours")
	}
	if ansi.Strip(dark.String()) != ansi.Strip(light.String()) {
		t.Error("the background changed the text, not only its colours")
	}
}

func TestProfileJSONRoundTrip(t *testing.T) {
	p := loadProfile(t, "ssd-vm.json")
	var buf bytes.Buffer
	if err := Profile(&buf, p, Options{Format: "json"}); err != nil {
		t.Fatal(err)
	}
	var back profile.Profile
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatalf("json output does not parse: %v", err)
	}
	for _, key := range []string{`"schema": "mytune.profile/v1"`, `"rand_write": [`, `"p50_us": 170`, `"class": "ssd"`} {
		if !strings.Contains(buf.String(), key) {
			t.Errorf("json output lacks %s", key)
		}
	}
	if back.Storage.Fsync.P99US != 420 || len(back.Storage.RandWrite) != 5 {
		t.Errorf("round trip lost data: %+v", back.Storage.Fsync)
	}
}

func TestProfileBadFormat(t *testing.T) {
	err := Profile(&bytes.Buffer{}, loadProfile(t, "ssd-vm.json"), Options{Format: "yaml"})
	if err == nil || !strings.Contains(err.Error(), `"yaml"`) {
		t.Fatalf("want an error naming the format, got %v", err)
	}
}

// itoa is strconv.Itoa for small test numbers.
func itoa(n int) string { return strconv.Itoa(n) }
