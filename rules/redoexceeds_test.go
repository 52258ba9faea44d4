package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRedoExceedsDisk: a my.cnf whose redo log does not fit the free space
// of its filesystem is a crit (review r16: innodb_log_file_size=100T with
// 27 TiB free got no finding; MariaDB 10.11 did not start when a new log
// did not fit an 8G bed). A live server's log exists already: no finding.
func TestRedoExceedsDisk(t *testing.T) {
	cases := []struct {
		name         string
		vars         map[string]string
		target       string
		live         bool
		freeGiB      uint64
		totalGiB     uint64
		fires        bool
		says, absent string
	}{
		{"100T on a 55G disk", map[string]string{"innodb_log_file_size": "100T"}, "mariadb-10.11", false, 55, 100, true,
			"The my.cnf's redo log is 100.0 TiB (innodb_log_file_size = 100T), where 55.0 GiB is free on /: it is larger than the whole filesystem", ""},
		{"8G log, 5G free of 100G: may exist, said so", map[string]string{"innodb_log_file_size": "8G"}, "mariadb-10.11", false, 5, 100, true,
			"if the log the server has now is smaller (or there is none yet: a new datadir)", "larger than the whole filesystem"},
		{"MySQL 8.4 capacity over the free space", map[string]string{"innodb_redo_log_capacity": "64G"}, "mysql-8.4", false, 20, 100, true,
			"(innodb_redo_log_capacity = 64G)", ""},
		{"MySQL 5.7, 2 files of 6G over 10G free", map[string]string{"innodb_log_file_size": "6G"}, "mysql-5.7", false, 10, 100, true,
			"12.0 GiB (innodb_log_file_size = 6G × 2 files)", ""},
		{"fits: nothing", map[string]string{"innodb_log_file_size": "1G"}, "mariadb-10.11", false, 55, 100, false, "", ""},
		{"not set in the my.cnf: nothing", map[string]string{}, "mariadb-10.11", false, 0, 100, false, "", ""},
		{"a live server's log exists already: nothing", map[string]string{"innodb_log_file_size": "8G"}, "", true, 5, 100, false, "", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			if tc.live {
				p.Server.Variables["innodb_log_file_size"] = tc.vars["innodb_log_file_size"]
			} else {
				p.Server = nil
				p.MyCnf = &profile.MyCnf{Variables: tc.vars}
			}
			p.Storage.FreeBytes, p.Storage.TotalBytes, p.Storage.MountPoint = tc.freeGiB*tGiB, tc.totalGiB*tGiB, "/"
			h, ok := fired(t, p, "strict", tc.target)["storage.redo_exceeds_disk"]
			if ok != tc.fires {
				t.Fatalf("fired %v, want %v: %s", ok, tc.fires, h.RenderedDetail)
			}
			if ok && (!strings.Contains(h.RenderedDetail, tc.says) || (tc.absent != "" && strings.Contains(h.RenderedDetail, tc.absent))) {
				t.Errorf("detail should say %q and not %q:\n%s", tc.says, tc.absent, h.RenderedDetail)
			}
		})
	}
}

// TestRedoExceedsDiskLogInPlace: a redo log of the my.cnf's size already
// where the server keeps it is not written anew, so it is no crit however
// little is free (review r23: the 256M log mytune advised, made by the
// server, on a bed with 104 MiB free then, read "the server cannot write it
// at its next start"; mariadbd 10.11 started on it). A log of another size
// is replaced by a new one: still a crit.
func TestRedoExceedsDiskLogInPlace(t *testing.T) {
	cases := []struct {
		name     string
		vars     map[string]string
		target   string
		onDiskMi uint64 // the redo log files already there, MiB
		fires    bool
	}{
		{"MariaDB 256M, ib_logfile0 of 256M there", map[string]string{"innodb_log_file_size": "256M"}, "mariadb-10.11", 256, false},
		{"MariaDB 256M, ib_logfile0 of 96M there", map[string]string{"innodb_log_file_size": "256M"}, "mariadb-10.11", 96, true},
		{"MariaDB 256M, a larger 512M log there", map[string]string{"innodb_log_file_size": "256M"}, "mariadb-10.11", 512, true},
		{"MariaDB 256M, no log there", map[string]string{"innodb_log_file_size": "256M"}, "mariadb-10.11", 0, true},
		{"MySQL 5.7, 2 files of 256M there", map[string]string{"innodb_log_file_size": "256M"}, "mysql-5.7", 512, false},
		{"MySQL 8.4 capacity 1G, #innodb_redo of 1G there", map[string]string{"innodb_redo_log_capacity": "1G"}, "mysql-8.4", 1024, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Server = nil
			p.MyCnf = &profile.MyCnf{Variables: tc.vars}
			p.Storage.FreeBytes, p.Storage.TotalBytes, p.Storage.MountPoint = 104*tMiB, 2*tGiB, "/mnt"
			p.Storage.RedoLogBytes = tc.onDiskMi * tMiB
			if h, ok := fired(t, p, "strict", tc.target)["storage.redo_exceeds_disk"]; ok != tc.fires {
				t.Errorf("fired %v, want %v: %s", ok, tc.fires, h.RenderedDetail)
			}
		})
	}
}
