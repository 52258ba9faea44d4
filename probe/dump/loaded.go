package dump

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mytune/mytune/profile"
)

// MaxIgnoredNamed is how many ignored files a note names (the rest are
// counted): enough to spot a stray backup without a page of names.
const MaxIgnoredNamed = 5

// mydumperReads reports whether myloader reads a file of a mydumper dump
// directory: the files the dump names (mydumperNamed) and, as myloader
// 0.10 does, any other file whose name contains ".sql" (myloader.c picks
// data files with g_strrstr(filename, ".sql"): a renamed st.t.sql.bak or
// st.t.sql~ is loaded as rows of st.t, measured by QA on MariaDB 10.11 —
// such files are flagged as loader traps, TrapStrayFile).
func mydumperReads(name string) bool {
	return mydumperNamed(name) || strings.Contains(name, ".sql")
}

// mydumperNamed reports whether a file is one a mydumper dump names: the
// metadata file, and SQL files (plain, .gz or .zst; .dat and .csv for
// newer releases' LOAD DATA dumps) named db.table… or with one of
// mydumper's schema endings (mydumper docs/files.rst, "Output Files").
// Anything else (a stray backup.tar, a renamed orders.sql.orig) is not
// the dump's.
func mydumperNamed(name string) bool {
	if name == "metadata" || name == "metadata.partial" {
		return true
	}
	if classifyMydumper(name).kind != "other" {
		return true
	}
	base := trimCompression(name)
	for _, ext := range []string{".sql", ".dat", ".csv"} {
		if stem, ok := strings.CutSuffix(base, ext); ok {
			for _, s := range mydumperSchemaSuffixes {
				if strings.HasSuffix(stem, s.suffix) && len(stem) > len(s.suffix) {
					return true
				}
			}
		}
	}
	return false
}

// shellReads reports whether util.loadDump reads a file of a MySQL Shell
// dump directory: the @.* files, the .json and .sql of schemas and
// tables, the .idx of chunks, and chunks schema@table….tsv/.csv/.txt
// (plain, .gz or .zst) (MySQL Shell manual, "Instance Dump Utility":
// the dump's files). Anything else it skips.
func shellReads(name string) bool {
	if strings.HasPrefix(name, "@") || strings.HasSuffix(name, ".idx") {
		return true
	}
	base := trimCompression(name)
	switch filepath.Ext(base) {
	case ".json", ".sql":
		return true
	case ".tsv", ".csv", ".txt":
		return strings.Contains(base, "@")
	}
	return false
}

// loadedFiles splits a dump directory's files into those its loader reads
// and a note naming the others (with their size on disk), "" when none:
// they are not the dump, so they do not size the restore.
func loadedFiles(files fileSet, reads func(string) bool, loader string) (fileSet, string) {
	kept := make(fileSet, len(files))
	var ignored []string
	var ignoredBytes uint64
	for name, bytes := range files {
		if reads(name) {
			kept[name] = bytes
			continue
		}
		ignored, ignoredBytes = append(ignored, name), ignoredBytes+bytes
	}
	if len(ignored) == 0 {
		return files, ""
	}
	sort.Strings(ignored)
	named := ignored[:min(len(ignored), MaxIgnoredNamed)]
	for i, n := range named {
		named[i] = fmt.Sprintf("%s (%s)", n, profile.HumanBytes(files[n]))
	}
	more := ""
	if len(ignored) > len(named) {
		more = fmt.Sprintf(" and %d more", len(ignored)-len(named))
	}
	return kept, fmt.Sprintf("%d file(s) here are not the dump's and %s does not read them: %s%s, %s in all; "+
		"left out of the dump's size (move them out of the directory to be sure)", len(ignored), loader,
		strings.Join(named, ", "), more, profile.HumanBytes(ignoredBytes))
}
