package mycnf

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Headerless says what happens to option lines that come before any
// [group] header, as in vitess' my.cnf fragments.
type Headerless int

const (
	// HeaderlessInclude takes them as if they were in every requested group.
	HeaderlessInclude Headerless = iota
	// HeaderlessIgnore drops them.
	HeaderlessIgnore
	// HeaderlessError fails, as mysqld does ("Found option without preceding group").
	HeaderlessError
)

// defaultMaxDepth bounds !include nesting; mysqld stops at the same depth
// (mysys/my_default.cc, max_recursion_level = 10).
const defaultMaxDepth = 10

// maxLineBytes bounds one option line; longer lines are an error, not a hang.
const maxLineBytes = 1 << 20

// Config tunes the parser; the zero value behaves like the mysql client
// except that headerless files are accepted.
type Config struct {
	Headerless Headerless
	// MaxDepth bounds !include nesting; 0 means defaultMaxDepth.
	MaxDepth int
	// NoIncludes records !include/!includedir but does not follow them.
	NoIncludes bool
}

// Options is what a parse found in the requested groups.
type Options struct {
	// Files lists every file read, the first one first.
	Files []string
	// Missing lists !include and !includedir targets that did not exist
	// (mysqld skips them silently; a report should say so).
	Missing []string
	// List holds the options in the order read; the last of a name wins.
	List []Option
	// Headers lists every [group] header of the files read, lower-case, in
	// the order first seen, empty groups included (rules infers the
	// target from [galera], [mariadb-10.5] even when they hold nothing).
	Headers []string
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
// ["mysqld","server","mariadb","mariadbd"] for the server. Errors name the
// file and line.
func Parse(path string, groups []string) (Options, error) {
	return ParseConfig(path, groups, Config{})
}

// ParseConfig is Parse with a Config.
func ParseConfig(path string, groups []string, cfg Config) (Options, error) {
	p := newParser(groups, cfg)
	if err := p.readFile(path, 0); err != nil {
		return p.out, err
	}
	return p.out, nil
}

// ParseBytes parses data as if read from the file name; relative includes
// are resolved against name's directory.
func ParseBytes(name string, data []byte, groups []string, cfg Config) (Options, error) {
	p := newParser(groups, cfg)
	p.out.Files = append(p.out.Files, name)
	p.stack = append(p.stack, name)
	err := p.parseData(name, data, 0)
	return p.out, err
}

type parser struct {
	groups map[string]bool
	cfg    Config
	out    Options
	stack  []string // files being read, for include-cycle detection
}

func newParser(groups []string, cfg Config) *parser {
	p := &parser{cfg: cfg}
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

// readFile reads one file unless it would close an include cycle or go
// deeper than the limit.
func (p *parser) readFile(path string, depth int) error {
	if depth > p.cfg.MaxDepth {
		return fmt.Errorf("reading option file %s: !include nested deeper than %d files: flatten the includes", path, p.cfg.MaxDepth)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	for _, s := range p.stack {
		if s == abs {
			return fmt.Errorf("reading option file %s: include cycle (%s): remove the !include that loops back", path, strings.Join(append(p.stack, abs), " -> "))
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("reading option file %s: %w", path, err)
	}
	p.out.Files = append(p.out.Files, path)
	p.stack = append(p.stack, abs)
	defer func() { p.stack = p.stack[:len(p.stack)-1] }()
	return p.parseData(path, data, depth)
}

// lineState is the group context while scanning one file.
type lineState struct {
	group     string
	inGroup   bool
	seenGroup bool
}

// parseData scans the lines of one file.
func (p *parser) parseData(file string, data []byte, depth int) error {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), maxLineBytes)
	st := lineState{inGroup: p.cfg.Headerless == HeaderlessInclude}
	n := 0
	for sc.Scan() {
		n++
		if err := p.parseLine(file, n, sc.Text(), &st, depth); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s:%d: reading line: %w", file, n+1, err)
	}
	return nil
}

// parseLine handles one line: comment, directive, group header or option.
func (p *parser) parseLine(file string, n int, line string, st *lineState, depth int) error {
	t := strings.TrimSpace(strings.TrimPrefix(line, "\ufeff"))
	switch {
	case t == "" || t[0] == '#' || t[0] == ';':
		return nil
	case t[0] == '!':
		return p.directive(file, n, t, depth)
	case t[0] == '[':
		end := strings.IndexByte(t, ']')
		if end < 0 {
			return fmt.Errorf("%s:%d: group header %q has no closing ']': write it as [mysqld]", file, n, t)
		}
		st.group = strings.ToLower(strings.TrimSpace(t[1:end]))
		st.seenGroup = true
		p.addHeader(st.group)
		st.inGroup = p.groups == nil || p.groups[st.group]
		return nil
	}
	if !st.seenGroup && p.cfg.Headerless == HeaderlessError {
		return fmt.Errorf("%s:%d: option %q comes before any [group] header: add one such as [mysqld]", file, n, t)
	}
	if !st.inGroup {
		return nil
	}
	p.addOption(file, n, t, st.group)
	return nil
}

// addHeader records a group header once.
func (p *parser) addHeader(g string) {
	for _, h := range p.out.Headers {
		if h == g {
			return
		}
	}
	p.out.Headers = append(p.out.Headers, g)
}

// addOption splits "name [= value]" and records it.
func (p *parser) addOption(file string, n int, t, group string) {
	t = strings.TrimSpace(stripEndComment(t))
	raw, value, has := strings.Cut(t, "=")
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return
	}
	if has {
		value = unquote(strings.TrimSpace(value))
	}
	if strings.EqualFold(strings.ReplaceAll(raw, "-", "_"), "set_variable") && has {
		// MySQL 4 syntax: set-variable = name=value.
		if r2, v2, ok := strings.Cut(value, "="); ok {
			raw, value = strings.TrimSpace(r2), strings.TrimSpace(v2)
		}
	}
	name, val, hasVal, loose := normaliseName(raw, value, has)
	p.out.List = append(p.out.List, Option{
		Name: name, Value: val, HasValue: hasVal, Raw: raw, Loose: loose,
		Group: group, File: file, Line: n,
	})
}

// directive follows !include FILE and !includedir DIR. Relative paths are
// taken from the including file's directory. Missing targets are recorded
// and skipped, as mysqld does.
func (p *parser) directive(file string, n int, t string, depth int) error {
	word, arg := t, ""
	if i := strings.IndexAny(t, " \t"); i > 0 {
		word, arg = t[:i], t[i+1:]
	}
	arg = strings.TrimSpace(arg)
	word = strings.ToLower(word)
	if word != "!include" && word != "!includedir" {
		return fmt.Errorf("%s:%d: unknown directive %q: only !include and !includedir exist", file, n, word)
	}
	if arg == "" {
		return fmt.Errorf("%s:%d: %s needs a path", file, n, word)
	}
	if !filepath.IsAbs(arg) {
		arg = filepath.Join(filepath.Dir(file), arg)
	}
	if p.cfg.NoIncludes {
		p.out.Missing = append(p.out.Missing, arg+" (not followed)")
		return nil
	}
	if word == "!include" {
		return p.include(file, n, arg, depth)
	}
	return p.includeDir(file, n, arg, depth)
}

func (p *parser) include(file string, n int, path string, depth int) error {
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		p.out.Missing = append(p.out.Missing, path)
		return nil
	}
	if err := p.readFile(path, depth+1); err != nil {
		return fmt.Errorf("%s:%d: !include: %w", file, n, err)
	}
	return nil
}

// includeDir reads the *.cnf files of dir in name order (MySQL manual,
// "Using Option Files": only files ending in .cnf are read on Unix).
func (p *parser) includeDir(file string, n int, dir string, depth int) error {
	ents, err := os.ReadDir(dir)
	if err != nil {
		p.out.Missing = append(p.out.Missing, dir)
		return nil
	}
	names := make([]string, 0, len(ents))
	for _, e := range ents {
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".cnf") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for _, name := range names {
		if err := p.readFile(filepath.Join(dir, name), depth+1); err != nil {
			return fmt.Errorf("%s:%d: !includedir: %w", file, n, err)
		}
	}
	return nil
}
