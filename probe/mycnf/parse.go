package mycnf

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Headerless says what happens to option lines that come before any
// [group] header, as in vitess' my.cnf fragments. mysqld and mariadbd
// refuse such a file ("Found option without preceding group"), so every
// treatment also records a refusing Warning.
type Headerless int

const (
	// HeaderlessInclude takes them as if they were in every requested group.
	HeaderlessInclude Headerless = iota
	// HeaderlessIgnore drops them.
	HeaderlessIgnore
	// HeaderlessError fails, as mysqld does ("Found option without preceding group").
	HeaderlessError
)

// defaultMaxDepth bounds !include nesting; mysqld skips a directive in a
// file at that depth with a warning (mysys/my_default.cc and MariaDB
// mysys/my_default.c, max_recursion_level = 10).
const defaultMaxDepth = 10

// serverLineBytes is how much of a line mysqld reads at once: it reads
// with fgets(buff, sizeof(buff) - 1) into a 4096-byte buffer, so a longer
// line is read as several lines (mysys/my_default.cc,
// search_default_file_with_ext).
const serverLineBytes = 4096 - 2

// maxFileReads bounds how many files one parse reads: includes that loop
// are followed to the depth limit as the server does, but a directory
// that includes itself would otherwise be read 10^10 times.
const maxFileReads = 2000

// maxFileBytes bounds one option file; a larger file is an error, not a hang.
const maxFileBytes = 16 << 20

// Config tunes the parser; the zero value behaves like the server except
// that headerless files are read (with a warning).
type Config struct {
	Headerless Headerless
	// MaxDepth bounds !include nesting; 0 means defaultMaxDepth.
	MaxDepth int
	// NoIncludes records !include/!includedir but does not follow them.
	NoIncludes bool
	// WorkDir is the directory relative !include and !includedir paths are
	// taken from: the server opens them as given, so from its own working
	// directory (mysys/my_default.cc fn_format with no directory). ""
	// means the current directory.
	WorkDir string
	// Strict turns a warning that the server (or client) refuses the file
	// into an error naming file:line, as a client reading its
	// --defaults-file wants.
	Strict bool
	// Home expands a leading "~/" in include paths as the server does
	// (fn_format MY_UNPACK_FILENAME); "" means $HOME.
	Home string
}

// Options is what a parse found in the requested groups.
type Options struct {
	// Files lists every file read, the first one first (a file read twice
	// through includes is listed once).
	Files []string
	// Missing lists !include targets that did not exist (mysqld skips
	// them silently; a report should say so).
	Missing []string
	// List holds the options in the order read; the last of a name wins.
	List []Option
	// Headers lists every group header seen, lower-case, in order, empty
	// groups included ([galera], [mariadb-10.11]).
	Headers []string
	// Warnings are the places where the server reads the file otherwise
	// than a plain reading would, or refuses it.
	Warnings []Warning
}

// Get returns the last option of that (normalised) name and whether there is one.
func (o Options) Get(name string) (Option, bool) {
	for i := len(o.List) - 1; i >= 0; i-- {
		if o.List[i].Name == name {
			return o.List[i], true
		}
	}
	return Option{}, false
}

// Parse reads the option file at path, following !include and !includedir,
// and returns the options of the given groups (case-insensitive; nil means
// every group). Groups are e.g. ["client","mysql"] for the client or
// ServerGroups for the server. Only an unreadable top file is an error;
// what the server would refuse is a Warning.
func Parse(path string, groups []string) (Options, error) {
	return ParseConfig(path, groups, Config{})
}

// ParseConfig is Parse with a Config.
func ParseConfig(path string, groups []string, cfg Config) (Options, error) {
	p := newParser(groups, cfg)
	if err := p.readTop(path); err != nil {
		return p.out, err
	}
	return p.out, p.strictErr()
}

// strictErr is the first refusing warning as an error under Config.Strict.
func (p *parser) strictErr() error {
	if !p.cfg.Strict {
		return nil
	}
	for _, w := range p.out.Warnings {
		if w.Refuses && w.Flavor == "" {
			return fmt.Errorf("%s", w)
		}
	}
	return nil
}

// ParseBytes parses data as if read from the file name; relative includes
// are resolved against cfg.WorkDir.
func ParseBytes(name string, data []byte, groups []string, cfg Config) (Options, error) {
	p := newParser(groups, cfg)
	p.out.Files = append(p.out.Files, name)
	if err := p.parseData(name, data, 0); err != nil {
		return p.out, err
	}
	return p.out, p.strictErr()
}

type parser struct {
	groups map[string]bool
	cfg    Config
	out    Options
	read   map[string]bool // files already listed in out.Files
	reads  int             // files read so far, for maxFileReads
}

