package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// toolPackages names the package that installs each program the lines
// run (Debian 12 package names, packages.debian.org; mysqlsh from MySQL's
// APT repository, xtrabackup from Percona's).
var toolPackages = map[string]string{
	"myloader": "mydumper", "mysqlsh": "mysql-shell", "mysql": "mariadb-client or mysql-client",
	"mariadb": "mariadb-client", "mariadb-backup": "mariadb-backup", "mariabackup": "mariadb-backup",
	"xtrabackup": "percona-xtrabackup-80 (Percona's repository)", "gunzip": "gzip", "zstd": "zstd",
	"mbstream": "mariadb-backup", "xbstream": "percona-xtrabackup-80", "qpress": "qpress",
}

// zstdLoaderMin is the first myloader that reads zstd data files (0.15:
// mydumper pull request #1152; zstdLoaderNote).
var zstdLoaderMin = profile.Version{Major: 0, Minor: 15}

// toolWarnings says which of the plan's lines call a program this machine
// does not have on PATH, and which call one of another version than the
// dump or backup needs: the lines as printed would fail when pasted here.
// Nothing when the profile does not say what PATH holds (no dump named
// now, or saved by a mytune that did not look).
func toolWarnings(p *profile.Profile, o Options, cmds []string) []string {
	if p.Tools == nil {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	if clientStandIn(p, o) {
		seen["mysql"] = true // the lines call mariadb (useClientStandIn): nothing to warn about
	}
	for _, c := range cmds {
		for _, name := range linePrograms(c) {
			_, found, searched := p.Tools.Lookup(name)
			if !searched || found || seen[name] {
				continue
			}
			seen[name] = true
			out = append(out, missingToolWarning(p.Tools, name))
		}
	}
	if w := backupToolVersionWarning(p, o, seen); w != "" {
		out = append(out, w)
	}
	if w := zstdLoaderWarning(p, cmds); w != "" {
		out = append(out, w)
	}
	return out
}

// missingToolWarning says that name is not on PATH and what installs it;
// the mysql client's name has the mariadb client as its stand-in (MariaDB
// 11.0 moved the mysql-named links into mariadb-client-compat, MariaDB
// server pull request #2390).
func missingToolWarning(t *profile.Tools, name string) string {
	w := fmt.Sprintf("%s is not installed on this machine (not on PATH): the restore lines below run it and would stop at "+
		"\"%s: command not found\"; install it first (Debian/Ubuntu package %s) or run them on a machine that has it", name, name, toolPackages[name])
	if alt, ok, _ := t.Lookup("mariadb"); name == "mysql" && ok {
		w += fmt.Sprintf(", or type mariadb for mysql in them (%s is the same client: MariaDB 11 packages name it so)", alt.Path)
	}
	return w
}

// linePrograms are the programs a printed line runs: the first word of
// each part of a pipeline (a | inside quotes is not a pipe).
func linePrograms(line string) []string {
	var out []string
	for _, sp := range programSpans(line) {
		out = append(out, line[sp[0]:sp[1]])
	}
	return out
}

// programSpans are the byte ranges of linePrograms' words in line.
func programSpans(line string) [][2]int {
	var out [][2]int
	var quote rune
	start := true
	for i, r := range line {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '\'' || r == '"':
			quote = r
		case r == '|':
			start = true
		case start && r != ' ':
			end := len(line)
			if j := strings.IndexAny(line[i:], " |"); j >= 0 {
				end = i + j
			}
			out, start = append(out, [2]int{i, end}), false
		}
	}
	return out
}

