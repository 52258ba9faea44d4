package threads

import (
	"strings"
	"testing"
)

// TestGrowRedoNotOfferedSaysWhatTheServerHas: when the my.cnf lines of this report
// advise a redo log the server does not have yet, the note that declines
// to grow it names the advised size as advised and the server's own as
// the server's, never the advised size as "the log it has" (review r14:
// "no larger than the 512.0 MiB log it has" with innodb_log_file_size 96M
// on the server, the heldout fast-sb8r120k profile).
func TestGrowRedoNotOfferedSaysWhatTheServerHas(t *testing.T) {
	tests := []struct {
		name       string
		advised    map[string]string
		has, lacks string
	}{
		{"advised 512M over the server's 96M", map[string]string{"innodb_buffer_pool_size": "16G", "innodb_log_file_size": "512M"},
			"no larger than the 512.0 MiB log the my.cnf lines of this report advise (the server has 96.0 MiB now)", "512.0 MiB log it has"},
		{"nothing advised: the server's 384M is the log it has", nil,
			"no larger than the 384.0 MiB log it has", "advise"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := dump40
			d2 := *d
			d2.TotalBytes = 400e6
			p := prof(2, 0, cardCurve, &d2)
			p.Storage.FreeBytes = 3 << 30
			redo := "100663296"
			if tc.advised == nil {
				redo = "402653184"
			}
			p.Server = server("mariadb", "10.11.19-MariaDB", map[string]string{"innodb_buffer_pool_size": "16G", "innodb_log_file_size": redo})
			plan := Size(p, Options{Task: TaskLoad, Advised: tc.advised})
			notes := strings.Join(plan.Notes, "|")
			if !strings.Contains(notes, tc.has) {
				t.Errorf("notes lack %q:\n%s", tc.has, notes)
			}
			for _, n := range plan.Notes {
				if strings.HasPrefix(n, "redo log growth not offered") && strings.Contains(n, tc.lacks) {
					t.Errorf("note has %q: %s", tc.lacks, n)
				}
			}
		})
	}
}

// TestRestartRedoSaysWhatTheServerHas: on a server that resizes its redo
// log only with a restart, the note naming the log that would hold the
// load says the advised log is advised, not the log the server has (review
// r14, as TestGrowRedoNotOfferedSaysWhatTheServerHas).
func TestRestartRedoSaysWhatTheServerHas(t *testing.T) {
	d := *dump40
	d.TotalBytes = 400e6
	p := prof(2, 0, cardCurve, &d)
	p.Storage.FreeBytes = 50 << 30
	p.Server = server("mariadb", "10.6.18-MariaDB", map[string]string{"innodb_buffer_pool_size": "16G", "innodb_log_file_size": "100663296"})
	plan := Size(p, Options{Task: TaskLoad, Advised: map[string]string{"innodb_buffer_pool_size": "16G", "innodb_log_file_size": "256M"}})
	var note string
	for _, n := range plan.Notes {
		if strings.HasPrefix(n, "redo log growth not offered") {
			note = n
		}
	}
	if !strings.Contains(note, "where the 256.0 MiB log the my.cnf lines of this report advise (the server has 96.0 MiB now) starts async flushing") {
		t.Errorf("note: %q", note)
	}
}
