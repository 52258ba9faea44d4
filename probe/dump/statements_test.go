package dump

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestStatementReader(t *testing.T) {
	type want struct {
		kind          StatementKind
		schema, table string
		verb          string
		rows          int
		charset       string
		restPrefix    string
	}
	cases := []struct {
		name string
		in   string
		want []want
	}{
		{"mydumper 0.10 data file: SET lines, one row a line",
			"/*!40101 SET NAMES binary*/;\n/*!40014 SET FOREIGN_KEY_CHECKS=0*/;\n/*!40103 SET TIME_ZONE='+00:00' */;\n" +
				"INSERT INTO `orders` VALUES\n(1,2,1.25),\n(2,3,2.50),\n(3,4,'a;\\nb');\n",
			[]want{{kind: StmtSetNames, charset: "binary"}, {kind: StmtOther}, {kind: StmtOther},
				{kind: StmtInsert, table: "orders", verb: "INSERT", rows: 3, restPrefix: " VALUES\n(1,2,1.25)"}}},
		{"mysqldump: comments, USE, extended INSERT on one line, qualified and odd names",
			"-- MySQL dump 10.13\n--\n\n/*!50503 SET NAMES utf8mb4 */;\nUSE `shop`;\n# a hash comment\n" +
				"INSERT INTO `shop`.`we``ird` VALUES (1,'x'),(2,'y');\nINSERT IGNORE INTO t (a, b) VALUES (1,2);\nreplace  into `r` values (1);\n",
			[]want{{kind: StmtSetNames, charset: "utf8mb4"}, {kind: StmtUse, schema: "shop"},
				{kind: StmtInsert, schema: "shop", table: "we`ird", verb: "INSERT", rows: 2, restPrefix: " VALUES (1,'x')"},
				{kind: StmtInsert, table: "t", verb: "INSERT IGNORE", rows: 1, restPrefix: " (a, b) VALUES"},
				{kind: StmtInsert, table: "r", verb: "REPLACE", rows: 1, restPrefix: " values (1)"}}},
		{"CREATE TABLE over several lines, and a last statement without ';'",
			"CREATE TABLE IF NOT EXISTS `c` (\n  `id` int NOT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB;\nINSERT INTO c VALUES (1)",
			[]want{{kind: StmtCreateTable, table: "c", restPrefix: " (\n  `id` int"}, {kind: StmtInsert, table: "c", verb: "INSERT", rows: 1}}},
		{"only comments", "-- nothing\n\n# here\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := NewStatementReader(strings.NewReader(c.in))
			for i, w := range c.want {
				st, err := r.Next()
				if err != nil {
					t.Fatalf("statement %d: %v", i, err)
				}
				if st.Kind != w.kind || st.Schema != w.schema || st.Table != w.table || st.Verb != w.verb ||
					(w.rows > 0 && st.Rows != w.rows) || st.Charset != w.charset || !strings.HasPrefix(string(st.Rest), w.restPrefix) {
					t.Errorf("statement %d = %+v (rest %q), want %+v", i, st, st.Rest, w)
				}
			}
			if st, err := r.Next(); !errors.Is(err, io.EOF) {
				t.Errorf("after the last statement: %+v, %v; want io.EOF", st, err)
			}
		})
	}
}

func TestStatementOffsets(t *testing.T) {
	in := "-- head\nSET a=1;\nINSERT INTO t VALUES (1);\n"
	r := NewStatementReader(strings.NewReader(in))
	for _, want := range []string{"SET a=1", "INSERT INTO t VALUES (1)"} {
		st, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if string(st.Text) != want || !strings.HasPrefix(in[st.Offset:], want) {
			t.Errorf("statement %q at offset %d (%q), want %q there", st.Text, st.Offset, in[st.Offset:], want)
		}
	}
}

func TestStatementTooLarge(t *testing.T) {
	big := "INSERT INTO t VALUES ('" + strings.Repeat("x", MaxStatementBytes) + "');\n"
	if _, err := NewStatementReader(strings.NewReader(big)).Next(); err == nil || !strings.Contains(err.Error(), "larger than") {
		t.Errorf("got %v, want a too-large error", err)
	}
}
