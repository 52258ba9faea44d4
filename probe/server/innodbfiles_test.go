package server

import (
	"path/filepath"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestReadInnoDBFileBytes: information_schema.TABLES lags a table whose
// statistics are not recalculated (STATS_AUTO_RECALC=0 here; any table for
// a while after a bulk load): MariaDB 10.11 showed 32 KiB for 262,144 rows
// in a 92 MiB file, so the pool advice took the data to be 32 KiB. The
// read now also sums the tablespace files (PROCESS), and an account
// without PROCESS leaves it unknown, not an error. A table created with
// DATA DIRECTORY is listed with its path (outside_tablespaces, review r37),
// the datadir's tables are not.
func TestReadInnoDBFileBytes(t *testing.T) {
	elsewhere := t.TempDir()
	srv := testmariadb.StartWith(t)
	root, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	setup := []string{"CREATE DATABASE lag",
		"CREATE TABLE lag.t (id INT AUTO_INCREMENT PRIMARY KEY, c CHAR(255) NOT NULL DEFAULT 'x', k INT, KEY (k)) STATS_AUTO_RECALC=0",
		"INSERT INTO lag.t (k) VALUES (1), (2), (3), (4), (5), (6), (7), (8)",
		"CREATE TABLE lag.dd (id INT PRIMARY KEY) DATA DIRECTORY = '" + elsewhere + "'"}
	for i := 0; i < 12; i++ { // 32,768 rows
		setup = append(setup, "INSERT INTO lag.t (k) SELECT k + 1 FROM lag.t")
	}
	for _, q := range setup {
		if _, err := root.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	s, err := Read(t.Context(), fullConn(t, srv.Socket))
	if err != nil {
		t.Fatal(err)
	}
	tables := s.DataBytes + s.IndexBytes
	if s.InnoDBFileBytes < 8<<20 || s.InnoDBFileBytes < 4*tables {
		t.Errorf("innodb_file_bytes %d beside %d in information_schema.TABLES: want the file's ~10 MiB, far above", s.InnoDBFileBytes, tables)
	}
	if o := s.OutsideTablespaces; len(o) != 1 || o[0].Name != "lag/dd" || o[0].Path != filepath.Join(elsewhere, "lag", "dd.ibd") || o[0].FileBytes == 0 {
		t.Errorf("outside_tablespaces = %+v, want lag/dd alone, in %s", o, elsewhere)
	}
	usage, err := ResolveConn(ConnOptions{User: testmariadb.UsageUser, Password: testmariadb.UsagePassword,
		PasswordGiven: true, Socket: srv.Socket}, envMap(nil), "")
	if err != nil {
		t.Fatal(err)
	}
	u, err := Read(t.Context(), usage)
	if err != nil {
		t.Fatal(err)
	}
	if u.InnoDBFileBytes != 0 || u.OutsideTablespaces != nil {
		t.Errorf("an account without PROCESS read innodb_file_bytes %d", u.InnoDBFileBytes)
	}
}
