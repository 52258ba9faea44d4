package installed

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"github.com/mytune/mytune/profile"
)

// ToolNames are the programs the restore plans' lines run
// (advisor/threads: commands.go, physical.go, physicallayout.go): the
// loaders, the clients and the physical backup tools, whose versions
// matter; VersionlessTools are looked for but not run.
var ToolNames = []string{"myloader", "mysqlsh", "mysql", "mariadb", "mariadb-backup", "mariabackup", "xtrabackup"}

// VersionlessTools are the decompressors and stream extractors the lines
// pipe through: present or not is all a plan needs of them (mbstream
// 10.11 has no --version: "unknown option").
var VersionlessTools = []string{"gunzip", "zstd", "mbstream", "xbstream", "qpress"}

// versionRe is the first x.y.z of a --version line: "myloader 0.10.0, …",
// "myloader v0.16.1-1, …", "mariadb-backup based on MariaDB server
// 10.11.19-MariaDB …", "xtrabackup version 8.0.35-30 based on …",
// "mysqlsh   Ver 8.0.35 for Linux …", "mariadb  Ver 15.1 Distrib
// 10.11.19-MariaDB, …" (the client's own 15.1 has two parts: skipped).
var versionRe = regexp.MustCompile(`(\d+\.\d+\.\d+)`)

// ReadTools finds each of names and versionless on PATH (as the shell
// would: the first directory holding an executable of that name) under
// o.Root, and asks each of names its --version. It never fails: a program
// not run becomes a gap ("tools") and is listed found without a version.
func ReadTools(ctx context.Context, o Options, names, versionless []string) (*profile.Tools, []profile.Gap) {
	if o.Run == nil {
		o.Run = runVersion
	}
	if o.PATH == "" {
		o.PATH = os.Getenv("PATH")
	}
	t := &profile.Tools{Searched: append(append([]string{}, names...), versionless...), Found: []profile.Tool{}}
	var gaps []profile.Gap
	for i, name := range t.Searched {
		shown, real, ok := onPath(o, name)
		if !ok {
			continue
		}
		tool := profile.Tool{Name: name, Path: shown}
		if i < len(names) {
			var reason string
			tool.Version, tool.Line, reason = toolVersion(ctx, o, shown, real)
			if reason != "" {
				gaps = append(gaps, profile.Gap{Probe: "tools", Reason: reason})
			}
		}
		t.Found = append(t.Found, tool)
	}
	return t, gaps
}

// toolVersion runs real --version unless its files may be someone
// else's, and returns the version and line it printed, or why not.
func toolVersion(ctx context.Context, o Options, shown, real string) (version, line, reason string) {
	resolved, _ := executable(real)
	why := untrusted(filepath.Dir(real)) // the link's own folder, then the file it names
	if why == "" {
		why = untrusted(resolved)
	}
	if why != "" {
		return "", "", fmt.Sprintf("%s was not run: %s (its version is not checked against the dump's)", shown, why)
	}
	text, err := o.Run(ctx, real)
	if err != nil {
		return "", "", fmt.Sprintf("%s --version failed: %v (its version is not checked against the dump's)", shown, err)
	}
	line = firstLine(text)
	if m := versionRe.FindStringSubmatch(line); m != nil {
		return m[1], line, ""
	}
	return "", line, fmt.Sprintf("%s --version printed no version (%q)", shown, line)
}

// onPath is the first executable named name in o.PATH's absolute
// directories, as shown (PATH's own spelling) and as found under o.Root.
func onPath(o Options, name string) (shown, real string, ok bool) {
	root := o.Root
	if root == "" {
		root = "/"
	}
	for _, d := range filepath.SplitList(o.PATH) {
		if !filepath.IsAbs(d) {
			continue // a relative entry depends on the working folder the lines run in
		}
		shown = filepath.Join(d, name)
		real = filepath.Join(root, shown)
		if _, isExec := executable(real); isExec {
			return shown, real, true
		}
	}
	return "", "", false
}
