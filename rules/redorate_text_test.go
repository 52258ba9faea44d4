package rules

import "testing"

// TestRedoRateText: why the redo rate is unknown is said as it is; a
// status that could not be read is not "the server reported no redo
// writes" (QA: a connection dropped at SHOW GLOBAL STATUS).
func TestRedoRateText(t *testing.T) {
	cases := []struct {
		name string
		f    Facts
		want string
	}{
		{"no server", Facts{}, "no server status"},
		{"status unread", Facts{HasServer: true}, "SHOW GLOBAL STATUS could not be read: see the gaps"},
		{"up 5 min", Facts{HasServer: true, StatusRead: true, UptimeS: 300}, "the server is up for only 5 min, too short for an average"},
		{"up a day, no redo written", Facts{HasServer: true, StatusRead: true, UptimeS: 86400}, "the server reported no redo writes"},
		{"averaged", Facts{HasServer: true, StatusRead: true, UptimeS: 7200, RedoBytesPerS: 1000},
			"average of Innodb_os_log_written over the 2.0 h since the server started"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := (Env{F: c.f}).RedoRateText(); got != c.want {
				t.Errorf("RedoRateText = %q, want %q", got, c.want)
			}
		})
	}
}
