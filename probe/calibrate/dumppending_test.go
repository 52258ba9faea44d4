package calibrate

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/probe/dump"
)

// TestPendingInsert: the pieces of a statement count its bytes exactly
// (their sum is the statement's size) and hold every row once, each
// piece an INSERT of the statement's own head.
func TestPendingInsert(t *testing.T) {
	row := "(1,'" + strings.Repeat("a", 40<<10) + "')"
	tests := []struct {
		name   string
		sql    string
		split  bool
		pieces int
		rows   int
	}{
		{name: "mydumper, 5 rows of 40 KB: pieces of 3 and 2", sql: "INSERT INTO `t` VALUES" + strings.Repeat(row+",\n", 4) + row + ";\n",
			split: true, pieces: 2, rows: 5},
		{name: "small statement: one piece", sql: "INSERT INTO `t` VALUES(1,'a'),(2,'b');\n", split: true, pieces: 1, rows: 2},
		{name: "not split (mysqldump): whole", sql: "INSERT INTO `t` VALUES" + row + "," + row + "," + row + "," + row + ";\n",
			split: false, pieces: 1, rows: 4},
		{name: "ON DUPLICATE: whole", sql: "INSERT INTO `t` VALUES" + row + "," + row + "," + row + " ON DUPLICATE KEY UPDATE a=1;\n",
			split: true, pieces: 1, rows: 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := dump.NewStatementReader(strings.NewReader(tc.sql)).Next()
			if err != nil {
				t.Fatal(err)
			}
			p, err := newPendingInsert(st, 3, tc.split)
			if err != nil {
				t.Fatal(err)
			}
			want := len(st.Text)
			var n, bytes, rows int
			for last := false; !last; n++ {
				q := p.query().in("s")
				if !strings.HasPrefix(q, "/* mytune */ INSERT INTO `s`.") || !strings.Contains(q, "VALUES(") {
					t.Fatalf("piece %d: %.80q", n, q)
				}
				last = p.advance()
				bytes += p.sent
				rows += p.sentRows
			}
			if n != tc.pieces || rows != tc.rows || bytes != want {
				t.Errorf("%d pieces, %d rows, %d bytes; want %d, %d, %d", n, rows, bytes, tc.pieces, tc.rows, want)
			}
		})
	}
}
