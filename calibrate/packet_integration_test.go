package calibrate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/probe/dump"
)

// TestRunDumpRowOverPacket: a mysqldump file whose one row is longer than
// the server's max_allowed_packet made calibrate --dump stop with only
// the driver's "write: broken pipe" (QA: a 37.2 MiB row against MariaDB
// 10.11.19's 16 MiB); the error now says the row outgrew
// max_allowed_packet and gives the SET GLOBAL lines, and a row that fits
// loads.
func TestRunDumpRowOverPacket(t *testing.T) {
	db := rootDB(t)
	max := maxAllowedPacket(t.Context(), db)
	if max == 0 || max > 64<<20 {
		t.Fatalf("max_allowed_packet %d: want the server's, up to 64 MiB", max)
	}
	cases := []struct {
		name    string
		row     int
		wantErr string // "" loads
	}{
		{"a row a MiB over max_allowed_packet", int(max) + 1<<20, "more than the server's max_allowed_packet"},
		{"a row that fits", 1 << 20, ""},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "big.sql")
			text := "CREATE TABLE `big` (\n  `id` int NOT NULL,\n  `b` longblob,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB;\n" +
				"INSERT INTO `big` VALUES (1,'" + strings.Repeat("x", c.row) + "');\n"
			if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
				t.Fatal(err)
			}
			src, err := dump.OpenSource(t.Context(), path)
			if err != nil {
				t.Fatal(err)
			}
			o := DumpOptions{Schema: "mytune_cal_packet" + string(rune('a'+i)), Source: src, Duration: 10 * time.Second, Rounds: 1, Threads: []int{1}}
			_, err = RunDump(t.Context(), db, o)
			switch {
			case c.wantErr == "" && err != nil:
				t.Fatalf("error %v, want the row loaded", err)
			case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr) || !strings.Contains(err.Error(), "SET GLOBAL max_allowed_packet = ")):
				t.Fatalf("error %v, want %q and the SET GLOBAL lines in it", err, c.wantErr)
			}
			if exists(t, db, o.Schema) {
				t.Errorf("schema %s left behind", o.Schema)
			}
		})
	}
}
