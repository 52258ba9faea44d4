package probe

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// copyConfD copies testdata/debian-confd/mariadb.conf.d into a temporary
// directory and returns the copy's path.
func copyConfD(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "mariadb.conf.d")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"50-server.cnf", "99-local.cnf"} {
		b, err := os.ReadFile(filepath.Join("testdata/debian-confd/mariadb.conf.d", n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, n), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestMyCnfPlacement: a --mycnf file in an option directory names the
// directory and the files read after it; a world-writable one is flagged
// (QA 14: lines appended to 50-server.cnf were undone by 99-local.cnf).
func TestMyCnfPlacement(t *testing.T) {
	confd := copyConfD(t)
	plain := filepath.Join(t.TempDir(), "my.cnf")
	ww := filepath.Join(t.TempDir(), "ww.cnf")
	for _, p := range []string{plain, ww} {
		if err := os.WriteFile(p, []byte("[mysqld]\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(ww, 0o666); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, path, dir string
		later           []string
		ww              bool
	}{
		{"Debian 50-server.cnf: 99-local.cnf after it", filepath.Join(confd, "50-server.cnf"), confd, []string{"99-local.cnf"}, false},
		{"the last file of the directory", filepath.Join(confd, "99-local.cnf"), confd, nil, false},
		{"a plain my.cnf", plain, "", nil, false},
		{"world-writable", ww, "", nil, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pl := myCnfPlacement(tc.path)
			if pl.ConfDir != tc.dir || !slices.Equal(pl.Later, tc.later) || pl.WorldWritable != tc.ww {
				t.Errorf("got %+v, want dir %q later %v world-writable %v", pl, tc.dir, tc.later, tc.ww)
			}
		})
	}
}

// TestConfDirOrderWithMariadbd: what the placement says holds for mariadbd
// --print-defaults: a line appended to 50-server.cnf loses to
// 99-local.cnf, one in zz-mytune.cnf wins.
func TestConfDirOrderWithMariadbd(t *testing.T) {
	if _, err := os.Stat("/usr/sbin/mariadbd"); err != nil {
		t.Skip("mariadbd not installed")
	}
	cases := []struct{ name, file, want string }{
		{"appended to 50-server.cnf: 99-local.cnf wins", "50-server.cnf", "--innodb_io_capacity=300"},
		{"in zz-mytune.cnf: it wins", "zz-mytune.cnf", "--innodb_io_capacity=2000"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			confd := copyConfD(t)
			f, err := os.OpenFile(filepath.Join(confd, tc.file), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := f.WriteString("\n[mysqld]\ninnodb_io_capacity = 2000\n"); err != nil {
				t.Fatal(err)
			}
			f.Close()
			top := filepath.Join(filepath.Dir(confd), "my.cnf")
			if err := os.WriteFile(top, []byte("!includedir "+confd+"/\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command("/usr/sbin/mariadbd", "--defaults-file="+top, "--print-defaults").CombinedOutput()
			if err != nil {
				t.Fatalf("mariadbd --print-defaults: %v\n%s", err, out)
			}
			fields := strings.Fields(string(out))
			last := ""
			for _, w := range fields {
				if strings.HasPrefix(w, "--innodb_io_capacity=") {
					last = w
				}
			}
			if last != tc.want {
				t.Errorf("last innodb_io_capacity %q, want %q: %s", last, tc.want, out)
			}
		})
	}
}
