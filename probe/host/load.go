package host

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// ReadLoad reads the load average (<Proc>/loadavg) and, where present, the
// I/O and CPU pressure (<Proc>/pressure/io and cpu, Linux 4.20+ with PSI).
// A missing pressure directory is no error (older kernels, PSI off, most
// containers); an unreadable or malformed loadavg is.
func ReadLoad(ctx context.Context, r Roots) (profile.Load, error) {
	var l profile.Load
	if err := ctx.Err(); err != nil {
		return l, fmt.Errorf("reading the load average: %w", err)
	}
	path := filepath.Join(r.Proc, "loadavg")
	b, err := os.ReadFile(path)
	if err != nil {
		return l, fmt.Errorf("reading %s: %w", path, err)
	}
	if l.Load1, l.Load5, l.Load15, err = parseLoadavg(string(b)); err != nil {
		return l, fmt.Errorf("%s: %w", path, err)
	}
	for _, res := range []struct {
		name string
		dst  **profile.Pressure
	}{{"io", &l.IO}, {"cpu", &l.CPU}} {
		p, err := readPressure(filepath.Join(r.Proc, "pressure", res.name))
		if err != nil {
			return l, err
		}
		*res.dst = p
	}
	return l, nil
}

// parseLoadavg reads the three averages of /proc/loadavg
// ("0.52 0.58 0.59 1/467 12345", proc(5)).
func parseLoadavg(s string) (l1, l5, l15 float64, err error) {
	f := strings.Fields(s)
	if len(f) < 3 {
		return 0, 0, 0, fmt.Errorf("want three load averages, got %q", strings.TrimSpace(s))
	}
	var vs [3]float64
	for i := range vs {
		if vs[i], err = strconv.ParseFloat(f[i], 64); err != nil {
			return 0, 0, 0, fmt.Errorf("load average %q: %w", f[i], err)
		}
	}
	return vs[0], vs[1], vs[2], nil
}

// readPressure reads the "some" line of one PSI file
// ("some avg10=0.12 avg60=0.05 avg300=0.01 total=123456", kernel
// Documentation/accounting/psi.rst); nil without error when the file is
// absent or the kernel refuses it (PSI compiled in but off: EOPNOTSUPP).
func readPressure(path string) (*profile.Pressure, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) || err != nil && strings.Contains(err.Error(), "not supported") {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) > 0 && f[0] == "some" {
			return parsePressure(path, f[1:])
		}
	}
	return nil, fmt.Errorf("%s has no \"some\" line", path)
}

// parsePressure reads the key=value fields of a PSI "some" line.
func parsePressure(path string, fields []string) (*profile.Pressure, error) {
	p := &profile.Pressure{}
	for _, kv := range fields {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return nil, fmt.Errorf("%s: malformed field %q", path, kv)
		}
		var err error
		switch k {
		case "avg10":
			p.SomeAvg10, err = strconv.ParseFloat(v, 64)
		case "avg60":
			p.SomeAvg60, err = strconv.ParseFloat(v, 64)
		case "total":
			p.SomeTotalUS, err = strconv.ParseUint(v, 10, 64)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %s=%q: %w", path, k, v, err)
		}
	}
	return p, nil
}
