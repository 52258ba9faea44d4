package host

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mytune/mytune/profile"
)

// readIdentity fills hostname, kernel release and the distribution name.
// Hostname and release come from <proc>/sys/kernel (what uname(2) reports);
// the distribution from os-release as this process sees its root
// (<proc>/self/root/etc/os-release, os-release(5)).
func readIdentity(r Roots, h *profile.Host) error {
	var errs []error
	var err error
	if h.Hostname, err = readTrimmed(filepath.Join(r.Proc, "sys", "kernel", "hostname")); err != nil {
		errs = append(errs, err)
	}
	if h.Kernel, err = readTrimmed(filepath.Join(r.Proc, "sys", "kernel", "osrelease")); err != nil {
		errs = append(errs, err)
	}
	if pretty := osPrettyName(filepath.Join(r.Proc, "self", "root", "etc", "os-release")); pretty != "" {
		h.OS += " (" + pretty + ")"
	}
	if len(errs) > 0 {
		return fmt.Errorf("hostname or kernel release unknown: %w", errors.Join(errs...))
	}
	return nil
}

// readTrimmed reads a small text file and trims blanks, newlines and NULs.
func readTrimmed(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", path, err)
	}
	return strings.Trim(string(b), " \t\r\n\x00"), nil
}

// osPrettyName returns PRETTY_NAME (else NAME) from an os-release file, "" if absent.
func osPrettyName(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	vals := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		k, v, ok := strings.Cut(strings.TrimSpace(sc.Text()), "=")
		if ok {
			vals[k] = strings.Trim(v, `"'`)
		}
	}
	if vals["PRETTY_NAME"] != "" {
		return vals["PRETTY_NAME"]
	}
	return vals["NAME"]
}
