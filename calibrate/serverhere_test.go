package calibrate

import (
	"strings"
	"testing"
)

// TestSpaceOfAServerElsewhere: calibrate capped its writes by the free
// space of this machine's directory named by the server's @@datadir, even
// when that was not the server's: a server in a mount namespace of its own
// with 255 MiB free on a tmpfs lost 136 MiB to one run (a tenth is the
// rule) while the cap read the host's 52 GB (review r15). A server of
// another host name, or a datadir this machine sees without its files, now
// has an unknown free space, said in a note; the server here is capped as
// before.
func TestSpaceOfAServerElsewhere(t *testing.T) {
	db := rootDB(t)
	datadir, err := Datadir(t.Context(), db)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name      string
		elsewhere bool   // this machine's name is not the server's
		dir       string // the directory asked about; "" the server's datadir
		wantHere  bool
		wantMax   uint64
		wantNote  string
	}{
		{"the server here, 20 MiB free: capped", false, "", true, 5 * (2 << 20), "each step's table was kept to a tenth"},
		{"a server of another host name", true, "", false, 64 << 20, "cannot be read from here"},
		{"a datadir seen here without the server's files", false, t.TempDir(), false, 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			smallDisk(t, 20<<20)
			if c.elsewhere {
				old := localHostname
				localHostname = func() (string, error) { return "not-the-server", nil }
				t.Cleanup(func() { localHostname = old })
			}
			dir := datadir
			if c.dir != "" {
				dir = c.dir
			}
			if got := ServerHere(t.Context(), db, dir, true); got != c.wantHere {
				t.Errorf("ServerHere(%s) = %v, want %v", dir, got, c.wantHere)
			}
			if c.wantMax == 0 {
				return
			}
			o := Options{Threads: []int{1, 2, 4, 8, 16}, MaxBytes: 64 << 20}
			total, notes, err := capInsertBySpace(t.Context(), db, o)
			if err != nil || total != c.wantMax || !strings.Contains(strings.Join(notes, "|"), c.wantNote) {
				t.Errorf("capInsertBySpace = %d, %q, %v; want %d and a note saying %q", total, notes, err, c.wantMax, c.wantNote)
			}
		})
	}
}
