// Package installed finds the MySQL/MariaDB server binaries installed on
// this host and asks each its version (`mariadbd --version`), so that
// advice made without a reachable server is for the server that will read
// the cnf. It runs each binary with --version only, under a timeout.
package installed

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/mytune/mytune/profile"
)

// versionTimeout bounds one `--version` run: mariadbd 10.11 answers in
// about 20 ms on this project's machine; 5 s only trips on a hung binary
// or filesystem.
const versionTimeout = 5 * time.Second

// Names are the server binaries looked for: mariadbd (MariaDB 10.4+ names
// its server so; MariaDB KB "mariadbd") and mysqld (MySQL, Percona Server,
// and a compatibility symlink on MariaDB packages).
var Names = []string{"mariadbd", "mysqld"}

// Dirs are searched besides PATH: where Debian/Ubuntu/RHEL packages put
// the server (/usr/sbin, /usr/libexec on RHEL), the MySQL tarball layout
// (/usr/local/mysql/bin, MySQL manual "Installing MySQL on Unix/Linux
// Using Generic Binaries") and /opt/*/bin, /opt/*/sbin for vendor builds.
var Dirs = []string{"/usr/sbin", "/usr/libexec", "/usr/local/sbin", "/usr/local/bin", "/usr/bin",
	"/usr/local/mysql/bin", "/usr/local/mariadb/bin", "/opt/*/bin", "/opt/*/sbin"}

// Options says where to look and how to run a binary.
type Options struct {
	// Root prefixes every searched folder ("" or "/" = the live system);
	// tests point it at a tree of fake binaries.
	Root string
	// PATH is the search path (os.Getenv("PATH") when empty).
	PATH string
	// Run runs "path --version" and returns its output; nil runs it.
	Run func(ctx context.Context, path string) (string, error)
}

// Read finds the server binaries and their versions. It never fails: a
// binary that does not answer becomes a gap ("installed").
func Read(ctx context.Context, o Options) ([]profile.InstalledServer, []profile.Gap) {
	if o.Run == nil {
		o.Run = runVersion
	}
	if o.PATH == "" {
		o.PATH = os.Getenv("PATH")
	}
	var out []profile.InstalledServer
	var gaps []profile.Gap
	for _, c := range candidates(o) {
		if why := untrusted(c.real); why != "" {
			gaps = append(gaps, profile.Gap{Probe: "installed", Reason: fmt.Sprintf("%s was not run: %s, so it may not be "+
				"the server's own program; mytune runs only binaries that root or this user owns and no one else may change "+
				"(the target is not guessed from it; pass --target)", c.shown, why)})
			continue
		}
		text, err := o.Run(ctx, c.real)
		if err != nil {
			gaps = append(gaps, profile.Gap{Probe: "installed",
				Reason: fmt.Sprintf("%s --version failed: %v (the target is not guessed from it; pass --target)", c.shown, err)})
			continue
		}
		s, ok := ParseVersionLine(text)
		if !ok {
			gaps = append(gaps, profile.Gap{Probe: "installed",
				Reason: fmt.Sprintf("%s --version printed no version (%q); pass --target", c.shown, firstLine(text))})
			continue
		}
		s.Path = c.shown
		out = append(out, s)
	}
	return out, gaps
}

// candidate is one binary: the path shown to users and the one to run.
type candidate struct{ shown, real string }

// candidates lists the executable server binaries under the root, one per
// real file (Debian's /usr/sbin/mysqld is a symlink to mariadbd).
func candidates(o Options) []candidate {
	root := o.Root
	if root == "" {
		root = "/"
	}
	dirs := append([]string(nil), filepath.SplitList(o.PATH)...)
	for _, d := range Dirs {
		matches, _ := filepath.Glob(filepath.Join(root, d))
		sort.Strings(matches)
		for _, m := range matches {
			rel, err := filepath.Rel(root, m)
			if err == nil {
				dirs = append(dirs, "/"+rel)
			}
		}
	}
	seen := map[string]bool{}
	var out []candidate
	for _, d := range dirs {
		if !filepath.IsAbs(d) {
			continue // a relative PATH entry depends on the working folder: not a server install
		}
		for _, n := range Names {
			shown := filepath.Join(d, n)
			real := filepath.Join(root, shown)
			key, ok := executable(real)
			if !ok || seen[key] {
				continue
			}
			seen[key] = true
			out = append(out, candidate{shown: shown, real: real})
		}
	}
	return out
}

