package calibrate

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestDumpStatements checks the statements built from a dump's text: each
// names its scratch table as the only target, keeps the dump's values
// byte for byte, and refuses what could write elsewhere.
func TestDumpStatements(t *testing.T) {
	create := []struct {
		name, rest, want, errHas string
	}{
		{"plain table", " (\n  `id` int NOT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB",
			"/* mytune */ CREATE TABLE `s`.mytune_calibrate_load_3  (\n  `id` int NOT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB", ""},
		{"foreign keys dropped, the comma before them too", " (\n  `id` int,\n  `c` int,\n  KEY `c` (`c`),\n" +
			"  CONSTRAINT `f1` FOREIGN KEY (`c`) REFERENCES `other`.`t` (`id`)\n) ENGINE=InnoDB",
			"/* mytune */ CREATE TABLE `s`.mytune_calibrate_load_3  (\n  `id` int,\n  `c` int,\n  KEY `c` (`c`)\n) ENGINE=InnoDB", ""},
		{"DATA DIRECTORY refused", " (id int) ENGINE=InnoDB DATA DIRECTORY='/elsewhere'", "", "DATA DIRECTORY"},
		{"FEDERATED refused", " (id int) ENGINE=FEDERATED CONNECTION='mysql://u@h/db/t'", "", "FEDERATED"},
		{"a CONNECTION option refused", " (id int) ENGINE=InnoDB CONNECTION='x'", "", "CONNECTION"},
		{"general tablespace refused", " (id int) /*!50100 TABLESPACE `ts1` */ ENGINE=InnoDB", "", "TABLESPACE"},
		{"CREATE TABLE … LIKE refused", " LIKE `other`.`t`", "", "no column list"},
	}
	for _, c := range create {
		t.Run(c.name, func(t *testing.T) {
			q, err := createLoad(3, c.rest)
			if c.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), c.errHas) {
					t.Fatalf("got %v, want an error with %q", err, c.errHas)
				}
				return
			}
			if err != nil || q.in("s") != c.want {
				t.Errorf("got %q, %v\nwant %q", q.in("s"), err, c.want)
			}
		})
	}
	insert := []struct {
		name, verb, rest, want, errHas string
	}{
		{"values kept byte for byte, {schema} in a value untouched", "INSERT", " VALUES (1,'{schema}; DROP'),(2,'x')",
			"/* mytune */ INSERT INTO `s`.mytune_calibrate_load_0 VALUES (1,'{schema}; DROP'),(2,'x')", ""},
		{"column list", "INSERT IGNORE", " (`a`,`b`) VALUES (1,2)", "/* mytune */ INSERT IGNORE INTO `s`.mytune_calibrate_load_0 (`a`,`b`) VALUES (1,2)", ""},
		{"REPLACE", "REPLACE", " VALUES (1)", "/* mytune */ REPLACE INTO `s`.mytune_calibrate_load_0 VALUES (1)", ""},
		{"INSERT … SELECT refused", "INSERT", " SELECT * FROM mysql.user", "", "not INSERT … VALUES"},
		{"unknown verb refused", "DELETE", " VALUES (1)", "", "unknown INSERT verb"},
	}
	for _, c := range insert {
		t.Run(c.name, func(t *testing.T) {
			q, err := insertLoad(c.verb, 0, []byte(c.rest))
			if c.errHas != "" {
				if err == nil || !strings.Contains(err.Error(), c.errHas) {
					t.Fatalf("got %v, want an error with %q", err, c.errHas)
				}
				return
			}
			if err != nil || q.in("s") != c.want {
				t.Errorf("got %q, %v\nwant %q", q.in("s"), err, c.want)
			}
		})
	}
}

func TestLoadDataStatement(t *testing.T) {
	q, err := loadData("mytune-ab12-7", 2, "utf8mb4", []string{"id", "we ird"})
	want := "/* mytune */ LOAD DATA LOCAL INFILE 'Reader::mytune-ab12-7' INTO TABLE `s`.mytune_calibrate_load_2 CHARACTER SET utf8mb4" +
		` FIELDS TERMINATED BY '\t' ESCAPED BY '\\' LINES TERMINATED BY '\n' (` + "`id`, `we ird`)"
	if err != nil || q.in("s") != want {
		t.Errorf("got %q, %v\nwant %q", q.in("s"), err, want)
	}
	for _, bad := range []struct{ reader, charset, col string }{
		{"x' INTO TABLE mysql.user --", "utf8mb4", "id"},
		{"r1", "utf8mb4; DROP", "id"},
		{"r1", "utf8mb4", "a`b"},
	} {
		if _, err := loadData(bad.reader, 0, bad.charset, []string{bad.col}); err == nil {
			t.Errorf("loadData(%q, %q, %q) was accepted", bad.reader, bad.charset, bad.col)
		}
	}
}

func TestIsLoadTable(t *testing.T) {
	for name, want := range map[string]bool{"mytune_calibrate_load_0": true, "mytune_calibrate_load_12": true,
		"mytune_calibrate_load_": false, "mytune_calibrate_load_1x": false, "orders": false} {
		if isLoadTable(name) != want {
			t.Errorf("isLoadTable(%q) = %v", name, !want)
		}
	}
}

func TestLoadDataErr(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{&mysql.MySQLError{Number: 4166, Message: "local infile disabled"}, "turn the global local_infile on"},
		{&mysql.MySQLError{Number: 3948}, "turn the global local_infile on"},
		{errors.New("broken pipe"), "loading chunk c.tsv.zst: broken pipe"},
	} {
		if got := loadDataErr(c.err, "c.tsv.zst"); !strings.Contains(got.Error(), c.want) {
			t.Errorf("loadDataErr(%v) = %v, want %q", c.err, got, c.want)
		}
	}
}

func TestCapBySpace(t *testing.T) {
	dir := t.TempDir()
	free, ok := freeBytes(dir)
	if !ok || free == 0 {
		t.Fatalf("freeBytes(%s) = %d, %v", dir, free, ok)
	}
	cases := []struct {
		name             string
		datadir          string
		tableMax, share  uint64
		wantMax, wantShr uint64
		noteHas          string
	}{
		{"plenty of room: unchanged", dir, 1 << 20, 1 << 18, 1 << 20, 1 << 18, ""},
		{"a tenth of the free space caps the tables and the step", dir, free, free, free / FreeShare, free / FreeShare, "calibrate kept at most a tenth"},
		{"a remote datadir: unknown, said", "/no/such/datadir", 1 << 30, 1 << 28, 1 << 30, 1 << 28, "cannot be read from here"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			smp := &sample{tableMax: c.tableMax, share: c.share}
			note := capBySpace(smp, c.datadir, true)
			// free space moves while the test runs: compare the caps within 1%
			near := func(a, b uint64) bool { return a >= b-b/100 && a <= b+b/100 }
			if !near(smp.tableMax, c.wantMax) || !near(smp.share, c.wantShr) || (c.noteHas == "") != (note == "") || !strings.Contains(note, c.noteHas) {
				t.Errorf("tableMax %d share %d note %q; want %d, %d, %q", smp.tableMax, smp.share, note, c.wantMax, c.wantShr, c.noteHas)
			}
		})
	}
}
