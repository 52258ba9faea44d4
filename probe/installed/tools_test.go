package installed

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadTools: fake PATH trees under a root give each program's path
// (the first PATH directory holding it, as the shell finds it) and its
// version, whatever stream --version prints on; a program missing is
// searched and not found; a versionless one is found but never run.
func TestReadTools(t *testing.T) {
	stderrBin := func(t *testing.T, root, rel, out string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("#!/bin/sh\necho '"+out+"' >&2\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name  string
		setup func(t *testing.T, root string)
		want  string // "name path version" joined by |
		gaps  int
	}{
		{"debian 12: myloader 0.10, the client twice, mariadb-backup on stderr", func(t *testing.T, root string) {
			fakeBin(t, root, "usr/bin/myloader", "myloader 0.10.0, built against MySQL 10.11.14")
			fakeBin(t, root, "usr/bin/mariadb", "mariadb  Ver 15.1 Distrib 10.11.19-MariaDB, for debian-linux-gnu (x86_64) using  EditLine wrapper")
			if err := os.Symlink("mariadb", filepath.Join(root, "usr/bin/mysql")); err != nil {
				t.Fatal(err)
			}
			stderrBin(t, root, "usr/bin/mariadb-backup", "mariadb-backup based on MariaDB server 10.11.19-MariaDB debian-linux-gnu (x86_64)")
		}, "myloader /usr/bin/myloader 0.10.0|mysql /usr/bin/mysql 10.11.19|mariadb /usr/bin/mariadb 10.11.19|mariadb-backup /usr/bin/mariadb-backup 10.11.19", 0},
		{"the first PATH directory wins: a newer myloader in /usr/local/bin", func(t *testing.T, root string) {
			fakeBin(t, root, "usr/local/bin/myloader", "myloader v0.16.1-1, built against MySQL 8.0.36 with SSL support")
			fakeBin(t, root, "usr/bin/myloader", "myloader 0.10.0, built against MySQL 10.11.14")
		}, "myloader /usr/local/bin/myloader 0.16.1", 0},
		{"xtrabackup and mysqlsh", func(t *testing.T, root string) {
			fakeBin(t, root, "usr/bin/xtrabackup", "xtrabackup version 8.0.35-30 based on MySQL server 8.0.35 Linux (x86_64) (revision id: 6beb4b49)")
			fakeBin(t, root, "usr/bin/mysqlsh", "mysqlsh   Ver 8.0.35 for Linux on x86_64 - for MySQL 8.0.35 (MySQL Community Server (GPL))")
		}, "mysqlsh /usr/bin/mysqlsh 8.0.35|xtrabackup /usr/bin/xtrabackup 8.0.35", 0},
		{"a versionless tool is found, not run", func(t *testing.T, root string) {
			fakeBin(t, root, "usr/bin/mbstream", "mbstream: unknown option '--version'")
		}, "mbstream /usr/bin/mbstream ", 0},
		{"a loader printing no version is a gap, still found", func(t *testing.T, root string) {
			fakeBin(t, root, "usr/bin/myloader", "Segmentation fault")
		}, "myloader /usr/bin/myloader ", 1},
		{"nothing installed", func(t *testing.T, root string) {}, "", 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			tc.setup(t, root)
			got, gaps := ReadTools(context.Background(), Options{Root: root, PATH: "/usr/local/bin:relative/bin:/usr/bin"},
				ToolNames, VersionlessTools)
			var s []string
			for _, f := range got.Found {
				s = append(s, f.Name+" "+f.Path+" "+f.Version)
			}
			if strings.Join(s, "|") != tc.want {
				t.Errorf("found %q, want %q", strings.Join(s, "|"), tc.want)
			}
			if len(gaps) != tc.gaps {
				t.Errorf("gaps %+v, want %d", gaps, tc.gaps)
			}
			if len(got.Searched) != len(ToolNames)+len(VersionlessTools) {
				t.Errorf("searched %q", got.Searched)
			}
		})
	}
}

// TestReadToolsLive: this machine's mariadb-backup (installed by
// scripts/install-deps.sh) prints its version on stderr and is read; a
// missing one fails under CI, where install-deps ran.
func TestReadToolsLive(t *testing.T) {
	if _, err := os.Stat("/usr/bin/mariadb-backup"); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("/usr/bin/mariadb-backup missing under CI: scripts/install-deps.sh installs it")
		}
		t.Skip("/usr/bin/mariadb-backup not installed")
	}
	got, gaps := ReadTools(context.Background(), Options{PATH: "/usr/bin"}, []string{"mariadb-backup"}, nil)
	if len(got.Found) != 1 || !strings.HasPrefix(got.Found[0].Version, "10.") {
		t.Errorf("found %+v, gaps %+v: want mariadb-backup 10.x", got.Found, gaps)
	}
}
