package threads

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPlanOnNotTheServersDisk: when the disk measured is not the server's
// (storage.server_elsewhere), the restore plan states none of its figures
// and says what measures the load instead (review r42: a server in a
// container on a 150-IOPS bed had its load priced on the host's SSD).
func TestPlanOnNotTheServersDisk(t *testing.T) {
	dump := &profile.Dump{Format: "mydumper", Path: "/backup/shop", TotalBytes: 17e6, DataBytes: 17e6, Tables: 1, Chunks: 4}
	container := func() *profile.Profile {
		p := prof(2, 0, fastCurve, dump)
		p.Storage.Path, p.Storage.Measured, p.Storage.FreeBytes = "/var/tmp/r42/vlm", true, 1<<40
		p.Storage.ServerElsewhere = "the server (tcp 127.0.0.1:3941) runs in a container"
		p.Host.Memory.TotalBytes = 24 << 30
		return p
	}
	remote := func() *profile.Profile {
		p := container()
		p.Host.ServerElsewhere = "the server (tcp 10.242.0.2:3942) is on another machine"
		p.Storage.ServerElsewhere = p.Host.ServerElsewhere
		return p
	}
	cases := []struct {
		name    string
		p       *profile.Profile
		has     []string // in the load's reason, the estimate's basis or the notes
		hasNot  []string // the disk's figures: fastCurve's 40.0k, the commit's 150 µs
		settled bool
		// calibrated: the load sized by a calibration (only the note is checked)
		calibrated bool
	}{
		{"disk measured is the server's: priced", prof(2, 0, fastCurve, dump),
			[]string{"40.0k", "150 µs"}, []string{"storage.server_elsewhere"}, true, false},
		{"container on this host: cores and CPU only", container(),
			[]string{"its random-write scaling is not used (sized by cores only)", "not priced (storage.server_elsewhere: the disk measured is not the server's)",
				"mytune calibrate --dump /backup/shop -h 127.0.0.1 -P 3941", "sized by cores, the restore estimate is CPU only"},
			[]string{"40.0k", "150 µs", "MB/s of dump", "this machine's memory"}, false, false},
		{"another machine: the pool is the server's own", remote(),
			[]string{"sized by this machine's cores", "this machine's memory is not its", "on another machine"},
			[]string{"40.0k", "150 µs", "MB/s of dump"}, false, false},
		{"container, calibrated on the server: no calibrate line, the room still unknown", container(),
			[]string{"rest on the calibration, measured on the server", "fit the server's disk are not known"},
			[]string{"mytune calibrate", "sized by cores"}, false, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			plan := Size(tc.p, Options{Task: TaskLoad, ServerFlags: "-h 127.0.0.1 -P 3941"})
			text := plan.Load.Why + " | " + plan.EstimatedLoad.Basis + " | " + strings.Join(plan.Notes, " | ")
			if tc.calibrated {
				text = elsewhereNote(tc.p, Choice{Basis: BasisCalibrated}, "-h 127.0.0.1 -P 3941")
			}
			for _, w := range tc.has {
				if !strings.Contains(text, w) {
					t.Errorf("plan lacks %q:\n%s", w, text)
				}
			}
			for _, w := range tc.hasNot {
				if strings.Contains(text, w) {
					t.Errorf("plan states %q:\n%s", w, text)
				}
			}
			if got := plan.EstimatedSettled.High > 0; got != tc.settled {
				t.Errorf("settled estimate given = %v, want %v (%+v)", got, tc.settled, plan.EstimatedSettled)
			}
		})
	}
}

// TestElsewhereCalibrateLineOnce: a server elsewhere on a machine outside
// the fitted envelope (4 cores) gets the calibrate line once, in the
// note on the disk measured; the extrapolation note points to it (the
// line was printed twice before).
func TestElsewhereCalibrateLineOnce(t *testing.T) {
	dump := &profile.Dump{Format: "mydumper", Path: "/backup/shop", TotalBytes: 17e6, DataBytes: 17e6, Tables: 1, Chunks: 4}
	for _, tc := range []struct {
		name      string
		elsewhere string
		lines     int
		pointer   bool
	}{
		{"server elsewhere, extrapolating: one line", "the server (tcp 127.0.0.1:3941) runs in a container", 1, true},
		{"server here, extrapolating: the line in the extrapolation note", "", 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := prof(4, 0, fastCurve, dump)
			p.Storage.Path, p.Storage.Measured, p.Storage.FreeBytes = "/var/tmp/r42/vlm", true, 1<<40
			p.Storage.ServerElsewhere = tc.elsewhere
			notes := strings.Join(Size(p, Options{Task: TaskLoad, ServerFlags: "-h 127.0.0.1 -P 3941"}).Notes, " | ")
			if !strings.Contains(notes, "extrapolate here") {
				t.Fatalf("no extrapolation note at 4 cores:\n%s", notes)
			}
			if n := strings.Count(notes, "mytune calibrate --dump"); n != tc.lines {
				t.Errorf("%d calibrate lines, want %d:\n%s", n, tc.lines, notes)
			}
			if got := strings.Contains(notes, "the calibrate line in the note on the disk measured above"); got != tc.pointer {
				t.Errorf("pointer to the line above = %v, want %v", got, tc.pointer)
			}
		})
	}
}
