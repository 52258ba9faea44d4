package profile

import (
	"slices"
	"testing"
)

// TestAccountPrivileges: what an account read from SHOW GRANTS may do,
// as MariaDB 10.11.19 decided it (review r52).
func TestAccountPrivileges(t *testing.T) {
	rest := &Account{User: "rest@localhost", Global: []string{}, Databases: []DatabaseGrant{{Database: "shop", Privileges: []string{"ALL PRIVILEGES"}},
		{Database: `test\_%`, Privileges: []string{"SELECT", "EVENT"}}}}
	admin := &Account{User: "dba@%", Global: []string{"SET USER", "BINLOG ADMIN"}}
	root := &Account{User: "root@localhost", Global: []string{"ALL PRIVILEGES"}}
	cases := []struct {
		name string
		got  bool
		want bool
	}{
		{"no global privilege", rest.HasGlobal("SUPER", "SET USER"), false},
		{"one of the named", admin.HasGlobal("SET USER", "SUPER"), true},
		{"ALL PRIVILEGES holds SUPER", root.HasGlobal("SUPER"), true},
		{"nil account holds nothing", (*Account)(nil).HasGlobal("SUPER"), false},
		{"ALL on the database holds EVENT", rest.OnDatabase("shop", "EVENT"), true},
		{"not on another database", rest.OnDatabase("shop2", "EVENT"), false},
		{"an escaped _ matches itself", rest.OnDatabase("test_1", "EVENT"), true},
		{"an escaped _ matches no other letter", rest.OnDatabase("testx1", "EVENT"), false},
		{"a privilege the pattern lacks", rest.OnDatabase("test_1", "TRIGGER"), false},
		{"global ALL on any database", root.OnDatabase("x", "CREATE ROUTINE"), true},
		{"same account", rest.SameAccount("rest@localhost"), true},
		{"host compared in any case", rest.SameAccount("rest@LOCALHOST"), true},
		{"another host is another account", rest.SameAccount("rest@%"), false},
		{"user compared exactly", rest.SameAccount("Rest@localhost"), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.got != c.want {
				t.Errorf("got %v, want %v", c.got, c.want)
			}
		})
	}
}

// TestPrivilegeNames: the privilege each refusal names, by server and
// version (MariaDB 10.11.19 measured in review r52).
func TestPrivilegeNames(t *testing.T) {
	cases := []struct {
		name string
		got  []string
		want []string
	}{
		{"definer, MariaDB 10.11", DefinerPrivileges(FlavorMariaDB, "10.11.19"), []string{"SET USER", "SUPER"}},
		{"definer, MariaDB 10.4", DefinerPrivileges(FlavorMariaDB, "10.4.30"), []string{"SUPER"}},
		{"definer, MySQL 8.0", DefinerPrivileges(FlavorMySQL, "8.0.36"), []string{"SET_USER_ID", "SUPER"}},
		{"definer, MySQL 8.4", DefinerPrivileges(FlavorMySQL, "8.4.3"), []string{"SET_ANY_DEFINER", "SUPER"}},
		{"sync_binlog, MariaDB 10.11", SetGlobalPrivileges(FlavorMariaDB, "10.11.19", "sync_binlog"), []string{"BINLOG ADMIN", "SUPER"}},
		{"binlog_expire_logs_seconds", SetGlobalPrivileges(FlavorMariaDB, "10.11.19", "binlog_expire_logs_seconds"), []string{"BINLOG ADMIN", "SUPER"}},
		{"log_bin_trust_function_creators", SetGlobalPrivileges(FlavorMariaDB, "10.11.19", "log_bin_trust_function_creators"), []string{"BINLOG ADMIN", "SUPER"}},
		{"max_connections", SetGlobalPrivileges(FlavorMariaDB, "10.11.19", "max_connections"), []string{"CONNECTION ADMIN", "SUPER"}},
		{"innodb_io_capacity", SetGlobalPrivileges(FlavorMariaDB, "10.11.19", "innodb_io_capacity"), []string{"SUPER"}},
		{"sync_binlog, MariaDB 10.4", SetGlobalPrivileges(FlavorMariaDB, "10.4.30", "sync_binlog"), []string{"SUPER"}},
		{"MySQL 8", SetGlobalPrivileges(FlavorMySQL, "8.0.36", "innodb_io_capacity"), []string{"SYSTEM_VARIABLES_ADMIN", "SUPER"}},
		{"MySQL 5.7", SetGlobalPrivileges(FlavorMySQL, "5.7.44", "sync_binlog"), []string{"SUPER"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !slices.Equal(c.got, c.want) {
				t.Errorf("got %q, want %q", c.got, c.want)
			}
		})
	}
	for _, c := range []struct {
		privs []string
		want  string
	}{{[]string{"SUPER"}, "the SUPER privilege"}, {[]string{"SET USER", "SUPER"}, "the SET USER or SUPER privilege"},
		{[]string{"A", "B", "C"}, "the A, B or C privilege"}} {
		if got := PrivilegeWords(c.privs); got != c.want {
			t.Errorf("PrivilegeWords(%q) = %q, want %q", c.privs, got, c.want)
		}
	}
}
