package threads

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/mytune/mytune/profile"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGoldenPlans pins whole plans (choices, reasons, commands, settings,
// estimate) for two realistic machines; run with -update after an intended change.
func TestGoldenPlans(t *testing.T) {
	sd := prof(4, 0, sdCurve, &profile.Dump{Format: "mydumper", Path: "/backup/shop", TotalBytes: 80e6, Tables: 8, Chunks: 24,
		LargestTable: "shop.orders", LargestTableBytes: 12e6, Compression: "gzip"})
	sd.Host.Board = "Raspberry Pi 4 Model B Rev 1.1"
	sd.Storage.SeqWrite.MBPerS, sd.Storage.Fsync.P50US = 15, 1100
	sd.Server = server("mysql", "8.0.36", map[string]string{"log_bin": "ON", "sync_binlog": "1", "innodb_flush_log_at_trx_commit": "1"})
	vm := prof(2, 0, fastCurve, &profile.Dump{Format: "mysqlsh", Path: "/backup/inst", TotalBytes: 120e6, DataBytes: 560e6,
		Tables: 8, Chunks: 32, LargestTable: "sbtest.sbtest1", LargestTableBytes: 15e6, Compression: "zstd"})
	vm.Server = server("mariadb", "10.11.19-MariaDB-0+deb12u1", map[string]string{"log_bin": "OFF"})
	ft := prof(2, 0, fastCurve, ftDump("mydumper", "none", ftModel("sbtest.t1", 44, ftKey), ftModel("sbtest.t2", 44, ftKey)))
	ft.Server = server("mariadb", "10.11.19-MariaDB-0+deb12u1", map[string]string{"log_bin": "OFF"})
	ftFile := *ft
	ftFile.Dump = ftDump("mysqldump", "gzip", ftModel("sbtest.t1", 44, ftKey), ftModel("sbtest.t2", 44, ftKey))
	ftFile.Dump.Path = "/backup/ft.sql.gz"
	tests := []struct {
		name string
		p    *profile.Profile
		o    Options
	}{
		{"vm-2cores-mariadb-fulltext", ft, Options{Task: TaskLoad, Durability: DurabilityStrict}},
		{"vm-2cores-mariadb-fulltext-file", &ftFile, Options{Task: TaskLoad, Durability: DurabilityStrict}},
		{"pi-sd-mysql80-relaxed", sd, Options{Task: TaskAll, Durability: DurabilityRelaxed}},
		{"vm-2cores-mariadb-strict", vm, Options{Task: TaskAll, Durability: DurabilityStrict}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := json.MarshalIndent(Size(tc.p, tc.o), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", tc.name+".golden.json")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("plan differs from %s (go test -update if intended):\n%s", path, got)
			}
		})
	}
}