func newParser(groups []string, cfg Config) *parser {
	p := &parser{cfg: cfg, read: map[string]bool{}}
	if p.cfg.MaxDepth <= 0 {
		p.cfg.MaxDepth = defaultMaxDepth
	}
	if groups != nil {
		p.groups = make(map[string]bool, len(groups))
		for _, g := range groups {
			p.groups[strings.ToLower(strings.TrimSpace(g))] = true
		}
	}
	return p
}

// warn records a warning; refuses says the server would not start.
func (p *parser) warn(file string, line int, flavor string, refuses bool, format string, a ...any) {
	p.out.Warnings = append(p.out.Warnings, Warning{File: file, Line: line, Flavor: flavor,
		Refuses: refuses, Text: fmt.Sprintf(format, a...)})
}

// readTop reads the file named on the command line: it must exist.
func (p *parser) readTop(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return fmt.Errorf("reading option file %s: %w", path, err)
	}
	if fi.IsDir() {
		return fmt.Errorf("reading option file %s: it is a directory: pass the my.cnf file itself", path)
	}
	// The file named on the command line must be read: skipping it, as
	// the server skips an unreadable include, would advise an empty file.
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrPermission) {
			return fmt.Errorf("reading option file %s: %w: run mytune as a user who can read it (root, or the server's own user)", path, err)
		}
		return fmt.Errorf("reading option file %s: %w", path, err)
	}
	f.Close()
	return p.readFile(path, 0)
}

// readFile reads one file as the server does: a world-writable file is
// ignored, an unreadable one skipped (readTop has made sure the top file
// can be read: only an include is skipped).
func (p *parser) readFile(path string, depth int) error {
	fi, err := os.Stat(path)
	if err != nil {
		p.out.Missing = append(p.out.Missing, path)
		return nil
	}
	if fi.Mode().IsRegular() && fi.Mode().Perm()&0o002 != 0 {
		p.warn(path, 0, "", false, "the file is world-writable, so mysqld and mariadbd ignore it "+
			"(\"World-writable config file is ignored\"): nothing in it is read; chmod o-w it")
		return nil
	}
	if fi.Size() > maxFileBytes {
		return fmt.Errorf("reading option file %s: %d bytes, more than the %d MiB mytune reads of one option file (a my.cnf holds a few KiB): "+
			"give the option file the server reads, or move what does not belong in it elsewhere", path, fi.Size(), maxFileBytes>>20)
	}
	if p.reads++; p.reads > maxFileReads {
		return fmt.Errorf("reading option file %s: more than %d files read: the !include/!includedir lines loop; remove the one that loops back", path, maxFileReads)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		p.warn(path, 0, "", false, "%s", includeFileUnreadable(err))
		return nil
	}
	if !p.read[path] {
		p.read[path] = true
		p.out.Files = append(p.out.Files, path)
	}
	return p.parseData(path, data, depth)
}

// serverLines splits data the way mysqld reads it: fgets pieces of at
// most serverLineBytes bytes, each keeping its '\n', and a C string ends
// at a NUL byte.
func serverLines(data []byte) []string {
	var out []string
	for len(data) > 0 {
		n := len(data)
		if i := strings.IndexByte(string(data[:min(n, serverLineBytes)]), '\n'); i >= 0 {
			n = i + 1
		} else if n > serverLineBytes {
			n = serverLineBytes
		}
		line := string(data[:n])
		if i := strings.IndexByte(line, 0); i >= 0 {
			line = line[:i]
		}
		out = append(out, line)
		data = data[n:]
	}
	return out
}

// lineState is the group context while scanning one file.
type lineState struct {
	group          string
	inGroup        bool
	seenGroup      bool
	warnedNoHeader bool
}

// parseData scans the lines of one file.
func (p *parser) parseData(file string, data []byte, depth int) error {
	st := lineState{inGroup: p.cfg.Headerless == HeaderlessInclude}
	if len(data) >= 3 && string(data[:3]) == "\ufeff" {
		p.warn(file, 1, "", true, "the file starts with a UTF-8 byte-order mark, which mysqld and mariadbd read as "+
			"an option before any [group] and refuse the file: save it without a BOM")
		data = data[3:]
	}
	for i, line := range serverLines(data) {
		if len(line) == serverLineBytes && !strings.HasSuffix(line, "\n") {
			p.warn(file, i+1, "", false, "line longer than %d bytes: the server reads the rest as a new line", serverLineBytes)
		}
		if err := p.parseLine(file, i+1, line, &st, depth); err != nil {
			return err
		}
	}
	return nil
}

