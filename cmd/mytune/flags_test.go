package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"
)

// TestParseFlagSize: decimal units are powers of 10 (CONTRACT.md: MB are
// 10^6 bytes), IEC units and a bare K/M/G/T powers of 2.
func TestParseFlagSize(t *testing.T) {
	cases := []struct {
		name    string
		in      string
		want    uint64
		wantErr bool
	}{
		{"plain bytes", "268435456", 268435456, false},
		{"MB is decimal", "100MB", 100_000_000, false},
		{"kB is decimal", "500kB", 500_000, false},
		{"GB is decimal", "2GB", 2_000_000_000, false},
		{"TB is decimal", "1TB", 1_000_000_000_000, false},
		{"MiB is binary", "100MiB", 100 << 20, false},
		{"GiB is binary", "1GiB", 1 << 30, false},
		{"KiB is binary", "64KiB", 64 << 10, false},
		{"bare M is binary as in my.cnf", "256M", 256 << 20, false},
		{"bare G is binary", "1G", 1 << 30, false},
		{"lower case mb is decimal", "100mb", 100_000_000, false},
		{"fraction", "1.5GB", 1_500_000_000, false},
		{"bytes with B", "4096B", 4096, false},
		{"space before the unit", "64 MiB", 64 << 20, false},
		{"unknown unit", "100XB", 0, true},
		{"no number", "MB", 0, true},
		{"banana", "banana", 0, true},
		{"overflow", "20000000TiB", 0, true},
		// review r6: "-1" was told 'unit "-1" is not one of B, kB, …'
		{"negative", "-1", 0, true},
		{"negative with a unit", "-256MiB", 0, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := parseFlagSize(c.in)
			if (err != nil) != c.wantErr || got != c.want {
				t.Errorf("parseFlagSize(%q) = %d, %v; want %d, error %v", c.in, got, err, c.want, c.wantErr)
			}
			if strings.HasPrefix(c.in, "-") && (err == nil || !strings.Contains(err.Error(), "is negative") || strings.Contains(err.Error(), "unit")) {
				t.Errorf("parseFlagSize(%q) error %v, want it to say the size is negative, not name a unit", c.in, err)
			}
		})
	}
}

// TestProbeOptionsMaxBytes: --max-bytes is a hard cap in the unit written;
// 64MB (64 x 10^6 bytes) is below the 64 MiB minimum.
func TestProbeOptionsMaxBytes(t *testing.T) {
	cases := []struct {
		name    string
		value   string
		want    uint64
		wantErr string
	}{
		{"100MB is 10^8 bytes", "100MB", 100_000_000, ""},
		{"64MiB is the minimum", "64MiB", 64 << 20, ""},
		{"64MB is below the minimum", "64MB", 0, "below the 64 MiB minimum"},
		{"not a size", "12 parsecs", 0, "is not a size"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := &app{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &bytes.Buffer{}, v: viper.New()}
			cmd := &cobra.Command{Use: "x"}
			addProbeFlags(cmd)
			if err := cmd.Flags().Parse([]string{"--max-bytes", c.value}); err != nil {
				t.Fatal(err)
			}
			if err := a.v.BindPFlags(cmd.Flags()); err != nil {
				t.Fatal(err)
			}
			o, err := a.probeOptions()
			switch {
			case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
				t.Errorf("error %v, want one containing %q", err, c.wantErr)
			case c.wantErr == "" && err != nil:
				t.Errorf("error %v", err)
			case c.wantErr == "" && o.MaxBytes != c.want:
				t.Errorf("MaxBytes %d, want %d", o.MaxBytes, c.want)
			}
		})
	}
}
