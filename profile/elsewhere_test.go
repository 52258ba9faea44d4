package profile

import "testing"

// TestServersView: the storage and memory the advice may price are the
// profile's own, unless the disk measured (or the machine) is not the
// server's (review r42).
func TestServersView(t *testing.T) {
	base := func() Profile {
		var p Profile
		p.Storage = Storage{Path: "/var/tmp/r42/vlm", Measured: true, FreeBytes: 1 << 40, Fsync: Latency{P50US: 185},
			Conditions: &Conditions{}}
		p.Host.Memory.TotalBytes = 24 << 30
		return p
	}
	cases := []struct {
		name               string
		storage, host      string
		measured, memory   bool
		free               uint64
		conditions, reason bool
	}{
		{"the server's own", "", "", true, true, 1 << 40, true, false},
		{"container here: no disk figure, the host's load and memory kept", "runs in a container", "", false, true, 0, true, true},
		{"another machine: neither disk nor memory nor load", "on another machine", "on another machine", false, false, 0, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := base()
			p.Storage.ServerElsewhere, p.Host.ServerElsewhere = tc.storage, tc.host
			v := p.ServersView()
			if v.Storage.Measured != tc.measured || v.Storage.FreeBytes != tc.free || (v.Storage.Fsync.P50US > 0) != tc.measured {
				t.Errorf("storage measured %v free %d fsync %v, want %v %d", v.Storage.Measured, v.Storage.FreeBytes, v.Storage.Fsync.P50US, tc.measured, tc.free)
			}
			if (v.Host.Memory.TotalBytes > 0) != tc.memory {
				t.Errorf("memory %d, want known %v", v.Host.Memory.TotalBytes, tc.memory)
			}
			if (v.Storage.Conditions != nil) != tc.conditions {
				t.Errorf("conditions kept %v, want %v", v.Storage.Conditions != nil, tc.conditions)
			}
			if (v.Storage.ServerElsewhere != "") != tc.reason || v.Storage.Path != p.Storage.Path {
				t.Errorf("view %+v lost its path or reason", v.Storage)
			}
		})
	}
}
