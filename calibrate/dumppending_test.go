package calibrate

import (
	"strings"
	"testing"
	"time"

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
		piece  int
		pieces int
		rows   int
	}{
		{name: "mydumper, 5 rows of 40 KB: pieces of 3 and 2", sql: "INSERT INTO `t` VALUES" + strings.Repeat(row+",\n", 4) + row + ";\n",
			piece: DefaultInsertPieceBytes, pieces: 2, rows: 5},
		{name: "small statement: one piece", sql: "INSERT INTO `t` VALUES(1,'a'),(2,'b');\n", piece: DefaultInsertPieceBytes, pieces: 1, rows: 2},
		{name: "not split (mysqldump): whole", sql: "INSERT INTO `t` VALUES" + row + "," + row + "," + row + "," + row + ";\n",
			piece: 0, pieces: 1, rows: 4},
		{name: "pieces above the statement: whole", sql: "INSERT INTO `t` VALUES" + strings.Repeat(row+",\n", 4) + row + ";\n",
			piece: MaxInsertPieceBytes, pieces: 1, rows: 5},
		{name: "ON DUPLICATE: whole", sql: "INSERT INTO `t` VALUES" + row + "," + row + "," + row + " ON DUPLICATE KEY UPDATE a=1;\n",
			piece: DefaultInsertPieceBytes, pieces: 1, rows: 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			st, err := dump.NewStatementReader(strings.NewReader(tc.sql)).Next()
			if err != nil {
				t.Fatal(err)
			}
			p, err := newPendingInsert(st, 3, tc.piece)
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

// TestPieceFor: a tenth of a session's window at its rate, between the
// 100 KB floor and whole statements.
func TestPieceFor(t *testing.T) {
	tests := []struct {
		name string
		bps  float64
		win  time.Duration
		want int
	}{
		{"fast bed: 3 MB/s a session, 3 s windows", 3e6, 3 * time.Second, 900000},
		{"card: 0.2 MB/s a session: the floor", 2e5, 3 * time.Second, DefaultInsertPieceBytes},
		{"very fast: whole statements", 40e6, 3 * time.Second, MaxInsertPieceBytes},
		{"rate unknown: the floor", 0, 3 * time.Second, DefaultInsertPieceBytes},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := pieceFor(tt.bps, tt.win); got != tt.want {
				t.Errorf("pieceFor = %d, want %d", got, tt.want)
			}
		})
	}
}