// backupToolVersionWarning says when this machine's backup tool is of
// another series than the one that took the backup: a --prepare reads the
// redo log format of its own series (MariaDB 10.8 changed it, MDEV-14425;
// Percona's "Server version and backup version comparison": use the
// XtraBackup of the source server's major version). A target of another
// series than the backup's has its own warning (backupVersionWarning),
// which names the tool too.
func backupToolVersionWarning(p *profile.Profile, o Options, missing map[string]bool) string {
	b := p.Backup
	if b == nil || b.Prepared() || backupVersionWarning(p, o) != "" {
		return ""
	}
	name := backupTool(b)
	tool, found, _ := p.Tools.Lookup(name)
	have, okHave := profile.ParseVersion(tool.Version)
	tookBy := b.ToolVersion
	if tookBy == "" {
		tookBy = b.ServerVersion
	}
	took, okTook := profile.ParseVersion(tookBy)
	if !found || missing[name] || !okHave || !okTook || (have.Major == took.Major && have.Minor == took.Minor) {
		return ""
	}
	return fmt.Sprintf("this backup was taken by %s %s (server %s), and this machine's %s is %s (%s): a --prepare reads the "+
		"redo log of its own series only (MariaDB changed the format in 10.8; XtraBackup wants the source server's major "+
		"version), so run the prepare with %s %d.%d and copy back with it too", orAny(b.Tool), tookBy, orAny(b.ServerVersion),
		name, tool.Version, tool.Path, name, took.Major, took.Minor)
}

// zstdLoaderWarning says when the myloader on PATH is older than the
// first that reads a zstd dump (zstdLoaderNote: it skips the files and
// still finishes, the tables empty).
func zstdLoaderWarning(p *profile.Profile, cmds []string) string {
	d := p.Dump
	if d == nil || d.Compression != "zstd" || d.Format != "mydumper" {
		return ""
	}
	tool, found, _ := p.Tools.Lookup("myloader")
	v, ok := profile.ParseVersion(tool.Version)
	if !found || !ok || v.Compare(zstdLoaderMin) >= 0 || !runsProgram(cmds, "myloader") {
		return ""
	}
	return fmt.Sprintf("this machine's myloader is %s (%s), which reads gzip only: it would skip this dump's .zst data files "+
		"and still finish, leaving the tables empty; install myloader 0.15 or newer (mydumper's GitHub releases) before running the lines",
		tool.Version, tool.Path)
}

// runsProgram reports whether one of cmds runs name.
func runsProgram(cmds []string, name string) bool {
	for _, c := range cmds {
		for _, n := range linePrograms(c) {
			if n == name {
				return true
			}
		}
	}
	return false
}

// clientStandIn reports whether the lines should call the mariadb client
// where they say mysql: this machine has mariadb on PATH but not mysql
// (MariaDB 11.0 moved the mysql-named links into mariadb-client-compat,
// MariaDB server pull request #2390) and the target is MariaDB, which its
// own client reaches (a MySQL target keeps mysql: its default
// caching_sha2_password needs a client plugin the mariadb client may lack).
func clientStandIn(p *profile.Profile, o Options) bool {
	_, hasMySQL, searched := p.Tools.Lookup("mysql")
	_, hasMaria, _ := p.Tools.Lookup("mariadb")
	return searched && !hasMySQL && hasMaria && targetOf(p, o).IsMariaDB()
}

// useClientStandIn rewrites the lines that run the mysql client to run
// mariadb where clientStandIn says so, with a note saying why.
func useClientStandIn(p *profile.Profile, o Options, plan *Plan) {
	if !clientStandIn(p, o) || !runsProgram(plan.Commands, "mysql") {
		return
	}
	for i, c := range plan.Commands {
		plan.Commands[i] = renameProgram(c, "mysql", "mariadb")
	}
	plan.Notes = append(plan.Notes, "the lines call the mariadb client: this machine has no mysql on PATH (MariaDB 11 packages "+
		"ship that name only in mariadb-client-compat), and mariadb is the same client for a MariaDB target")
}

// renameProgram is line with each pipeline part that runs from run to
// instead (the first word only; quoted text is left alone).
func renameProgram(line, from, to string) string {
	spans := programSpans(line)
	for k := len(spans) - 1; k >= 0; k-- {
		if sp := spans[k]; line[sp[0]:sp[1]] == from {
			line = line[:sp[0]] + to + line[sp[1]:]
		}
	}
	return line
}
