package calibrate

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/probe/server"
)

func TestCapByBinlog(t *testing.T) {
	dir := t.TempDir()
	free, ok := freeBytes(dir)
	if !ok || free == 0 {
		t.Fatalf("freeBytes(%s) = %d, %v", dir, free, ok)
	}
	limit := free / FreeShare
	cases := []struct {
		name      string
		dir       string
		share     uint64
		loads     int
		wantShare uint64
		noteHas   string
		errHas    string
	}{
		{"the binary log not written: unchanged", "", 1 << 30, 16, 1 << 30, "", ""},
		{"room for every load's share: unchanged", dir, MinStepBytes, 2, MinStepBytes, "", ""},
		{"the run's loads together capped by a tenth of the log's disk", dir, free, 16, limit / 16, "over the run", ""},
		{"a remote log: what the run may add, said", "/no/such/binlog/dir", 1 << 20, 16, 1 << 20, "may add up to 16.0 MiB", ""},
		{"under the least a step needs: refused before writing", dir, 1 << 30, int(limit/MinStepBytes) + 1, 1 << 30, "",
			"free space there, use an account that may skip the binary log"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			smp := &sample{share: c.share, tableMax: 4 * c.share}
			note, err := capByBinlog(smp, c.dir, c.loads, true)
			// free space moves while the test runs: compare the share within 1%
			near := func(a, b uint64) bool { return a >= b-b/100 && a <= b+b/100 }
			if !near(smp.share, c.wantShare) {
				t.Errorf("share %d, want %d", smp.share, c.wantShare)
			}
			if (c.noteHas == "") != (note == "") || !strings.Contains(note, c.noteHas) {
				t.Errorf("note %q, want one with %q", note, c.noteHas)
			}
			if (c.errHas == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.errHas)) {
				t.Errorf("error %v, want one with %q", err, c.errHas)
			}
		})
	}
}

// TestBinlogDirLive: a pool whose sessions write the binary log (an
// account that may not skip it, --allow-binlog) names the log's
// directory; root's pool, which skips it, names none.
func TestBinlogDirLive(t *testing.T) {
	logs := t.TempDir()
	srv := testmariadb.StartWith(t, "--log-bin="+filepath.Join(logs, "bin"), "--server-id=7")
	root, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	for _, host := range []string{"%", "localhost"} {
		acc := "mytune_logged@'" + host + "'"
		for _, q := range []string{"CREATE USER " + acc + " IDENTIFIED BY 'lg'", "GRANT ALL ON `mytune_cal_logged`.* TO " + acc} {
			if _, err := root.ExecContext(t.Context(), q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	}
	cases := []struct{ name, dsn, want string }{
		{"root skips the binary log", "root@unix(" + srv.Socket + ")/", ""},
		{"an account that may not: the log's directory", srv.DSN("mytune_logged", "lg"), logs},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn, err := server.ResolveConn(server.ConnOptions{DSN: c.dsn}, func(string) string { return "" }, "")
			if err != nil {
				t.Fatal(err)
			}
			db, _, err := Open(t.Context(), conn, OpenOptions{AllowBinlog: true})
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			if got := binlogDir(t.Context(), db); got != c.want {
				t.Errorf("binlogDir = %q, want %q", got, c.want)
			}
			if c.want == "" {
				return
			}
			// the log's disk, as the datadir's, has 60 MiB free: the logged run inserts at most 6 MiB in all
			smallDisk(t, 60<<20)
			res, err := Run(t.Context(), db, Options{Schema: "mytune_cal_logged", Duration: 3 * time.Second, MaxBytes: 64 << 20})
			if err != nil {
				t.Fatal(err)
			}
			if res.Workload.MaxBytes != 6<<20 || !strings.Contains(strings.Join(res.Notes, "|"), "the binary log is written") {
				t.Errorf("max_bytes %d, notes %q: want 6 MiB, said", res.Workload.MaxBytes, res.Notes)
			}
		})
	}
}

// smallDisk makes every disk calibrate asks about hold free bytes free.
func smallDisk(t *testing.T, free uint64) {
	t.Helper()
	old := diskFree
	diskFree = func(string) (uint64, bool) { return free, true }
	t.Cleanup(func() { diskFree = old })
}

// TestRunOnASmallDisk: calibrate without --dump sized its steps by
// --max-bytes alone (QA: the default 256 MiB run on a 300 MiB datadir disk
// with 111 MiB free filled it at its first step, 69 MiB of table plus the
// binary log's copy, "Disk is full", and the drop then failed). Each step's
// table is now kept to a tenth of the datadir's free space, or the run is
// refused before it creates anything.
func TestRunOnASmallDisk(t *testing.T) {
	cases := []struct {
		name         string
		free         uint64
		wantMaxBytes uint64
		errHas       string
	}{
		{"plenty of room: --max-bytes as given", 1 << 40, 64 << 20, ""},
		{"20 MiB free: 2 MiB a step", 20 << 20, 5 * (2 << 20), ""},
		{"5 MiB free: refused", 5 << 20, 0, "free space on the server first"},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			smallDisk(t, c.free)
			o := Options{Schema: fmt.Sprintf("mytune_cal_small%d", i), Duration: 3 * time.Second, MaxBytes: 64 << 20}
			db := rootDB(t)
			res, err := Run(t.Context(), db, o)
			if c.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), c.errHas) || exists(t, db, o.Schema) {
					t.Fatalf("got %v (schema left: %v), want a refusal saying %q", err, exists(t, db, o.Schema), c.errHas)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if res.Workload.MaxBytes != c.wantMaxBytes || res.BytesInserted > c.wantMaxBytes {
				t.Errorf("max_bytes %d, inserted %d; want at most %d", res.Workload.MaxBytes, res.BytesInserted, c.wantMaxBytes)
			}
		})
	}
}
