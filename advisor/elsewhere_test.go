package advisor

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestAdviceOnNotTheServersHost: a server whose disk (or machine) is not
// the one measured gets no headline commit rate, no restore-room finding
// priced on this machine's free space and, on another machine, no memory
// sizing on this machine's RAM (review r42).
func TestAdviceOnNotTheServersHost(t *testing.T) {
	dump := &profile.Dump{Format: "mydumper", Path: "/backup/shop", TotalBytes: 100 << 20, DataBytes: 100 << 20, Tables: 1, Chunks: 4,
		Engines: []profile.DumpEngine{{Name: "InnoDB", Tables: 1, Bytes: 100 << 20}}}
	cases := []struct {
		name          string
		storage, host string // the reasons probe.ServerElsewhere and probe.OnAnotherMachine gave
		ids, notIDs   []string
		verdict       string
		note          string // in the advice's notes; "" for none expected
	}{
		{"the server's own disk: priced", "", "",
			[]string{"memory.buffer_pool_small", RestoreRoomID}, []string{"storage.not_the_servers"}, "commits/s per session", ""},
		{"container here: the disk is not priced, the memory is", "the server (tcp 127.0.0.1:3941) runs in a container", "",
			[]string{"storage.not_the_servers", "memory.buffer_pool_small"}, []string{RestoreRoomID, "io.capacity"},
			"this is not the server's disk (storage.server_elsewhere), so no commit rate", ""},
		{"another machine: neither disk nor memory", "the server (tcp 10.242.0.2:3942) is on another machine",
			"the server (tcp 10.242.0.2:3942) is on another machine",
			[]string{"storage.not_the_servers"}, []string{RestoreRoomID, "memory.buffer_pool_small", "memory.max_connections_memory"},
			"this is not the server's disk", "this machine's memory (187.0 GiB usable) is not the server's"}, // the scenario's 200789721088 bytes
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := loadScenario(t, "nvme-mysql84")
			p.Dump, p.Storage.FreeBytes = dump, 150<<20 // the dump's tables do not fit: restore.room when priced
			p.Server.Variables["innodb_buffer_pool_size"] = "134217728"
			p.Storage.ServerElsewhere, p.Host.ServerElsewhere = tc.storage, tc.host
			a, err := Advise(p, AdviseOptions{Task: "load", ToolVersion: "test"})
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range tc.ids {
				if !hasFinding(a.Findings, id) {
					t.Errorf("no %s finding", id)
				}
			}
			for _, id := range tc.notIDs {
				if hasFinding(a.Findings, id) {
					t.Errorf("%s found, want none", id)
				}
			}
			if !strings.Contains(a.Verdict, tc.verdict) {
				t.Errorf("verdict %q, want %q in it", a.Verdict, tc.verdict)
			}
			if tc.note != "" && !strings.Contains(strings.Join(a.Notes, "\n"), tc.note) {
				t.Errorf("notes lack %q:\n%s", tc.note, strings.Join(a.Notes, "\n"))
			}
		})
	}
}
