package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// engines sets the server's tables per engine (information_schema.TABLES).
func engines(m map[string]int) func(*profile.Profile) {
	return func(p *profile.Profile) {
		p.Server.Engines = map[string]profile.EngineUsage{}
		for name, n := range m {
			p.Server.Engines[name] = profile.EngineUsage{Tables: n}
		}
	}
}

// connUse sets max_connections, Max_used_connections and the uptime.
// tmp_table_size is 1M so that 3000 connections' worst case (buffers and
// an in-memory temporary table, QA 13) fits the 32 GiB quiet host and
// memory.max_connections_memory does not take the finding over.
func connUse(max, used, uptimeS string) func(*profile.Profile) {
	return all(setVar("max_connections", max), setStatus("max_used_connections", used), setStatus("uptime", uptimeS),
		setVar("tmp_table_size", "1M"))
}

// TestUnusedRules covers QA 15's three candidate rules, each at its
// threshold and where the numbers that would back it are missing.
func TestUnusedRules(t *testing.T) {
	const week = "604800"
	cases := []struct {
		name, id string
		mutate   func(*profile.Profile)
		want     bool
		inDetail string
	}{
		{"256M key cache, InnoDB only", "memory.key_buffer_unused", all(setVar("key_buffer_size", "256M"), engines(map[string]int{"InnoDB": 100})), true, "about 248.0 MiB"},
		{"64M key cache, no MyISAM", "memory.key_buffer_unused", all(setVar("key_buffer_size", "64M"), engines(map[string]int{"InnoDB": 100})), true, "none of the 100 user tables is MyISAM"},
		{"63M key cache", "memory.key_buffer_unused", all(setVar("key_buffer_size", "63M"), engines(map[string]int{"InnoDB": 100})), false, ""},
		{"one MyISAM table", "memory.key_buffer_unused", all(setVar("key_buffer_size", "256M"), engines(map[string]int{"InnoDB": 99, "MyISAM": 1})), false, ""},
		{"a MERGE table uses the key cache", "memory.key_buffer_unused", all(setVar("key_buffer_size", "256M"), engines(map[string]int{"MRG_MYISAM": 1})), false, ""},
		{"engines unknown", "memory.key_buffer_unused", setVar("key_buffer_size", "256M"), false, ""},
		{"MariaDB's 128M default is no fault", "memory.key_buffer_unused", all(setVersion("mariadb", "10.11.6"), engines(map[string]int{"InnoDB": 100})), false, ""},
		{"MariaDB 512M, InnoDB only, back to its 128M", "memory.key_buffer_unused", all(setVersion("mariadb", "10.11.6"), setVar("key_buffer_size", "512M"), engines(map[string]int{"InnoDB": 100})), true, "about 384.0 MiB"},
		{"lock wait 600 s", "hygiene.lock_wait_timeout_high", setVar("innodb_lock_wait_timeout", "600"), true, "600 s"},
		{"lock wait 599 s", "hygiene.lock_wait_timeout_high", setVar("innodb_lock_wait_timeout", "599"), false, ""},
		{"lock wait default", "hygiene.lock_wait_timeout_high", func(*profile.Profile) {}, false, ""},
		{"3000 with 9 used for a week", "memory.max_connections_unused", connUse("3000", "9", week), true, "3000 x"},
		{"3000 with 9 used for a day", "memory.max_connections_unused", connUse("3000", "9", "86400"), false, ""},
		{"3000 with 300 used", "memory.max_connections_unused", connUse("3000", "300", week), true, "at most 300 connections"},
		{"3000 with 301 used", "memory.max_connections_unused", connUse("3000", "301", week), false, ""},
		{"151 default with 1 used", "memory.max_connections_unused", connUse("151", "1", week), false, ""},
		{"up 30 days, FLUSH STATUS a day ago: 9 used since then, too short", "memory.max_connections_unused",
			all(connUse("3000", "9", "2592000"), setStatus("uptime_since_flush_status", "86400")), false, ""},
		{"up 30 days, FLUSH STATUS 8 days ago", "memory.max_connections_unused",
			all(connUse("3000", "9", "2592000"), setStatus("uptime_since_flush_status", "691200")), true, "at most 9 connections at once since FLUSH STATUS 8 days ago"},
		{"Max_used unknown", "memory.max_connections_unused", all(setVar("max_connections", "3000"), setStatus("uptime", week)), false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := quietProfile()
			c.mutate(&p)
			h, ok := fired(t, p, "strict", "")[c.id]
			if ok != c.want {
				t.Fatalf("%s fired = %v, want %v", c.id, ok, c.want)
			}
			if ok && !strings.Contains(h.RenderedDetail, c.inDetail) {
				t.Errorf("detail %q lacks %q", h.RenderedDetail, c.inDetail)
			}
		})
	}
}
