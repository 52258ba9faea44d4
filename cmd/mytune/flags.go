package main

import (
	"strings"
	"time"

	"github.com/mytune/mytune/profile"
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

// parseBytes reads a size setting: plain bytes or a K/M/G/T suffix, with
// or without "iB"/"B" (256MiB, 256M, 1G, 268435456). Suffixes are binary.
func (a *app) parseBytes(key string) (uint64, error) {
	s := strings.TrimSpace(a.v.GetString(key))
	t := strings.TrimSuffix(strings.TrimSuffix(s, "B"), "i")
	n, err := profile.ParseSize(t)
	if err != nil || s == "" {
		return 0, usagef("--%s=%q is not a size: write it like 256MiB, 1GiB or 268435456", key, s)
	}
	if n == 0 {
		return 0, usagef("--%s must be more than 0", key)
	}
	return n, nil
}

// checkFormat refuses a --format the command does not offer.
func (a *app) checkFormat(command string, allowed ...string) (string, error) {
	f := strings.ToLower(strings.TrimSpace(a.v.GetString("format")))
	for _, ok := range allowed {
		if f == ok {
			return f, nil
		}
	}
	return "", usagef("--format %q is not offered by %s: choose one of %s", f, command, strings.Join(allowed, ", "))
}
