package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// parseDuration reads a positive duration setting (flag, env or config).
func (a *app) parseDuration(key string) (time.Duration, error) {
	s := strings.TrimSpace(a.v.GetString(key))
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, usagef("--%s=%q is not a duration: write it like 10s, 1m30s", key, s)
	}
	if d <= 0 {
		return 0, usagef("--%s=%s must be positive, e.g. 10s", key, s)
	}
	return d, nil
}

// parseBytes reads a size setting (flag, env or config) with parseFlagSize.
func (a *app) parseBytes(key string) (uint64, error) {
	s := strings.TrimSpace(a.v.GetString(key))
	n, err := parseFlagSize(s)
	if err != nil {
		return 0, usagef("--%s=%q is not a size (%w): write it like 256MiB, 1GiB, 500MB or 268435456", key, s, err)
	}
	if n == 0 {
		return 0, usagef("--%s must be more than 0", key)
	}
	return n, nil
}

// flagSizeUnits are the suffixes parseFlagSize knows, lower-cased: the IEC
// binary prefixes (KiB = 2^10 bytes, IEC 80000-13) and the SI decimal ones
// (kB = 10^3, MB = 10^6: CONTRACT.md, "MB are 10^6 bytes"); a bare K, M, G or
// T is binary, as mysqld reads sizes (MySQL manual, "Using Options on the
// Command Line"), so --max-bytes 256M stays the 256 MiB it always was.
var flagSizeUnits = map[string]uint64{
	"": 1, "b": 1,
	"k": 1 << 10, "kib": 1 << 10, "kb": 1e3,
	"m": 1 << 20, "mib": 1 << 20, "mb": 1e6,
	"g": 1 << 30, "gib": 1 << 30, "gb": 1e9,
	"t": 1 << 40, "tib": 1 << 40, "tb": 1e12,
}

// parseFlagSize reads a size given to mytune itself: plain bytes, or a
// number with a unit of flagSizeUnits (case-insensitive: 100MB is 10^6 x 100
// bytes, 100MiB and 100M are 2^20 x 100). Server values in a my.cnf or SHOW
// VARIABLES are read with profile.ParseSize, binary as mysqld reads them.
func parseFlagSize(s string) (uint64, error) {
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "-") {
		return 0, fmt.Errorf("%s is negative: a size is 0 or more bytes", t)
	}
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' })
	if i < 0 {
		i = len(t)
	}
	num, unit := t[:i], strings.ToLower(strings.TrimSpace(t[i:]))
	mult, ok := flagSizeUnits[unit]
	if !ok || num == "" {
		return 0, fmt.Errorf("unit %q is not one of B, kB, MB, GB, TB (10^3 steps) or KiB, MiB, GiB, TiB, K, M, G, T (2^10 steps)", t[i:])
	}
	if n, err := strconv.ParseUint(num, 10, 64); err == nil {
		if n > math.MaxUint64/mult {
			return 0, fmt.Errorf("%s overflows 64 bits", s)
		}
		return n * mult, nil
	}
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f*float64(mult) >= math.MaxUint64 {
		return 0, fmt.Errorf("%q is not a number of bytes", num)
	}
	return uint64(f * float64(mult)), nil
}

// checkFormat refuses a --format the command does not offer.
func (a *app) checkFormat(command string) (string, error) {
	allowed := commandFormats[command]
	f := strings.ToLower(strings.TrimSpace(a.v.GetString("format")))
	for _, ok := range allowed {
		if f == ok {
			return f, nil
		}
	}
	return "", usagef("--format %q is not offered by %s: choose one of %s", f, command, strings.Join(allowed, ", "))
}
