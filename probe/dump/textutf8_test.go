package dump

import "testing"

// TestUTF8Text: a character split between pieces is judged whole; a
// latin1 byte, a character cut by the stream's end and ASCII-only text
// are not UTF-8 text.
func TestUTF8Text(t *testing.T) {
	cases := []struct {
		name   string
		pieces []string
		want   bool
	}{
		{"one piece", []string{"INSERT 'ä😀'"}, true},
		{"emoji split across pieces", []string{"x \xf0\x9f", "\x98\x80 y"}, true},
		{"two-byte split", []string{"a\xc3", "\xa4"}, true},
		{"latin1 byte", []string{"(1,'\xe9');"}, false},
		{"cut by the end", []string{"a\xc3"}, false},
		{"ASCII only", []string{"INSERT INTO t VALUES (1);"}, false},
		{"invalid after valid", []string{"ä", "\xff"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var u utf8Text
			for _, p := range c.pieces {
				u.write([]byte(p))
			}
			if got := u.utf8(); got != c.want {
				t.Errorf("utf8() = %v, want %v", got, c.want)
			}
		})
	}
}

// TestReadNoSetNamesUTF8: a --compact file with UTF-8 text and no SET
// NAMES says so; a file with mysqldump's header (SET NAMES utf8mb4) and a
// --compact file of ASCII text do not.
func TestReadNoSetNamesUTF8(t *testing.T) {
	cases := []struct {
		path string
		want bool
	}{
		{"testdata/mariadb-dump-10.11-compact-utf8.sql", true},
		{"testdata/mariadb-dump-10.11.sql", false},
		{"testdata/mariadb-dump-10.11-compact-fk.sql", false},
		{"testdata/mariadb-dump-10.11-binary.sql", false},
	}
	for _, c := range cases {
		t.Run(c.path, func(t *testing.T) {
			d, err := Read(t.Context(), c.path)
			if err != nil {
				t.Fatal(err)
			}
			if d.NoSetNamesUTF8 != c.want {
				t.Errorf("NoSetNamesUTF8 = %v, want %v", d.NoSetNamesUTF8, c.want)
			}
		})
	}
}
