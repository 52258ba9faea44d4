//go:build unix

package installed

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadRunsOnlyTrustedBinaries: a root probe ran any mysqld it found
// in /opt/*/bin, and a script nobody owned there ran as uid 0 (review
// r15). A binary another user owns, or one in a directory any user (or a
// group other than root's) may change, is now a gap and never run; one
// of this user in its own directories still runs.
func TestReadRunsOnlyTrustedBinaries(t *testing.T) {
	const mysql = "/usr/sbin/mysqld  Ver 8.4.8 for Linux on x86_64 (MySQL Community Server - GPL)"
	type setup func(t *testing.T, bin, dir string)
	cases := []struct {
		name  string
		setup setup
		ran   bool
		why   string
	}{
		{"this user's binary in its own directories", func(*testing.T, string, string) {}, true, ""},
		{"a directory any user may change", func(t *testing.T, _, dir string) { chmod(t, dir, 0o777) }, false, "any user may change"},
		{"a binary any user may change", func(t *testing.T, bin, _ string) { chmod(t, bin, 0o757) }, false, "any user may change"},
	}
	if os.Geteuid() == 0 { // CI runs as root: another owner and group can be made
		cases = append(cases, []struct {
			name  string
			setup setup
			ran   bool
			why   string
		}{
			{"another user's binary", func(t *testing.T, bin, _ string) { chown(t, bin, 65534, 65534) }, false, "belongs to uid 65534"},
			{"a directory another group may change", func(t *testing.T, _, dir string) {
				chmod(t, dir, 0o775)
				chown(t, dir, 0, 12345)
			}, false, "group 12345 may change"},
		}...)
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			bin := fakeBin(t, root, "opt/app/bin/mysqld", mysql)
			tc.setup(t, bin, filepath.Dir(bin))
			var ran []string
			run := func(_ context.Context, p string) (string, error) { ran = append(ran, p); return mysql + "\n", nil }
			_, gaps := Read(context.Background(), Options{Root: root, PATH: "/nonexistent", Run: run})
			if (len(ran) > 0) != tc.ran {
				t.Errorf("ran %q, want run: %v (gaps %+v)", ran, tc.ran, gaps)
			}
			if !tc.ran && (len(gaps) != 1 || !strings.Contains(gaps[0].Reason, tc.why)) {
				t.Errorf("gaps %+v, want one saying %q", gaps, tc.why)
			}
		})
	}
}

func chmod(t *testing.T, p string, m os.FileMode) {
	t.Helper()
	if err := os.Chmod(p, m); err != nil {
		t.Fatal(err)
	}
}

func chown(t *testing.T, p string, uid, gid int) {
	t.Helper()
	if err := os.Chown(p, uid, gid); err != nil {
		t.Fatal(err)
	}
}
