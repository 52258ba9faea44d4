package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// rotational sets the kernel's labels: the leaf disk's and, when mounted
// is not nil, the mounted device's own.
func rotational(leaf bool, mounted *bool) func(*profile.Profile) {
	return func(p *profile.Profile) {
		p.Storage.Device.RotationalFlag = leaf
		p.Storage.Device.MountedRotationalFlag = mounted
	}
}

// TestFlushNeighborsBesideRotationalLabel: MariaDB 10.4.4+ flushes no
// neighbours on a disk the kernel labels non-rotational (review r27,
// MariaDB 10.11.19 on a loop device: 3041 of 3100 pages flushed as
// neighbours at queue/rotational 1, none of 4327 at 0), so advice on
// innodb_flush_neighbors changes nothing there.
func TestFlushNeighborsBesideRotationalLabel(t *testing.T) {
	yes, no := true, false
	flash := func(p *profile.Profile) { p.Storage.Class = profile.ClassSSD }
	hdd := func(p *profile.Profile) { p.Storage.Class = profile.ClassHDD }
	for _, tc := range []struct {
		name, id string
		mutate   func(*profile.Profile)
		fires    bool
		says     string // in the detail when it fires and not ""
	}{
		{"seen live: MariaDB 10.11.19, loop device labelled 0: already skipped", "io.flush_neighbors_flash",
			all(setVersion("mariadb", "10.11.19"), flash, setVar("innodb_flush_neighbors", "1"), rotational(true, &no)), false, ""},
		{"seen live: MariaDB 10.11.19, loop device labelled 1: flushed, advised", "io.flush_neighbors_flash",
			all(setVersion("mariadb", "10.11.19"), flash, setVar("innodb_flush_neighbors", "1"), rotational(true, &yes)), true,
			"is labelled rotational, so neighbours are flushed here"},
		{"MariaDB, partition on a non-rotational disk (no own queue)", "io.flush_neighbors_flash",
			all(setVersion("mariadb", "10.11.19"), flash, setVar("innodb_flush_neighbors", "1"), rotational(false, nil)), false, ""},
		{"MariaDB 10.3 reads no label: advised", "io.flush_neighbors_flash",
			all(setVersion("mariadb", "10.3.39"), flash, setVar("innodb_flush_neighbors", "1"), rotational(false, &no)), true,
			"MariaDB keeps 1 as its default (made for disks that seek); 0 suits flash."},
		{"MariaDB, label unreadable: advised", "io.flush_neighbors_flash",
			all(setVersion("mariadb", "10.11.19"), flash, setVar("innodb_flush_neighbors", "1"),
				func(p *profile.Profile) { p.Storage.Device.RotationalUnknown = true }), true, "but the label of nvme0n1 was not read, so mytune cannot tell whether it does here"},
		{"MySQL 5.7 on a non-rotational disk: MySQL reads no label", "io.flush_neighbors_flash",
			all(setVersion("mysql", "5.7.44"), flash, setVar("innodb_flush_neighbors", "1"), rotational(false, &no)), true, ""},
		{"MariaDB, measured HDD labelled non-rotational: 1 would be skipped", "io.flush_neighbors_hdd",
			all(setVersion("mariadb", "10.11.19"), hdd, setVar("innodb_flush_neighbors", "0"), rotational(false, &no)), false, ""},
		{"MariaDB, measured HDD labelled rotational: advised", "io.flush_neighbors_hdd",
			all(setVersion("mariadb", "10.11.19"), hdd, setVar("innodb_flush_neighbors", "0"), rotational(true, &yes)), true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			tc.mutate(&p)
			h, ok := fired(t, p, "strict", "")[tc.id]
			if ok != tc.fires {
				t.Fatalf("%s fired %v, want %v: %s", tc.id, ok, tc.fires, h.RenderedDetail)
			}
			if ok && tc.says != "" && !strings.Contains(h.RenderedDetail, tc.says) {
				t.Errorf("detail %q does not say %q", h.RenderedDetail, tc.says)
			}
		})
	}
}
