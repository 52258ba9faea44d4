package host

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestCountCPUList(t *testing.T) {
	cases := []struct {
		name, list string
		want       int
		bad        bool
	}{
		{"one CPU", "0", 1, false},
		{"a range", "0-1", 2, false},
		{"ranges and singles", "0-3,8,10-11", 7, false},
		{"empty", "", 0, true},
		{"backwards range", "3-1", 0, true},
		{"not a number", "a-b", 0, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := countCPUList(tc.list)
			if (err != nil) != tc.bad || got != tc.want {
				t.Errorf("countCPUList(%q) = %d, %v; want %d, error %v", tc.list, got, err, tc.want, tc.bad)
			}
		})
	}
}

// TestReadAllowedCPUs reads a status file as proc(5) prints it (the lines
// around Cpus_allowed_list copied from this machine's /proc/self/status).
func TestReadAllowedCPUs(t *testing.T) {
	cases := []struct {
		name, status string
		want         int
		bad          bool
	}{
		{"a 1-CPU cpuset", "Name:\tmytune\nCpus_allowed:\t1\nCpus_allowed_list:\t0\nMems_allowed_list:\t0\n", 1, false},
		{"all of 2", "Name:\tmytune\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n", 2, false},
		{"no such line", "Name:\tmytune\n", 0, false},
		{"garbled", "Cpus_allowed_list:\tx\n", 0, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			if err := os.MkdirAll(filepath.Join(root, "self"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(root, "self", "status"), []byte(tc.status), 0o644); err != nil {
				t.Fatal(err)
			}
			var c profile.CPU
			err := readAllowedCPUs(Roots{Proc: root}, &c)
			if (err != nil) != tc.bad || c.AllowedCPUs != tc.want {
				t.Errorf("got %d, %v; want %d, error %v", c.AllowedCPUs, err, tc.want, tc.bad)
			}
		})
	}
	if err := readAllowedCPUs(Roots{Proc: t.TempDir()}, &profile.CPU{}); err == nil {
		t.Error("a missing status file must be an error (a gap)")
	}
}
