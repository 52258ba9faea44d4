package mycnf

import (
	"strings"
	"testing"
)

// TestMaximumTable runs a sample of options/mariadb-10.11-maximum.txt
// through mariadbd --help --verbose: refused names must stop it with
// "cannot be set", set ones must change the option's value, and session
// caps must leave the value alone.
func TestMaximumTable(t *testing.T) {
	cases := []struct {
		name, option, value, want string
	}{
		{"global server variable", "max_connections", "100", "refused"},
		{"global buffer", "key_buffer_size", "8388608", "refused"},
		{"global cache", "thread_cache_size", "9", "refused"},
		{"global binlog", "sync_binlog", "7", "refused"},
		{"InnoDB global", "innodb_io_capacity", "1000", "sets"},
		{"InnoDB pool", "innodb_buffer_pool_size", "209715200", "sets"},
		{"InnoDB redo", "innodb_log_file_size", "67108864", "sets"},
		{"InnoDB session variable", "innodb_lock_wait_timeout", "77", "sets"},
		{"Aria buffer", "aria_pagecache_buffer_size", "16777216", "sets"},
		{"session variable", "tmp_table_size", "8388608", ""},
		{"session buffer", "sort_buffer_size", "1048576", ""},
		{"session join buffer", "join_buffer_size", "1048576", ""},
	}
	mdb := serverTool(t, "mariadbd")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := maximumKind(c.option); got != c.want {
				t.Fatalf("maximumKind(%s) = %q, want %q", c.option, got, c.want)
			}
			dir := t.TempDir()
			arg := "--maximum-" + strings.ReplaceAll(c.option, "_", "-") + "=" + c.value
			out, stderr, ok := runTool(t, dir, mdb, "--no-defaults", "--datadir="+dir, arg, "--help", "--verbose")
			refused := strings.Contains(stderr, "cannot be set")
			if refused != (c.want == "refused") || ok == refused {
				t.Fatalf("mariadbd %s: ok=%v, refused=%v (%s); table says %q", arg, ok, refused, lastLines(stderr, 1), c.want)
			}
			if c.want == "refused" {
				return
			}
			if got := helpValues(out)[c.option]; (got == c.value) != (c.want == "sets") {
				t.Errorf("mariadbd %s runs with %s = %s; table says %q", arg, c.option, got, c.want)
			}
		})
	}
}
