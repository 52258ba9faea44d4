package rules

import (
	"strings"
	"testing"
)

// TestSyncBinlogRelaxedLossText: what an OS crash does with sync_binlog =
// 1000 is said both ways (review r24: the text said only that replicas
// "miss" the lost commit groups, but a dump thread sends events before
// the file is synced, so a replica that received them is ahead of the
// restarted source; MySQL 8.4 manual, sync_binlog).
func TestSyncBinlogRelaxedLossText(t *testing.T) {
	p := quietProfile()
	slowSync(&p)
	setVar("log_bin", "ON")(&p)
	setVar("sync_binlog", "1")(&p)
	h, ok := fired(t, p, "relaxed", "")["durability.sync_binlog_relaxed"]
	if !ok {
		t.Fatal("durability.sync_binlog_relaxed did not fire")
	}
	for _, want := range []string{"a replica that had not received them then miss them", "ahead of the restarted source"} {
		t.Run(want, func(t *testing.T) {
			if !strings.Contains(h.RenderedDetail, want) {
				t.Errorf("detail %q, want %q", h.RenderedDetail, want)
			}
		})
	}
}
