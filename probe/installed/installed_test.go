package installed

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// fakeBin writes an executable shell script at root/rel printing out.
func fakeBin(t *testing.T, root, rel, out string) string {
	t.Helper()
	p := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	script := "#!/bin/sh\nprintf '%s\\n' '" + out + "'\n"
	if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestRead: fake server trees under a root give the flavor, version and
// path; a symlink to a found binary counts once; a binary that fails
// becomes a gap; nothing installed gives nothing.
func TestRead(t *testing.T) {
	const maria = "/usr/sbin/mariadbd  Ver 10.11.19-MariaDB-0+deb12u1 for debian-linux-gnu on x86_64 (Debian 12)"
	const mysql = "/usr/sbin/mysqld  Ver 8.4.8 for Linux on x86_64 (MySQL Community Server - GPL)"
	const percona = "/opt/percona/bin/mysqld  Ver 8.0.32-24 for Linux on x86_64 (Percona Server (GPL), Release '24', Revision 'e5c6e9d2')"
	cases := []struct {
		name  string
		setup func(t *testing.T, root string)
		want  []string // "path flavor version"
		gaps  int
	}{
		{"debian mariadb with the mysqld symlink", func(t *testing.T, root string) {
			fakeBin(t, root, "usr/sbin/mariadbd", maria)
			if err := os.Symlink("mariadbd", filepath.Join(root, "usr/sbin/mysqld")); err != nil {
				t.Fatal(err)
			}
		}, []string{"/usr/sbin/mariadbd mariadb 10.11.19-MariaDB-0+deb12u1"}, 0},
		{"mysql 8.4", func(t *testing.T, root string) { fakeBin(t, root, "usr/sbin/mysqld", mysql) },
			[]string{"/usr/sbin/mysqld mysql 8.4.8"}, 0},
		{"percona under /opt", func(t *testing.T, root string) { fakeBin(t, root, "opt/percona/bin/mysqld", percona) },
			[]string{"/opt/percona/bin/mysqld percona 8.0.32-24"}, 0},
		{"a binary printing no version is a gap", func(t *testing.T, root string) {
			fakeBin(t, root, "usr/libexec/mysqld", "Segmentation fault")
		}, nil, 1},
		{"a non-executable file is not a server", func(t *testing.T, root string) {
			p := fakeBin(t, root, "usr/sbin/mysqld", mysql)
			if err := os.Chmod(p, 0o644); err != nil {
				t.Fatal(err)
			}
		}, nil, 0},
		{"nothing installed", func(t *testing.T, root string) {}, nil, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			tc.setup(t, root)
			got, gaps := Read(context.Background(), Options{Root: root, PATH: "/nonexistent"})
			var gotS []string
			for _, s := range got {
				gotS = append(gotS, s.Path+" "+s.Flavor+" "+s.Version)
			}
			if strings.Join(gotS, "|") != strings.Join(tc.want, "|") {
				t.Errorf("got %q, want %q", gotS, tc.want)
			}
			if len(gaps) != tc.gaps {
				t.Errorf("gaps %+v, want %d", gaps, tc.gaps)
			}
		})
	}
}

// TestParseVersionLine: the --version lines of each server.
func TestParseVersionLine(t *testing.T) {
	cases := []struct {
		name, line      string
		flavor, version string
		ok              bool
	}{
		{"mariadb 10.11", "/usr/sbin/mariadbd  Ver 10.11.19-MariaDB-0+deb12u1 for debian-linux-gnu on x86_64 (Debian 12)", profile.FlavorMariaDB, "10.11.19-MariaDB-0+deb12u1", true},
		{"mysql 8.4", "/usr/sbin/mysqld  Ver 8.4.8 for Linux on x86_64 (MySQL Community Server - GPL)", profile.FlavorMySQL, "8.4.8", true},
		{"percona 8.0", "mysqld  Ver 8.0.32-24 for Linux on x86_64 (Percona Server (GPL), Release '24')", profile.FlavorPercona, "8.0.32-24", true},
		{"no Ver", "mysqld: command not found", "", "", false},
		{"Ver without a number", "mysqld Ver unknown", "", "", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, ok := ParseVersionLine(tc.line + "\n")
			if ok != tc.ok || s.Flavor != tc.flavor || s.Version != tc.version {
				t.Errorf("got %+v %v, want %s %s %v", s, ok, tc.flavor, tc.version, tc.ok)
			}
		})
	}
}

// TestReadLive: on this machine (Debian 12 with mariadb-server) the real
// /usr/sbin/mariadbd answers; skipped where it is not installed.
func TestReadLive(t *testing.T) {
	if _, err := os.Stat("/usr/sbin/mariadbd"); err != nil {
		t.Skip("/usr/sbin/mariadbd not installed")
	}
	got, gaps := Read(context.Background(), Options{})
	for _, s := range got {
		if s.Path == "/usr/sbin/mariadbd" && s.Flavor == profile.FlavorMariaDB {
			return
		}
	}
	t.Errorf("/usr/sbin/mariadbd not found: %+v, gaps %+v", got, gaps)
}