// isSpace is my_isspace for the ASCII bytes of latin1.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// trimSpace trims the bytes isSpace names.
func trimSpace(s string) string { return strings.Trim(s, " \t\n\v\f\r") }

// parseLine handles one line: comment, directive, group header or option.
func (p *parser) parseLine(file string, n int, line string, st *lineState, depth int) error {
	t := strings.TrimLeft(line, " \t\n\v\f\r")
	switch {
	case t == "" || t[0] == '#' || t[0] == ';':
		return nil
	case t[0] == '!':
		return p.directive(file, n, t, depth)
	case t[0] == '[':
		p.header(file, n, t, st)
		return nil
	}
	if !st.seenGroup {
		if p.cfg.Headerless == HeaderlessError {
			return fmt.Errorf("%s:%d: option %q comes before any [group] header: add one such as [mysqld]", file, n, shownLine(t))
		}
		if !st.warnedNoHeader {
			st.warnedNoHeader = true
			p.warn(file, n, "", true, "option %q comes before any [group] header: mysqld and mariadbd refuse the file "+
				"(\"Found option without preceding group\"); add [mysqld] above it", shownLine(t))
		}
	}
	if !st.inGroup {
		return nil
	}
	p.addOption(file, n, t, st.group)
	return nil
}

// header reads "[name]": the name runs to the first ']' with trailing (not
// leading) blanks removed, and anything after ']' is ignored.
func (p *parser) header(file string, n int, t string, st *lineState) {
	end := strings.IndexByte(t[1:], ']')
	if end < 0 {
		p.warn(file, n, "", true, "group header %q has no closing ']': mysqld and mariadbd refuse the file "+
			"(\"Wrong group definition\"); write it as [mysqld]", trimSpace(t))
		return
	}
	raw := strings.TrimRight(t[1:1+end], " \t\n\v\f\r")
	st.group = strings.ToLower(raw)
	st.seenGroup = true
	st.inGroup = p.groups == nil || p.groups[st.group]
	p.addHeader(st.group)
	if raw != strings.TrimSpace(raw) {
		p.warn(file, n, "", false, "group header %q has a blank after '[': the server reads it as group %q, "+
			"which no server reads; write [%s]", trimSpace(t), raw, strings.TrimSpace(raw))
	}
}

// addHeader records a group header once, in the order first seen.
func (p *parser) addHeader(g string) {
	for _, h := range p.out.Headers {
		if h == g {
			return
		}
	}
	p.out.Headers = append(p.out.Headers, g)
}

// addOption splits "name [= value]" as mysqld does and records it.
func (p *parser) addOption(file string, n int, t, group string) {
	full := trimSpace(t)
	t = stripEndComment(t)
	if i := len(t); i < len(full) && i > 0 && !isSpace(t[i-1]) {
		p.warn(file, n, "", false, "in %q the '#' starts a comment although it is glued to the value: the server reads "+
			"only %q; quote the value if the '#' belongs to it", shownLine(full), shownLine(t))
	}
	raw, value, has := strings.Cut(t, "=")
	raw = strings.TrimRight(raw, " \t\n\v\f\r")
	if has {
		value = unquote(trimSpace(value))
	}
	if raw == "" {
		p.warn(file, n, "", true, "option line %q has no name: mysqld and mariadbd refuse it", shownLine(t))
		return
	}
	if strings.EqualFold(strings.ReplaceAll(raw, "-", "_"), "set_variable") {
		p.warn(file, n, "", true, "%q is MySQL 4 syntax that MySQL 5.5+ and MariaDB no longer know: "+
			"mysqld and mariadbd refuse to start (\"unknown variable 'set-variable=…'\"); write the setting as %s; "+
			"it is not applied here", trimSpace(t), setVariableFix(value))
		return
	}
	o := newOption(raw, value, has)
	o.Group, o.File, o.Line = group, file, n
	p.out.List = append(p.out.List, o)
}

// setVariableFix is the modern spelling of a set-variable value.
func setVariableFix(value string) string {
	if k, v, ok := strings.Cut(value, "="); ok {
		return strings.TrimSpace(k) + " = " + strings.TrimSpace(v)
	}
	return "name = value"
}

// resolve makes an include path absolute as the server would open it:
// "~/" from the home directory, a relative path from the working directory.
func (p *parser) resolve(path string) string {
	if rest, ok := strings.CutPrefix(path, "~/"); ok {
		home := p.cfg.Home
		if home == "" {
			home, _ = os.UserHomeDir()
		}
		return filepath.Join(home, rest)
	}
	if filepath.IsAbs(path) {
		return path
	}
	wd := p.cfg.WorkDir
	if wd == "" {
		wd, _ = os.Getwd()
	}
	return filepath.Join(wd, path)
}
