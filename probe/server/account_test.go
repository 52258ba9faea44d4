package server

import (
	"reflect"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestParseGrants: SHOW GRANTS lines as MariaDB 10.11.19 wrote them for
// the accounts of review r52 (and MySQL 8's dynamic privileges line),
// read into what the account may do; the password hash is never kept.
func TestParseGrants(t *testing.T) {
	cases := []struct {
		name  string
		lines []string
		want  *profile.Account
	}{
		{"ALL on one database", []string{
			"GRANT USAGE ON *.* TO `rest`@`localhost` IDENTIFIED BY PASSWORD '*0C8CAA10B8BCC4FB90E830C47856C25504ED090F'",
			"GRANT ALL PRIVILEGES ON `shop`.* TO `rest`@`localhost`",
		}, &profile.Account{User: "u@h", Global: []string{}, Databases: []profile.DatabaseGrant{{Database: "shop", Privileges: []string{"ALL PRIVILEGES"}}}}},
		{"MariaDB's split privileges", []string{
			"GRANT SET USER, BINLOG ADMIN ON *.* TO `rest`@`localhost` IDENTIFIED BY PASSWORD '*0C8C'",
			"GRANT SELECT, INSERT, EVENT ON `test\\_%`.* TO PUBLIC",
		}, &profile.Account{User: "u@h", Global: []string{"SET USER", "BINLOG ADMIN"},
			Databases: []profile.DatabaseGrant{{Database: `test\_%`, Privileges: []string{"SELECT", "INSERT", "EVENT"}}}}},
		{"root", []string{
			"GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` IDENTIFIED BY PASSWORD '*81F5' WITH GRANT OPTION",
			"GRANT PROXY ON ''@'%' TO 'root'@'localhost' WITH GRANT OPTION",
		}, &profile.Account{User: "u@h", Global: []string{"ALL PRIVILEGES"}, Databases: []profile.DatabaseGrant{}}},
		{"MySQL 8 dynamic privileges, a role, table and column grants left out", []string{
			"GRANT RELOAD ON *.* TO `l`@`%`",
			"GRANT BINLOG_ADMIN,SET_USER_ID ON *.* TO `l`@`%`",
			"GRANT SELECT (`a`) ON `shop`.`t` TO `l`@`%`",
			"GRANT INSERT ON `shop`.`t` TO `l`@`%`",
			"GRANT EXECUTE ON PROCEDURE `shop`.`p` TO `l`@`%`",
			"GRANT `loader` TO `l`@`%`",
		}, &profile.Account{User: "u@h", Global: []string{"RELOAD", "BINLOG_ADMIN", "SET_USER_ID"}, Databases: []profile.DatabaseGrant{},
			Roles: []string{"loader"}}},
		{"two lines on one database merge", []string{
			"GRANT SELECT ON `a``b`.* TO `u`@`h`", "GRANT SELECT, TRIGGER ON `a``b`.* TO `u`@`h`",
		}, &profile.Account{User: "u@h", Global: []string{}, Databases: []profile.DatabaseGrant{{Database: "a`b", Privileges: []string{"SELECT", "TRIGGER"}}}}},
		// review r58: MariaDB 10.11.19 with the global sql_mode ANSI_QUOTES
		// (or ANSI, ORACLE) quotes SHOW GRANTS in double quotes; read as
		// backticks only, the database grants and the role were lost.
		{"ANSI_QUOTES: double-quoted database and role", []string{
			`GRANT "r1" TO "app"@"localhost"`,
			`GRANT USAGE ON *.* TO "app"@"localhost"`,
			`GRANT SELECT, INSERT ON "shop".* TO "app"@"localhost"`,
			`GRANT SELECT ON "a""""b".* TO "app"@"localhost"`,
			`GRANT SELECT, SELECT ("id") ON "shop"."t" TO "app"@"localhost"`,
		}, &profile.Account{User: "u@h", Global: []string{}, Databases: []profile.DatabaseGrant{
			{Database: "shop", Privileges: []string{"SELECT", "INSERT"}}, {Database: `a""b`, Privileges: []string{"SELECT"}}},
			Roles: []string{"r1"}}},
		{"ANSI_QUOTES: a backtick inside a double-quoted name", []string{
			"GRANT SELECT ON \"we`ird\".* TO \"app\"@\"localhost\"",
		}, &profile.Account{User: "u@h", Global: []string{}, Databases: []profile.DatabaseGrant{{Database: "we`ird", Privileges: []string{"SELECT"}}}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := parseGrants("u@h", c.lines); !reflect.DeepEqual(got, c.want) {
				t.Errorf("got %+v, want %+v", got, c.want)
			}
		})
	}
}
