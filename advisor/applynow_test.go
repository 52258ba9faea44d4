package advisor

import (
	"reflect"
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestApplyNow(t *testing.T) {
	a := Advice{Target: profile.Target{Flavor: "mariadb", Version: "10.11"}, Findings: []Finding{
		{Variable: "innodb_buffer_pool_size", Recommended: "12G"},
		{Variable: "innodb_flush_method", Recommended: "O_DIRECT", RestartRequired: true},
		{Variable: "innodb_io_capacity", Recommended: "2500"},
		{Variable: "innodb_log_file_buffering", Recommended: "ON"},
		{Variable: "innodb_redo_log_capacity", Recommended: "4G"}, // MySQL's: MariaDB does not accept it
		{Summary: "no variable"},
	}}
	v, _ := profile.ParseVersion("10.11.19")
	got := ApplyNow(a, v)
	want := []string{"SET GLOBAL innodb_buffer_pool_size = 12884901888;", "SET GLOBAL innodb_io_capacity = 2500;",
		"SET GLOBAL innodb_log_file_buffering = ON;"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestSQLValue(t *testing.T) {
	for _, c := range []struct{ name, variable, value, want string }{
		{"size in bytes", "max_allowed_packet", "64M", "67108864"},
		{"number", "max_connections", "151", "151"},
		{"word", "innodb_flush_neighbors", "OFF", "OFF"},
		{"quoted", "sql_mode", "STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION", "'STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION'"},
		{"quote escaped", "init_connect", "SET x='y'", `'SET x=\'y\''`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := sqlValue(c.variable, c.value); got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}
