package mycnf

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"syscall"
	"testing"
)

// TestIncludeDirUnreadable: an !includedir this user may not read (a
// non-root mytune, a 0700 directory) is no proof that the server, which
// runs as its own user, refuses to start; a missing one is (review r10:
// as user dba, !includedir of a root 0700 directory was a crit "will not
// start" and "create the directory", which exists).
func TestIncludeDirUnreadable(t *testing.T) {
	pathErr := func(e error) error { return &os.PathError{Op: "open", Path: "/etc/mysql/priv.d", Err: e} }
	cases := []struct {
		name        string
		err         error
		wantRefuses bool
		want        []string
		notWant     string
	}{
		{"permission denied", pathErr(syscall.EACCES), false,
			[]string{"this user may not read /etc/mysql/priv.d", "not part of this advice", "run mytune as root"}, "create the directory"},
		{"operation not permitted", pathErr(syscall.EPERM), false, []string{"this user may not read"}, "create the directory"},
		{"missing", pathErr(syscall.ENOENT), true, []string{"refuse to start", "create the directory"}, "this user"},
		{"not a directory", pathErr(syscall.ENOTDIR), true, []string{"refuse to start"}, "this user"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text, refuses := includeDirUnreadable("/etc/mysql/priv.d", "/etc/mysql/priv.d", c.err)
			if refuses != c.wantRefuses {
				t.Errorf("refuses = %v, want %v: %s", refuses, c.wantRefuses, text)
			}
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("%q lacks %q", text, w)
				}
			}
			if strings.Contains(text, c.notWant) {
				t.Errorf("%q says %q", text, c.notWant)
			}
		})
	}
}

// TestIncludeFileUnreadable: an included file this user may not read says
// its settings are unseen here, not that the server skips it.
func TestIncludeFileUnreadable(t *testing.T) {
	cases := []struct {
		err  error
		want string
	}{
		{&os.PathError{Op: "open", Path: "/etc/mysql/conf.d/a.cnf", Err: syscall.EACCES}, "not part of this advice"},
		{fs.ErrPermission, "run mytune as root or the server's user"},
		{errors.New("input/output error"), "the server skips it too"},
	}
	for _, c := range cases {
		if got := includeFileUnreadable(c.err); !strings.Contains(got, c.want) {
			t.Errorf("includeFileUnreadable(%v) = %q, want it to say %q", c.err, got, c.want)
		}
	}
}

// TestIncludeMissing: review r10, as user dbard, '!include
// /var/tmp/scr-rd/cnf/priv.d/a.cnf' with priv.d root 0700 said the file
// 'does not exist; the server skips it silently': it exists, and the
// server, as its own user, may read it.
func TestIncludeMissing(t *testing.T) {
	const path = "/etc/mysql/priv.d/a.cnf"
	cases := []struct {
		name          string
		err           error
		want, notWant string
	}{
		{"directory not enterable", &os.PathError{Op: "stat", Path: path, Err: syscall.EACCES}, "this user may not reach " + path, "does not exist"},
		{"missing", &os.PathError{Op: "stat", Path: path, Err: syscall.ENOENT}, "does not exist; the server skips it silently", "this user"},
	}
	for _, c := range cases {
		got := includeMissing(path, path, c.err)
		if !strings.Contains(got, c.want) || strings.Contains(got, c.notWant) {
			t.Errorf("%s: %q, want %q, not %q", c.name, got, c.want, c.notWant)
		}
	}
}
