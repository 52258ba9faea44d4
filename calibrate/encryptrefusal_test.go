package calibrate

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestEncryptionRefusal: a CREATE TABLE naming encryption options that
// the server refused with "Can't create table" (MariaDB 10.11.19 without a
// key-management plugin, the sbenckey dump, 2026-12-07) is explained with
// what to do; other refusals and other tables are left as they are.
func TestEncryptionRefusal(t *testing.T) {
	refused := &mysql.MySQLError{Number: 1005, Message: "Can't create table `mytune_calibrate`.`mytune_calibrate_load_0` (errno: 140 \"Wrong create options\")"}
	mydumper := "CREATE TABLE `sbtest1` (\n  `id` int(11) NOT NULL AUTO_INCREMENT,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=latin1 `encrypted`='yes' `encryption_key_id`='2'"
	cases := []struct {
		name   string
		err    error
		create string
		want   string // "" when nothing is added
	}{
		{"mydumper's quoted options", refused, mydumper, "lacks the key-management plugin or the key it asks for"},
		{"bare ENCRYPTION_KEY_ID", refused, "CREATE TABLE t (id int) ENCRYPTION_KEY_ID=5", "delete those options"},
		{"refused for another reason", refused, "CREATE TABLE t (id int) ENGINE=InnoDB", ""},
		{"another error", &mysql.MySQLError{Number: 1050, Message: "Table exists"}, mydumper, ""},
		{"not a server error", errors.New("driver: bad connection"), mydumper, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := encryptionRefusal(c.err, c.create)
			if c.want == "" && got != "" || !strings.Contains(got, c.want) {
				t.Errorf("got %q, want it to hold %q", got, c.want)
			}
		})
	}
}
