package advisor

import (
	"strings"
	"testing"
)

// TestAdviceNotes: how the advice was made is said in the notes.
func TestAdviceNotes(t *testing.T) {
	cases := []struct {
		name, scenario, target string
		version                string // the server's version, relabelled
		zeroMemory             bool
		want                   string
		denyIDs                []string
		reasonHas              string
	}{
		{"memory unknown: memory rules skipped", "no-server-tier12g", "", "", true, "host memory unknown",
			[]string{"memory.buffer_pool_over_memory", "memory.buffer_pool_small", "memory.max_connections_memory", "memory.no_room_for_pool"}, ""},
		{"MariaDB my.cnf without server or --target: the target says why", "no-server-tier12g", "", "", false, "", nil,
			"MariaDB-only option innodb_data_file_buffering in /etc/mysql/my.cnf"},
		// review r28: saved MariaDB profiles relabelled 13.0.0 and 11.9.1 were advised without a word on where mytune's knowledge ends
		{"a series mytune does not know is said to be one", "nvme-mysql84", "", "27.1.0", false,
			"the server is MySQL 27.1, a series mytune does not know", nil, "27.1.0"},
		{"a known series: no such note", "nvme-mysql84", "", "8.4.99", false, "", nil, "8.4.99"},
		{"--target beats the my.cnf; its names were checked for 10.11 only", "no-server-tier12g", "mariadb-11.4", "", false, "checked only against mariadbd 10.11.19", nil, "--target mariadb-11.4"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := loadScenario(t, tc.scenario)
			if tc.version != "" {
				p.Server.Version, p.Server.Variables["version"] = tc.version, tc.version
			}
			if tc.zeroMemory {
				p.Host.Memory.TotalBytes, p.Host.Memory.AvailableBytes = 0, 0
			}
			a, err := Advise(p, AdviseOptions{Target: tc.target})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(a.Target.Reason, tc.reasonHas) {
				t.Errorf("target reason %q, want %q", a.Target.Reason, tc.reasonHas)
			}
			notes := strings.Join(a.Notes, "\n")
			if (tc.want == "") != (notes == "") || !strings.Contains(notes, tc.want) {
				t.Errorf("notes %q, want %q", notes, tc.want)
			}
			for _, f := range a.Findings {
				for _, id := range tc.denyIDs {
					if f.ID == id {
						t.Errorf("%s fired with memory unknown: %s", id, f.Detail)
					}
				}
			}
		})
	}
}
