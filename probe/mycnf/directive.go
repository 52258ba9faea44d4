package mycnf

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// directive handles a line starting with '!' as mysqld and mariadbd do
// (mysys/my_default.cc and MariaDB mysys/my_default.c,
// search_default_file_with_ext): blanks may follow the '!'; the keywords
// "includedir" and "include" are case-sensitive and must be followed by a
// blank; any other directive is ignored. t is the line from the '!' on,
// with its '\n' if it had one.
func (p *parser) directive(file string, n int, t string, depth int) error {
	if depth >= p.cfg.MaxDepth {
		p.warn(file, n, "", false, "%q is skipped: includes nest deeper than %d files, where the server stops "+
			"following them too (\"maximum include recursion level was reached\")", trimSpace(t), p.cfg.MaxDepth)
		return nil
	}
	rest := strings.TrimLeft(t[1:], " \t\n\v\f\r")
	for _, kw := range []string{"includedir", "include"} {
		if !strings.HasPrefix(rest, kw) || len(rest) <= len(kw) || !isSpace(rest[len(kw)]) {
			continue
		}
		arg, ok := directiveArgument(rest[len(kw):])
		if !ok {
			p.warn(file, n, "", true, "!%s has no path: mysqld and mariadbd refuse the file (\"Wrong '!%s' directive\")", kw, kw)
			return nil
		}
		if p.cfg.NoIncludes {
			p.out.Missing = append(p.out.Missing, arg+" (not followed)")
			return nil
		}
		if kw == "include" {
			return p.include(file, n, arg, depth)
		}
		return p.includeDir(file, n, arg, depth)
	}
	p.warn(file, n, "", false, "%q is not !include or !includedir: the server ignores the line, and so does this reading", trimSpace(t))
	return nil
}

// directiveArgument is the path after an include keyword exactly as the
// server's get_argument() cuts it: leading blanks skipped, then the last
// byte (meant to be fgets' '\n') and the blanks before it dropped. So on
// a last line with no newline the server loses the path's last character.
// ok is false when nothing is left, which the server refuses.
func directiveArgument(s string) (string, bool) {
	ptr := strings.TrimLeft(s, " \t\n\v\f\r")
	end := len(ptr) - 1
	for end-1 >= 0 && isSpace(ptr[end-1]) {
		end--
	}
	if end <= 0 {
		return "", false
	}
	return ptr[:end], true
}

// include follows !include FILE: a file that does not exist is skipped
// silently by the server; a relative path is opened from the server's
// working directory, not from the including file's folder.
func (p *parser) include(file string, n int, arg string, depth int) error {
	path := p.resolve(arg)
	p.warnRelative(file, n, arg, path)
	if _, err := os.Stat(path); err != nil {
		p.out.Missing = append(p.out.Missing, path)
		p.warn(file, n, "", false, "%s", includeMissing(arg, path, err))
		return nil
	}
	return p.readFile(path, depth+1)
}

// warnRelative says when a relative include depends on the working
// directory, and names the file the author probably meant.
func (p *parser) warnRelative(file string, n int, arg, path string) {
	if filepath.IsAbs(arg) || strings.HasPrefix(arg, "~/") {
		return
	}
	beside := filepath.Join(filepath.Dir(file), arg)
	msg := "the relative path %q is opened from the server's working directory (/ when systemd starts it), " +
		"not from this file's folder; here it is %s; write the absolute path"
	if beside != path {
		if _, err := os.Stat(beside); err == nil {
			msg += " (" + beside + " exists but is not what the server reads)"
		}
	}
	p.warn(file, n, "", false, msg, arg, path)
}

// includeDir reads the *.cnf files of dir in byte order of their names
// (my_dir sorts; only ".cnf" on Unix, f_extensions). A directory that
// cannot be read makes the server refuse the file ("Can't read dir of").
func (p *parser) includeDir(file string, n int, arg string, depth int) error {
	dir := p.resolve(arg)
	p.warnRelative(file, n, arg, dir)
	ents, err := os.ReadDir(dir)
	if err != nil {
		p.out.Missing = append(p.out.Missing, dir)
		text, refuses := includeDirUnreadable(arg, dir, err)
		p.warn(file, n, "", refuses, "%s", text)
		return nil
	}
	names := make([]string, 0, len(ents))
	for _, e := range ents {
		if filepath.Ext(e.Name()) == ".cnf" && !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	for _, name := range names {
		if err := p.readFile(filepath.Join(dir, name), depth+1); err != nil {
			return err
		}
	}
	return nil
}

// includeDirUnreadable is the warning for an !includedir whose directory
// cannot be read, and whether it says the server refuses to start. A
// directory that is missing (or not one) stops the server whoever starts
// it; one this user may not read (EACCES, EPERM) says nothing of the
// server, which runs as another user (mysql, root): its settings are only
// unseen here, so that is no crit.
func includeDirUnreadable(arg, dir string, err error) (string, bool) {
	if errors.Is(err, fs.ErrPermission) {
		return fmt.Sprintf("!includedir %s: this user may not read %s (%v), so the settings in its *.cnf files are not "+
			"part of this advice; mysqld and mariadbd refuse to start only if their own user cannot read it either "+
			"(\"Can't read dir of\"): run mytune as root or the server's user to read it", arg, dir, unwrapPathErr(err)), false
	}
	return fmt.Sprintf("!includedir %s: cannot read %s (%v): mysqld and mariadbd refuse to start "+
		"(\"Can't read dir of\"); create the directory or remove the line", arg, dir, unwrapPathErr(err)), true
}

// includeMissing is the warning for an !include whose file cannot be
// found: one in a directory this user may not enter (EACCES) may exist,
// and the server, as its own user, may read it.
func includeMissing(arg, path string, err error) string {
	if errors.Is(err, fs.ErrPermission) {
		return fmt.Sprintf("!include %s: this user may not reach %s (%v), so its settings are not part of this advice; "+
			"the server reads it if its own user may: run mytune as root or the server's user to read it", arg, path, unwrapPathErr(err))
	}
	return fmt.Sprintf("!include %s: %s does not exist; the server skips it silently, so nothing in it is read", arg, path)
}

// includeFileUnreadable is the warning for an included file that cannot
// be read: the server skips such a file, but one this user may not read
// (EACCES) the server's own user may well read.
func includeFileUnreadable(err error) string {
	if errors.Is(err, fs.ErrPermission) {
		return fmt.Sprintf("this user may not read it (%v), so its settings are not part of this advice; the server "+
			"reads it if its own user may (it skips it only if not): run mytune as root or the server's user to read it", unwrapPathErr(err))
	}
	return fmt.Sprintf("cannot be read (%v); the server skips it too when it cannot open it", err)
}

// unwrapPathErr drops the path an *os.PathError repeats.
func unwrapPathErr(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
