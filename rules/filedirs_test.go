package rules

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// fileDir puts a set of the server's files on loop1 at /slow, its commit
// loop measured at opsPerS (0: not measured); the datadir's at dataOps.
func fileDir(variable, files string, tables []string, opsPerS, dataOps float64) func(*profile.Profile) {
	return func(p *profile.Profile) {
		p.Storage.Measured = true
		p.Storage.Fsync = profile.Latency{OpsPerS: dataOps, P50US: 1e6 / dataOps}
		fd := profile.FileDir{RedoDir: profile.RedoDir{Path: "/slow/undo", Setting: "/slow/undo", Source: "server", FSType: "ext4",
			MountPoint: "/slow", Device: "loop1", FreeBytes: tGiB}, Variable: variable, Files: files, Tables: tables, FileBytes: 30 * tMiB}
		if opsPerS > 0 {
			fd.Fsync = &profile.Latency{OpsPerS: opsPerS, P50US: 1e6 / opsPerS}
		}
		p.Storage.FileDirs = append(p.Storage.FileDirs, fd)
	}
}

// DATA DIRECTORY tables on the 48 syncs/s disk of review r37's bed
// beside a datadir making 1,090; and on one as fast as the datadir.
func init() {
	ruleCases = append(ruleCases, []struct {
		name       string
		id         string
		mutate     func(*profile.Profile)
		durability string
		want       bool
		recommend  string
	}{
		{"DATA DIRECTORY tables on a 48 syncs/s disk", "storage.files_on_slower_disk",
			fileDir("DATA DIRECTORY", "tables", []string{"s.a"}, 48.4, 1090), "", true, ""},
		{"DATA DIRECTORY tables on a disk as fast", "storage.files_on_slower_disk",
			fileDir("DATA DIRECTORY", "tables", []string{"s.a"}, 1000, 1090), "", false, ""},
	}...)
}

// TestFilesOnSlowerDisk: live, MariaDB 10.11.19 (review r37,
// docs/benchmarks/live-server.md): four tables under DATA DIRECTORY on a
// disk making 48 syncs/s beside a datadir making 1,090 cost 23-45% of
// the TPS, the undo tablespaces there no cost told from noise; the
// finding names the tables and both rates, and stays quiet for undo, on
// a disk as fast, or unmeasured.
func TestFilesOnSlowerDisk(t *testing.T) {
	cases := []struct {
		name      string
		mutate    func(*profile.Profile)
		fires     bool
		want, not []string
	}{
		{"DATA DIRECTORY tables on a 48 syncs/s disk, datadir 1,090", fileDir("DATA DIRECTORY", "tables", []string{"s.a", "s.b"}, 48.4, 1090), true,
			[]string{"2 table(s) (DATA DIRECTORY = /slow/undo: s.a, s.b, 30.0 MiB) on /slow (loop1): 48 syncs/s there against 1090 in the datadir (1/23)",
				"1,251 and 1,633 transactions/s", "CREATE TABLE … LIKE"}, nil},
		{"undo tablespaces there: no cost measured", fileDir("innodb_undo_directory", "undo tablespaces", nil, 48.5, 1090), false, nil, nil},
		{"a disk as fast as the datadir", fileDir("DATA DIRECTORY", "tables", []string{"s.a"}, 1000, 1090), false, nil, nil},
		{"not measured there", fileDir("DATA DIRECTORY", "tables", []string{"s.a"}, 0, 1090), false, nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			tc.mutate(&p)
			firedAs(t, p, "storage.files_on_slower_disk", tc.fires, tc.want, tc.not)
		})
	}
}
