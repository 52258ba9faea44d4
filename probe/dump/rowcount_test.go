package dump

import "testing"

func TestRowCount(t *testing.T) {
	cases := []struct {
		name string
		rest string
		want int
	}{
		{"one row", " VALUES (1)", 1},
		{"mysqldump extended insert", " VALUES (1,'a'),(2,'b'),(3,'c')", 3},
		{"mydumper one row a line", " VALUES\n(1,2),\n(2,3),\n(3,4)", 3},
		{"row separator inside a string (QA r1.sql)", " VALUES (1,'x),(y'),(2,'x),(y')", 2},
		{"escaped quote before a separator in a string", ` VALUES (1,'it\'s),(no'),(2,'\\'),(3,"a),(b")`, 3},
		{"doubled quote", " VALUES (1,'a''),(b'),(2,'c')", 2},
		{"column list is not a row", " (`a`,`b`) VALUES (1,2),(3,4)", 2},
		{"parentheses inside a value", " VALUES (1,POINT(1,2)),(2,POINT(3,4))", 2},
		{"ON DUPLICATE KEY UPDATE adds nothing", " VALUES (1,2),(3,4) ON DUPLICATE KEY UPDATE b=VALUES(b)", 2},
		{"unclosed string counts what it saw, at least one", " VALUES ('abc", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := rowCount([]byte(c.rest)); got != c.want {
				t.Errorf("rowCount(%q) = %d, want %d", c.rest, got, c.want)
			}
		})
	}
}
