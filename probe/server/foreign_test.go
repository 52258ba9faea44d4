package server

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestForeignServerRefused: a capture of a server that speaks MySQL's
// protocol but is not MySQL, MariaDB or Percona Server is refused with
// what it is and why (review r19: a TiDB v8.1.0 capture, its version and
// innodb_* values from pingcap/tidb's sysvar.go and noop.go, was read as
// "MySQL 8.0.11" and got innodb_buffer_pool_size 128M → 17G). MySQL's,
// MariaDB's and the managed services' version strings still read.
func TestForeignServerRefused(t *testing.T) {
	cases := []struct {
		version, comment, product string
	}{
		{"8.0.11-TiDB-v8.1.0", "TiDB Server (Apache License 2.0) Community Edition, MySQL 8.0 compatible", "TiDB"},
		{"5.7.25-TiDB-v7.5.0", "TiDB Server (Apache License 2.0) Community Edition, MySQL 5.7 compatible", "TiDB"},
		{"8.0.30-Vitess", "", "Vitess's vtgate"},
		{"5.7.9-vitess-12.0.0", "", "Vitess's vtgate"},
		{"5.7.25-OceanBase_CE-v4.2.1.2", "", "OceanBase"},
		{"8.0.36-28", "Percona Server (GPL), Release 28, Revision 47601f19", ""},
		{"10.11.19-MariaDB-0+deb12u1", "Debian 12", ""},
		{"8.0.mysql_aurora.3.05.2", "Source distribution", ""},
		{"8.0.31-google", "(Google)", ""},
		{"8.4.8", "MySQL Community Server - GPL", ""},
	}
	for _, c := range cases {
		t.Run(c.version, func(t *testing.T) {
			vars := "version\t" + c.version + "\nversion_comment\t" + c.comment +
				"\ninnodb_buffer_pool_size\t134217728\nmax_connections\t151\ninnodb_flush_log_at_trx_commit\t1\n"
			path := filepath.Join(t.TempDir(), "vars.txt")
			if err := os.WriteFile(path, []byte(vars), 0o600); err != nil {
				t.Fatal(err)
			}
			_, err := FromCaptures(path, "")
			var fe *ForeignServerError
			if got := errors.As(err, &fe); got != (c.product != "") {
				t.Fatalf("refused %v (%v), want %v", got, err, c.product != "")
			}
			if c.product != "" && (fe.Product != c.product || !strings.Contains(err.Error(), "leave out --variables")) {
				t.Errorf("product %q, want %q: %v", fe.Product, c.product, err)
			}
		})
	}
}
