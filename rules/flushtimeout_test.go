package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestFlushLogTimeoutText: with innodb_flush_log_at_trx_commit 0 or 2 the
// redo log is synced every innodb_flush_log_at_timeout seconds, not once a
// second (measured on MariaDB 10.11.19 at 5: fdatasync on ib_logfile0 five
// seconds apart), so the texts say what a crash loses from it; at its
// default 1, or unread, they say "about a second" as before.
func TestFlushLogTimeoutText(t *testing.T) {
	for _, tc := range []struct {
		name, id, durability string
		mutate               func(*profile.Profile)
		want, wantNot        []string
	}{
		{"2, timeout unread: about a second", "durability.flush_log_strict", "strict",
			setVar("innodb_flush_log_at_trx_commit", "2"),
			[]string{"flushed about once a second", "loses up to about a second of committed transactions"}, []string{"innodb_flush_log_at_timeout"}},
		{"2, timeout 1: about a second", "durability.flush_log_strict", "strict",
			all(setVar("innodb_flush_log_at_trx_commit", "2"), setVar("innodb_flush_log_at_timeout", "1")),
			[]string{"flushed about once a second"}, []string{"innodb_flush_log_at_timeout"}},
		{"2, timeout 5: five seconds", "durability.flush_log_strict", "strict",
			all(setVar("innodb_flush_log_at_trx_commit", "2"), setVar("innodb_flush_log_at_timeout", "5")),
			[]string{"flushed every 5 seconds (innodb_flush_log_at_timeout 5)",
				"loses up to 5 seconds (innodb_flush_log_at_timeout 5) of committed transactions"}, []string{"about a second"}},
		{"0, timeout 3: even a mysqld crash loses three seconds", "durability.flush_log_strict", "strict",
			all(setVar("innodb_flush_log_at_trx_commit", "0"), setVar("innodb_flush_log_at_timeout", "3")),
			[]string{"written and flushed every 3 seconds", "loses up to 3 seconds (innodb_flush_log_at_timeout 3)"}, []string{"about a second"}},
		{"relaxed 0, timeout 5: the sync stays every 5 seconds", "durability.flush_log_zero", "relaxed",
			all(setVar("innodb_flush_log_at_trx_commit", "0"), setVar("innodb_flush_log_at_timeout", "5")),
			[]string{"synced every 5 seconds (innodb_flush_log_at_timeout 5), not at", "the sync stays every 5 seconds"}, []string{"about a second", "once a second"}},
		{"relaxed on a slow disk, timeout 10", "durability.flush_log_relaxed", "relaxed",
			all(slowSync, setVar("innodb_flush_log_at_timeout", "10")),
			[]string{"synced every 10 seconds (innodb_flush_log_at_timeout 10)", "lose up to 10 seconds"}, []string{"about one second"}},
		{"slow disk, 2 and sync_binlog 0, timeout 5: what the unsynced commits risk", "durability.slow_commits", "strict",
			all(slowSync, setVar("innodb_flush_log_at_trx_commit", "2"), setVar("sync_binlog", "0"), setVar("innodb_flush_log_at_timeout", "5")),
			[]string{"but up to 5 seconds (innodb_flush_log_at_timeout 5) of them can be lost in a crash"}, []string{"about a second"}},
		{"MariaDB relaxed 2 unbuffered, timeout 5", "durability.log_file_buffering_relaxed", "relaxed",
			all(setVersion("mariadb", "10.11.19"), setVar("innodb_flush_log_at_trx_commit", "2"),
				setVar("innodb_log_file_buffering", "OFF"), setVar("innodb_flush_log_at_timeout", "5")),
			[]string{"=2's: up to 5 seconds (innodb_flush_log_at_timeout 5) on an OS crash"}, []string{"about a second"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			tc.mutate(&p)
			h, ok := fired(t, p, tc.durability, "")[tc.id]
			if !ok {
				t.Fatalf("%s did not fire", tc.id)
			}
			for _, w := range tc.want {
				if !strings.Contains(h.RenderedDetail, w) {
					t.Errorf("detail lacks %q: %s", w, h.RenderedDetail)
				}
			}
			for _, w := range tc.wantNot {
				if strings.Contains(h.RenderedDetail, w) {
					t.Errorf("detail has %q: %s", w, h.RenderedDetail)
				}
			}
		})
	}
}