// executable resolves path's symlinks and reports whether it is an
// executable regular file; the resolved path identifies it.
func executable(path string) (string, bool) {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", false
	}
	st, err := os.Stat(real)
	if err != nil || !st.Mode().IsRegular() || st.Mode().Perm()&0o111 == 0 {
		return "", false
	}
	return real, true
}

// versionWaitDelay is how long a killed `--version` run may keep its
// output open: a child it started (a wrapper script's `sleep`) holds the
// pipe after the binary itself is killed, and Output would wait for it.
const versionWaitDelay = time.Second

// runVersion runs "path --version" under versionTimeout.
func runVersion(ctx context.Context, path string) (string, error) {
	return runVersionWithin(ctx, path, versionTimeout)
}

// runVersionWithin runs "path --version", killed after timeout; what it
// started and left holding its output is waited for versionWaitDelay
// more, never longer.
func runVersionWithin(ctx context.Context, path string, timeout time.Duration) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, path, "--version")
	cmd.WaitDelay = versionWaitDelay
	out, stderr := &cappedBuffer{max: versionMaxBytes}, &cappedBuffer{max: versionMaxBytes}
	cmd.Stdout, cmd.Stderr = out, stderr
	err := cmd.Run()
	switch {
	case out.over || stderr.over:
		return "", fmt.Errorf("it printed more than %d KiB, which no server's --version does: "+
			"it may not be the server's program", versionMaxBytes>>10)
	case ctx.Err() != nil:
		return "", fmt.Errorf("no answer within %s: %w", timeout, ctx.Err())
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) && stderr.buf.Len() > 0 {
		return "", fmt.Errorf("%w: %s", err, firstLine(stderr.String()))
	}
	if errors.Is(err, fs.ErrPermission) {
		return "", fmt.Errorf("not allowed to run it: %w", err)
	}
	if err == nil && strings.TrimSpace(out.String()) == "" {
		return stderr.String(), nil // mariadb-backup 10.11 prints its version on stderr, exit 0
	}
	return out.String(), err
}

// ParseVersionLine reads what `mysqld --version` prints:
// "/usr/sbin/mariadbd  Ver 10.11.19-MariaDB-0+deb12u1 for debian-linux-gnu on x86_64 (Debian 12)",
// "/usr/sbin/mysqld  Ver 8.4.8 for Linux on x86_64 (MySQL Community Server - GPL)" or
// "mysqld  Ver 8.0.32-24 for Linux on x86_64 (Percona Server (GPL), Release '24', …)".
func ParseVersionLine(text string) (profile.InstalledServer, bool) {
	line := firstLine(text)
	f := strings.Fields(line)
	for i := 0; i+1 < len(f); i++ {
		if f[i] != "Ver" {
			continue
		}
		v := f[i+1]
		if _, ok := profile.ParseVersion(v); !ok {
			return profile.InstalledServer{}, false
		}
		return profile.InstalledServer{Flavor: flavorOf(line), Version: v, Line: line}, true
	}
	return profile.InstalledServer{}, false
}

// flavorOf tells MariaDB and Percona Server from MySQL by the words of the
// version line.
func flavorOf(line string) string {
	l := strings.ToLower(line)
	switch {
	case strings.Contains(l, "mariadb"):
		return profile.FlavorMariaDB
	case strings.Contains(l, "percona"):
		return profile.FlavorPercona
	}
	return profile.FlavorMySQL
}

// firstLine is the first non-empty line of s, trimmed.
func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			return l
		}
	}
	return ""
}
