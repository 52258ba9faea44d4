//go:build unix

package e2e

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestRestoreRaisesPacketForMydumper: a mydumper dump holding a row of
// 2,000,000 bytes (one INSERT of that size), planned against a live
// MariaDB at max_allowed_packet 1M, gets the during-load raise and its
// undo (reproduced on 2026-12-06: myloader 0.10 stopped there, "Server has
// gone away", exit 1, the table empty); at the default 16M it fits.
func TestRestoreRaisesPacketForMydumper(t *testing.T) {
	small := testmariadb.StartWith(t, "--max-allowed-packet=1M")
	plain := testmariadb.Shared(t)
	dump, err := filepath.Abs(filepath.Join("..", "..", "probe", "dump", "testdata", "mydumper-0.10-bigrow"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name        string
		srv         *testmariadb.Server
		apply, undo string // "": no such setting
	}{
		{"max_allowed_packet 1M", small, "SET GLOBAL max_allowed_packet = 3145728;", "SET GLOBAL max_allowed_packet = 1048576;"},
		{"the default 16M holds it", plain, "", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := mytune(t, runOpts{}, "advise", "--datadir", t.TempDir(), "--no-measure", "-S", c.srv.Socket, "-u", testmariadb.FullUser,
				"--password="+testmariadb.FullPassword, "--dump", dump, "--task", "load", "--format", "json")
			if r.code != 0 {
				t.Fatalf("advise: exit %d\n%s", r.code, r.stderr)
			}
			var a struct {
				Threads struct {
					Temporary []struct{ Name, Apply, Undo string }
				}
			}
			if err := json.Unmarshal([]byte(r.stdout), &a); err != nil {
				t.Fatal(err)
			}
			apply, undo := "", ""
			for _, s := range a.Threads.Temporary {
				if strings.Contains(s.Apply, "max_allowed_packet") {
					apply, undo = s.Apply, s.Undo
				}
			}
			if apply != c.apply || undo != c.undo {
				t.Errorf("max_allowed_packet setting %q / %q, want %q / %q (%+v)", apply, undo, c.apply, c.undo, a.Threads.Temporary)
			}
		})
	}
}
