package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// renderTestdata holds the saved profiles the render package's tests use.
const renderTestdata = "../../render/testdata"

func TestCompareCommand(t *testing.T) {
	sd := filepath.Join(renderTestdata, "sdcard-pi.json")
	ssd := filepath.Join(renderTestdata, "ssd-vm.json")
	foreign := filepath.Join(renderTestdata, "foreign.json")
	sdBytes, err := os.ReadFile(sd)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name       string
		args       []string
		stdin      string
		wantCode   int
		wantStdout string // substring
		wantStderr string // substring
	}{
		{"two profiles as text", []string{"compare", sd, ssd}, "", 0, "86x B", ""},
		{"json output", []string{"compare", "--format", "json", sd, ssd}, "", 0, `"schema": "mytune.compare/v1"`, ""},
		{"stdin as one file", []string{"compare", "-", ssd}, string(sdBytes), 0, "sd-card", ""},
		{"one file is not enough", []string{"compare", sd}, "", 2, "", "compare takes 2 to 26 files"},
		{"missing file", []string{"compare", sd, "nope.json"}, "", 2, "", "cannot read nope.json"},
		{"foreign json", []string{"compare", sd, foreign}, "", 2, "", "foreign.json: not a mytune profile"},
		{"format not offered", []string{"compare", "--format", "prom", sd, ssd}, "", 2, "", `--format "prom" is not offered by compare`},
		{"stdin twice", []string{"compare", "-", "-"}, string(sdBytes), 2, "", "only once"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(c.args, strings.NewReader(c.stdin), &stdout, &stderr)
			if code != c.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, c.wantCode, stderr.String())
			}
			if !strings.Contains(stdout.String(), c.wantStdout) {
				t.Errorf("stdout lacks %q:\n%s", c.wantStdout, stdout.String())
			}
			if !strings.Contains(stderr.String(), c.wantStderr) {
				t.Errorf("stderr lacks %q:\n%s", c.wantStderr, stderr.String())
			}
			if strings.ContainsRune(stdout.String(), '\x1b') {
				t.Errorf("stdout is not a terminal, yet it got escape codes")
			}
		})
	}
}

func TestCompareCommandOut(t *testing.T) {
	out := filepath.Join(t.TempDir(), "cmp.json")
	args := []string{"compare", "--format", "json", "--out", out,
		filepath.Join(renderTestdata, "ssd-vm.json"), filepath.Join(renderTestdata, "sdcard-pi.json")}
	var stdout, stderr bytes.Buffer
	if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Items []struct{ Name string } `json:"items"`
	}
	if err := json.Unmarshal(b, &doc); err != nil || len(doc.Items) != 2 || stdout.Len() != 0 {
		t.Fatalf("--out file holds %d items (err %v), stdout %q", len(doc.Items), err, stdout.String())
	}
}
