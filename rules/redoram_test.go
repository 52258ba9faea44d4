package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRedoInRAMFitsMemory: on a datadir in RAM (a 20 GiB tmpfs; a ramfs,
// which reports no size) advise on a 23.5 GiB host put a 17G buffer pool
// next to innodb_log_file_size = 5G (a quarter of the tmpfs's free space)
// or 16G (ramfs: free space unknown, so unlimited), every byte of that
// log in RAM beside the pool: more than the host has. A redo log kept in
// RAM is now held to a quarter of the memory left beside the advised pool;
// one on a disk is not.
func TestRedoInRAMFitsMemory(t *testing.T) {
	cases := []struct {
		name        string
		fstype      string
		class       string
		free, total uint64
		redo        *profile.RedoDir
		recommended string // "" = no redo finding
		fitHas      string
	}{
		{"20G free on tmpfs: the memory beside the pool", "tmpfs", profile.ClassMemory, 20 * tGiB, 20 * tGiB, nil, "4224M",
			"/var/lib/mysql keeps its files in RAM, and 16.8 GiB of memory is left beside the 15.0 GiB buffer pool advised here (available memory and the current pool, less the 3.2 GiB reserve)"},
		{"ramfs, no size: the memory beside the pool", "ramfs", profile.ClassMemory, 0, 0, nil, "4224M", "keeps its files in RAM"},
		{"a loop device over a tmpfs file (class memory)", "ext4", profile.ClassMemory, 20 * tGiB, 20 * tGiB, nil, "4224M", "keeps its files in RAM"},
		{"the redo directory on tmpfs, the datadir on a disk", "ext4", profile.ClassSSD, 500 * tGiB, 1000 * tGiB,
			&profile.RedoDir{Path: "/run/redo", Setting: "/run/redo", MountPoint: "/run", FSType: "tmpfs", FreeBytes: 40 * tGiB, TotalBytes: 40 * tGiB},
			"4224M", "/run, where innodb_log_group_home_dir = /run/redo keeps the redo log keeps its files in RAM"},
		{"tmpfs with less free than the memory: its free space", "tmpfs", profile.ClassMemory, 4 * tGiB, 4 * tGiB, nil, "", ""},
		{"20G free on a disk: a quarter of it", "ext4", profile.ClassSSD, 20 * tGiB, 100 * tGiB, nil, "5G", "20.0 GiB is free"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Server.Status["innodb_os_log_written"] = "206158430208" // 8 GiB/h: the ideal redo is 8G
			p.Storage.FreeBytes, p.Storage.TotalBytes, p.Storage.RedoDir = tc.free, tc.total, tc.redo
			p.Storage.FSType, p.Storage.Class, p.Storage.MountPoint = tc.fstype, tc.class, "/var/lib/mysql"
			c, err := Load(LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			f, err := BuildFacts(p, profile.Target{Flavor: "mysql", Version: "8.4.3", Source: profile.SourceServer})
			if err != nil {
				t.Fatal(err)
			}
			env := NewEnv(p, f, c.Thresholds, "strict")
			hits, _ := c.Evaluate(env)
			var h Hit
			for _, x := range hits {
				if x.ID == "redo.capacity_small" {
					h = x
				}
			}
			if h.Recommended != tc.recommended {
				t.Fatalf("recommended %q, want %q (ideal %d, room %d)", h.Recommended, tc.recommended, env.RedoIdealBytes(), env.RedoRoomBytes())
			}
			if note := env.FitNote("innodb_redo_log_capacity"); tc.fitHas != "" && !strings.Contains(note, tc.fitHas) {
				t.Errorf("fit note %q lacks %q", note, tc.fitHas)
			}
		})
	}
}
