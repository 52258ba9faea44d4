package dump

import (
	"reflect"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestEncryptionOptions: ENCRYPTED= and ENCRYPTION_KEY_ID= are read from
// the table options as MariaDB 10.11.19's SHOW CREATE TABLE writes them
// (quoted, `encrypted`='yes') and bare, not from a column's definition;
// tables are grouped by what they ask.
func TestEncryptionOptions(t *testing.T) {
	cases := []struct {
		name   string
		tables map[string]string // table → CREATE TABLE text after its name
		want   []profile.DumpEncryption
	}{
		{"MariaDB 10.11.19's SHOW CREATE TABLE (mydumper 0.10)", map[string]string{
			"sbenckey.sbtest1": "(\n  `id` int(11) NOT NULL AUTO_INCREMENT,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB AUTO_INCREMENT=100001 DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci `encrypted`='yes' `encryption_key_id`='2';"},
			[]profile.DumpEncryption{{Encrypted: "yes", KeyID: 2, Tables: []string{"sbenckey.sbtest1"}}}},
		{"bare options, grouped", map[string]string{
			"s.b": "(`id` int) ENGINE=InnoDB ENCRYPTED=YES",
			"s.a": "(`id` int) ENGINE=InnoDB encrypted = yes",
			"s.c": "(`id` int) ENGINE=InnoDB ENCRYPTION_KEY_ID=5",
			"s.d": "(`id` int) ENGINE=InnoDB `encrypted`='no'",
			"s.e": "(`id` int) ENGINE=InnoDB ENCRYPTED=DEFAULT"},
			[]profile.DumpEncryption{{Encrypted: "yes", Tables: []string{"s.a", "s.b"}}, {Encrypted: "no", Tables: []string{"s.d"}},
				{KeyID: 5, Tables: []string{"s.c"}}}},
		{"a column named encrypted", map[string]string{
			"s.a": "(`encrypted` enum('yes','no') DEFAULT 'yes') ENGINE=InnoDB"}, nil},
		{"none", map[string]string{"s.a": "(`id` int) ENGINE=InnoDB"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := encryptionOptions{}
			for table, rest := range c.tables {
				e.add(table, afterDefinitions(rest))
			}
			if got := e.list(); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}
