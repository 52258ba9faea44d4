package calibrate

import (
	"strings"
	"testing"
)

// splitValuesBigRow is a 306-byte row, larger than the 100-byte pieces its
// TestSplitValues case asks for.
var splitValuesBigRow = "(1,'" + strings.Repeat("x", 300) + "')"

// splitValuesCases are TestSplitValues' cases: the rest of an INSERT after
// the table's name, the piece size, and the head and pieces splitValues must
// give, or ok false where the statement must be sent whole.
var splitValuesCases = []struct {
	name   string
	rest   string
	piece  int
	head   string
	pieces []string
	rows   []int
	ok     bool
}{
	{name: "mydumper layout, one row a piece", rest: " VALUES(1,'a'),\n(2,'b'),\n(3,'c')", piece: 1,
		head: " VALUES", pieces: []string{"(1,'a')", "(2,'b')", "(3,'c')"}, rows: []int{1, 1, 1}, ok: true},
	{name: "all rows fit one piece", rest: " VALUES (1),(2),(3)", piece: 1000,
		head: " VALUES", pieces: []string{"(1),(2),(3)"}, rows: []int{3}, ok: true},
	{name: "pieces of about the size", rest: " VALUES (1,2),(3,4),(5,6),(7,8)", piece: 10,
		head: " VALUES", pieces: []string{"(1,2),(3,4)", "(5,6),(7,8)"}, rows: []int{2, 2}, ok: true},
	{name: "comma and parentheses inside a string", rest: " VALUES ('a),(b',1),('(',')')", piece: 1,
		head: " VALUES", pieces: []string{"('a),(b',1)", "('(',')')"}, rows: []int{1, 1}, ok: true},
	{name: "backslash-escaped quote and backslash", rest: ` VALUES ('it\'s),(',1),('c:\\',2),('\\\'',3)`, piece: 1,
		head: " VALUES", pieces: []string{`('it\'s),(',1)`, `('c:\\',2)`, `('\\\'',3)`}, rows: []int{1, 1, 1}, ok: true},
	{name: "doubled quote", rest: " VALUES ('it''s),(',1),('x',2)", piece: 1,
		head: " VALUES", pieces: []string{"('it''s),(',1)", "('x',2)"}, rows: []int{1, 1}, ok: true},
	{name: "double-quoted string with a quote", rest: ` VALUES ("a'),('b",1),("c",2)`, piece: 1,
		head: " VALUES", pieces: []string{`("a'),('b",1)`, `("c",2)`}, rows: []int{1, 1}, ok: true},
	{name: "NULL, negative numbers, exponents", rest: " VALUES (NULL,-1,-2.5e-3),(NULL,-0,NULL)", piece: 1,
		head: " VALUES", pieces: []string{"(NULL,-1,-2.5e-3)", "(NULL,-0,NULL)"}, rows: []int{1, 1}, ok: true},
	{name: "hex and binary literals", rest: " VALUES (0x27292C28,X'2729',_binary 'a\\'),(b'),(1),(b'101')", piece: 1,
		head: " VALUES", pieces: []string{"(0x27292C28,X'2729',_binary 'a\\'),(b')", "(1)", "(b'101')"}, rows: []int{1, 1, 1}, ok: true},
	{name: "expression with parentheses in a row", rest: " VALUES (1,(2+3)*4,CONCAT('a','b')),(2,0,'')", piece: 1,
		head: " VALUES", pieces: []string{"(1,(2+3)*4,CONCAT('a','b'))", "(2,0,'')"}, rows: []int{1, 1}, ok: true},
	{name: "a row larger than the piece comes alone", rest: " VALUES (0)," + splitValuesBigRow + ",(2)", piece: 100,
		head: " VALUES", pieces: []string{"(0)," + splitValuesBigRow, "(2)"}, rows: []int{2, 1}, ok: true},
	{name: "column list and lower-case keyword", rest: " (`a`,`b,c`) values\n(1,2),\n(3,4)\n", piece: 1,
		head: " (`a`,`b,c`) values", pieces: []string{"(1,2)", "(3,4)"}, rows: []int{1, 1}, ok: true},
	{name: "multi-line rows with CRLF", rest: " VALUES\r\n(1,\r\n'a'),\r\n(2,\r\n'b')", piece: 1,
		head: " VALUES", pieces: []string{"(1,\r\n'a')", "(2,\r\n'b')"}, rows: []int{1, 1}, ok: true},
	{name: "ON DUPLICATE KEY UPDATE is sent whole", rest: " VALUES (1),(2) ON DUPLICATE KEY UPDATE a=1", piece: 1},
	{name: "INSERT … SELECT is sent whole", rest: " SELECT * FROM t", piece: 1},
	{name: "unclosed string", rest: " VALUES ('a),(1)", piece: 1},
	{name: "unclosed tuple", rest: " VALUES (1,2", piece: 1},
	{name: "trailing comma", rest: " VALUES (1),", piece: 1},
	{name: "a column named values_x is no keyword", rest: " VALUESX (1)", piece: 1},
}

func TestSplitValues(t *testing.T) {
	for _, tc := range splitValuesCases {
		t.Run(tc.name, func(t *testing.T) {
			head, pieces, ok := splitValues([]byte(tc.rest), tc.piece)
			if ok != tc.ok {
				t.Fatalf("ok = %v, want %v (pieces %v)", ok, tc.ok, bodies(pieces))
			}
			if !ok {
				return
			}
			if string(head) != tc.head {
				t.Errorf("head = %q, want %q", head, tc.head)
			}
			if len(pieces) != len(tc.pieces) {
				t.Fatalf("%d pieces %q, want %q", len(pieces), bodies(pieces), tc.pieces)
			}
			for i, p := range pieces {
				if string(p.body) != tc.pieces[i] || p.rows != tc.rows[i] {
					t.Errorf("piece %d = %q (%d rows), want %q (%d rows)", i, p.body, p.rows, tc.pieces[i], tc.rows[i])
				}
			}
		})
	}
}

func bodies(ps []valuesPiece) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = string(p.body)
	}
	return out
}
