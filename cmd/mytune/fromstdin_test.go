package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFromStdin: --from - reads the profile from stdin, as compare's "-"
// does (review r17: advise said "cannot read profile -: no such file or
// directory"); the advice is the one the file gives.
func TestFromStdin(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	path := filepath.Join(renderTestdata, "ssd-vm.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"advise", "--format", "cnf", "--target", "mariadb-10.11"},
		{"rules", "explain", "io.capacity", "--target", "mariadb-10.11"},
	} {
		t.Run(strings.Join(args[:2], " "), func(t *testing.T) {
			var fromFile, fromStdin, stderr bytes.Buffer
			if code := run(append(append([]string{}, args...), "--from", path), nil, &fromFile, &stderr); code != 0 {
				t.Fatalf("--from FILE: exit %d: %s", code, stderr.String())
			}
			if code := run(append(append([]string{}, args...), "--from", "-"), bytes.NewReader(data), &fromStdin, &stderr); code != 0 {
				t.Fatalf("--from -: exit %d: %s", code, stderr.String())
			}
			if fromStdin.String() != fromFile.String() {
				t.Errorf("--from - gave\n%s\n--from FILE gave\n%s", fromStdin.String(), fromFile.String())
			}
		})
	}
}
