package render

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestDeviceLabels: the kernel's labels as read; one not read is "?", never
// a value (an unknown block size printed "block 0 B").
func TestDeviceLabels(t *testing.T) {
	cases := []struct {
		name string
		d    profile.Device
		want string
	}{
		{"all read", profile.Device{RotationalFlag: true, LogicalBlockSize: 512, Scheduler: "none", WriteCache: "write back"},
			"rotational=1, block 512 B, sched none, cache write back"},
		{"4K sectors, flash", profile.Device{LogicalBlockSize: 4096}, "rotational=0, block 4096 B"},
		{"block size not read", profile.Device{}, "rotational=0, block ?"},
		{"nothing readable", profile.Device{RotationalUnknown: true}, "rotational=?, block ?"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := deviceLabels(c.d); got != c.want {
				t.Errorf("%q, want %q", got, c.want)
			}
		})
	}
}
