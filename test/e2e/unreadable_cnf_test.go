//go:build unix

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestUnreadableOptionFiles runs as nobody against option files only root
// may read: a file named on the command line (--mycnf, --defaults-file)
// must be read, so mytune stops and says so (exit 2); ~/.my.cnf is
// skipped with a note, as the mysql client skips it.
func TestUnreadableOptionFiles(t *testing.T) {
	requireRoot(t)
	srv := testmariadb.Shared(t)
	open := mkdirMode(t, 0o755) // nobody may enter, read and stat, not write
	cnf := filepath.Join(open, "root-only.cnf")
	if err := os.WriteFile(cnf, []byte("[mysqld]\ninnodb_buffer_pool_size=4G\n[client]\nuser=root\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	home := mkdirMode(t, 0o700) // as /root is: nobody cannot even stat ~/.my.cnf
	if err := os.WriteFile(filepath.Join(home, ".my.cnf"), []byte("[client]\nuser=root\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	nobody := &syscall.Credential{Uid: 65534, Gid: 65534}
	cases := []struct {
		name     string
		env      []string
		args     []string
		wantCode int
		want     string
	}{
		{"--mycnf root 0600: stops", nil, []string{"--no-server", "--mycnf", cnf}, 2,
			"permission denied: run mytune as a user who can read it"},
		{"--defaults-file root 0600: stops as the mysql client does", nil, []string{"--defaults-file", cnf}, 2,
			"could not open required defaults file " + cnf},
		{"~/.my.cnf under a 0700 home: skipped with a note", []string{"HOME=" + home, "MYTUNE_DISCOVERY=on",
			"MYSQL_PWD=" + testmariadb.FullPassword}, []string{"-h", "127.0.0.1", "-P", fmt.Sprint(srv.Port), "-u", testmariadb.FullUser}, 0,
			"mytune: note: " + filepath.Join(home, ".my.cnf") + " is skipped, as the mysql client skips it"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			args := append([]string{"advise", "--datadir", open, "--no-measure", "--format", "json"}, c.args...)
			r := mytune(t, runOpts{cred: nobody, env: c.env}, args...)
			if c.wantCode != 0 {
				assertCleanError(t, r, c.wantCode, c.want)
				return
			}
			if r.code != 0 || !strings.Contains(r.stderr, c.want) {
				t.Errorf("exit %d, stderr does not say %q:\n%s", r.code, c.want, r.stderr)
			}
		})
	}
}

// mkdirMode makes a directory outside t.TempDir (whose parents are 0700)
// with the given mode, removed at cleanup.
func mkdirMode(t *testing.T, mode os.FileMode) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "mytune-e2e-cnf-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	if err := os.Chmod(dir, mode); err != nil {
		t.Fatal(err)
	}
	return dir
}
