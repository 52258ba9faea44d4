package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestCalibrateMaxBytesHoldsABatchPerStep: a --max-bytes whose share per
// step cannot hold one batch is refused up front (exit 2). It ran, inserted
// no row in any step and exited 0 with "no usable curve" (--max-bytes 1k).
// The socket does not exist, so options that pass fail to connect (exit 1).
func TestCalibrateMaxBytesHoldsABatchPerStep(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	cases := []struct {
		name     string
		args     []string
		wantCode int
		want     string
	}{
		{"1k is not a batch a step", []string{"--max-bytes", "1k"}, exitUsage, "less than one batch (100 rows of 192 bytes): give at least 96000 bytes"},
		{"one byte short of a batch a step", []string{"--max-bytes", "95999"}, exitUsage, "19199 bytes, less than one batch"},
		{"a batch a step", []string{"--max-bytes", "96000"}, exitFailed, "connecting to the server to calibrate"},
		{"smaller batches fit", []string{"--max-bytes", "1k", "--batch-rows", "1"}, exitFailed, "connecting to the server to calibrate"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"calibrate", "--no-predict", "-S", "/nonexistent/mytune-test.sock"}, c.args...)
			code, _, stderr := runCmd(args...)
			if code != c.wantCode || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, stderr %q: want exit %d and %q", code, stderr, c.wantCode, c.want)
			}
		})
	}
}

// TestCalibrateDumpMaxBytesHoldsAStep: with --dump, --max-bytes caps each
// step, which needs 4 MiB; less is a usage error up front. It was refused
// on the server, exit 1, blaming the datadir's free space ("allows only
// 1.0 KiB of scratch tables … free space on the target first") on a disk
// with 60 GiB free.
func TestCalibrateDumpMaxBytesHoldsAStep(t *testing.T) {
	t.Setenv("MYTUNE_DISCOVERY", "off")
	mydumper := filepath.Join(dumpTestdata, "mydumper-0.10-real")
	cases := []struct {
		name     string
		maxBytes string
		wantCode int
		want     string
	}{
		{"1k", "1k", exitUsage, "--max-bytes 1k: with --dump it caps each step, which needs at least 4.0 MiB"},
		{"4MB is under 4 MiB", "4MB", exitUsage, "needs at least 4.0 MiB"},
		{"4MiB is a step", "4MiB", exitFailed, "connecting to the server to calibrate"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := runCmd("calibrate", "--dump", mydumper, "-S", "/nonexistent/mytune-test.sock", "--max-bytes", c.maxBytes)
			if code != c.wantCode || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "free space") {
				t.Errorf("exit %d, stderr %q: want exit %d and %q", code, stderr, c.wantCode, c.want)
			}
		})
	}
}
