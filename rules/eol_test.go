package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestMySQLEOLText: the server's own series and the path from it (QA: a
// 5.0 server was told "the 5.7 series reached end of life").
func TestMySQLEOLText(t *testing.T) {
	cases := map[string]string{
		"5.0.51": "the 5.0 series reached end of life in January 2012 (Oracle's Lifetime Support Policy). Upgrade to 8.4 LTS: in place one series at a time (5.0 → 5.1 → 5.5 → 5.6 → 5.7 → 8.0 → 8.4), or by a dump loaded into a new 8.4 server",
		"5.5.21": "the 5.5 series reached end of life in December 2018 (Oracle's Lifetime Support Policy). Upgrade to 8.4 LTS: in place one series at a time (5.5 → 5.6 → 5.7 → 8.0 → 8.4), or by a dump loaded into a new 8.4 server",
		"5.7.44": "the 5.7 series reached end of life in October 2023 (Oracle's Lifetime Support Policy). Upgrade to 8.4 LTS: in place one series at a time (5.7 → 8.0 → 8.4), or by a dump loaded into a new 8.4 server",
		"8.0.36": "",
	}
	for v, want := range cases {
		ver, err := profile.ParseVersionStrict(v)
		if err != nil {
			t.Fatal(err)
		}
		if got := (Env{F: Facts{Version: ver}}).MySQLEOLText(); got != want {
			t.Errorf("%s: %q\nwant %q", v, got, want)
		}
	}
}

// TestOldBufferDefaults: before MySQL 5.6.4 / 5.6.6 sort_buffer_size and
// join_buffer_size defaulted to 2M and 128K (the 5.0-5.5 captures), not
// 8.0's 256K (QA: a 5.1 server's 8M was compared with "256K, the default").
func TestOldBufferDefaults(t *testing.T) {
	for _, c := range []struct{ flavor, version, name, want string }{
		{"percona", "5.1.43", "sort_buffer_size", "2M"}, {"mysql", "5.5.21", "join_buffer_size", "128K"},
		{"mysql", "5.6.4", "sort_buffer_size", "256K"}, {"mysql", "5.6.5", "join_buffer_size", "128K"},
		{"mysql", "8.0.36", "join_buffer_size", "256K"}, {"mariadb", "5.5.68", "sort_buffer_size", "2M"},
		// QA: 5.6.8 changed these (MySQL 5.6 manual, "Changes to Server Defaults"); a Debian 5.5 my.cnf's working
		// 16M query cache was called off, and its redo 2 x 48M
		{"mysql", "5.5.21", "query_cache_type", "ON"}, {"mysql", "5.5.21", "query_cache_size", "0"},
		{"mysql", "5.5.21", "innodb_log_file_size", "5M"}, {"mysql", "5.5.21", "thread_cache_size", "0"},
		{"mysql", "5.5.21", "table_open_cache", "400"}, {"mysql", "5.6.10", "query_cache_type", "OFF"},
		{"mysql", "5.6.10", "innodb_log_file_size", "48M"}, {"mysql", "5.7.9", "table_open_cache", "2000"},
		{"mysql", "5.7.9", "innodb_log_buffer_size", "16M"}, {"mysql", "5.7.5", "innodb_log_buffer_size", "8M"},
		{"mariadb", "5.5.68", "innodb_log_file_size", "5M"}, {"mariadb", "10.0.38", "query_cache_type", "ON"},
		{"mariadb", "10.1.48", "query_cache_type", "OFF"}, {"mariadb", "10.1.48", "thread_cache_size", "0"},
		{"mariadb", "10.11.6", "thread_cache_size", "256"},
	} {
		v, err := profile.ParseVersionStrict(c.version)
		if err != nil {
			t.Fatal(err)
		}
		if got, _, _ := defaultValue(c.flavor, v, 2, c.name); got != c.want {
			t.Errorf("%s %s %s default = %q, want %q", c.flavor, c.version, c.name, got, c.want)
		}
	}
}

// TestShortTermEOL: each short-term MariaDB and MySQL Innovation series
// past its end of support is called so, with the day it ended, and the LTS
// series beside them are not (QA: 11.5-12.2 and 9.0-9.6 were silent).
func TestShortTermEOL(t *testing.T) {
	for _, c := range []struct{ name, flavor, version, id, ended string }{
		{"MariaDB 11.3 short-term", "mariadb", "11.3.2", "hygiene.eol_mariadb", "2024-05-29"},
		{"MariaDB 11.4 LTS", "mariadb", "11.4.3", "", ""},
		{"MariaDB 11.5 rolling", "mariadb", "11.5.2", "hygiene.eol_mariadb", "2024-11-21"},
		{"MariaDB 11.6 rolling", "mariadb", "11.6.2", "hygiene.eol_mariadb", "2025-02-13"},
		{"MariaDB 11.7 rolling", "mariadb", "11.7.2", "hygiene.eol_mariadb", "2025-05-12"},
		{"MariaDB 11.8 LTS", "mariadb", "11.8.3", "", ""},
		{"MariaDB 12.0 rolling", "mariadb", "12.0.2", "hygiene.eol_mariadb", "2025-11-18"},
		{"MariaDB 12.1 rolling", "mariadb", "12.1.2", "hygiene.eol_mariadb", "2026-02-13"},
		{"MariaDB 12.2 rolling", "mariadb", "12.2.2", "hygiene.eol_mariadb", "2026-05-13"},
		{"MariaDB 12.3 LTS", "mariadb", "12.3.3", "", ""},
		{"MySQL 8.3 innovation", "mysql", "8.3.0", "hygiene.eol_mysql_innovation", "2024-04-10"},
		{"MySQL 8.4 LTS", "mysql", "8.4.3", "", ""},
		{"MySQL 9.0 innovation", "mysql", "9.0.1", "hygiene.eol_mysql_innovation", "2024-10-15"},
		{"MySQL 9.1 innovation", "mysql", "9.1.0", "hygiene.eol_mysql_innovation", "2025-01-21"},
		{"MySQL 9.2 innovation", "mysql", "9.2.0", "hygiene.eol_mysql_innovation", "2025-04-15"},
		{"MySQL 9.3 innovation", "mysql", "9.3.0", "hygiene.eol_mysql_innovation", "2025-07-22"},
		{"MySQL 9.4 innovation", "mysql", "9.4.0", "hygiene.eol_mysql_innovation", "2025-10-21"},
		{"MySQL 9.5 innovation", "mysql", "9.5.0", "hygiene.eol_mysql_innovation", "2026-01-20"},
		{"MySQL 9.6 innovation", "mysql", "9.6.0", "hygiene.eol_mysql_innovation", "2026-04-21"},
		{"MySQL 9.7 LTS", "mysql", "9.7.0", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := quietProfile()
			setVersion(c.flavor, c.version)(&p)
			hits := fired(t, p, "strict", "")
			for _, id := range []string{"hygiene.eol_mariadb", "hygiene.eol_mysql_innovation"} {
				h, ok := hits[id]
				if ok != (id == c.id) {
					t.Fatalf("%s fired = %v, want %v", id, ok, id == c.id)
				}
				if ok && !strings.Contains(h.RenderedDetail, "ended "+c.ended) {
					t.Errorf("%s detail does not say it ended %s: %s", id, c.ended, h.RenderedDetail)
				}
			}
		})
	}
}
