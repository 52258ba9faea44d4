package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// fitEnv is the quiet profile writing 8 GiB of redo an hour (so the ideal
// redo is 8G against 1G now) on a disk with the given free and total
// bytes, and a dump of dumpBytes to restore.
func fitEnv(t *testing.T, free, total, dumpBytes uint64) (Env, map[string]Hit) {
	t.Helper()
	return fitEnvRedo(t, free, total, dumpBytes, nil)
}

// fitEnvRedo is fitEnv with the redo log on its own filesystem (redo; nil:
// the datadir's).
func fitEnvRedo(t *testing.T, free, total, dumpBytes uint64, redo *profile.RedoDir) (Env, map[string]Hit) {
	t.Helper()
	p := quietProfile()
	p.Server.Status["innodb_os_log_written"] = "206158430208" // 192 GiB in 24 h = 8 GiB/h
	p.Storage.FreeBytes, p.Storage.TotalBytes, p.Storage.RedoDir = free, total, redo
	if dumpBytes > 0 {
		p.Dump = &profile.Dump{Path: "/dump", Format: "mydumper", TotalBytes: dumpBytes}
	}
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
	byID := map[string]Hit{}
	for _, h := range hits {
		byID[h.ID] = h
	}
	return env, byID
}

// TestRedoFitsTheDisk: the redo advised is at most a quarter of the free
// space less the dump; when the ideal does not fit, the finding gives what
// fits and says why; when what fits is not worth a change, a note says so.
func TestRedoFitsTheDisk(t *testing.T) {
	cases := []struct {
		name              string
		free, total, dump uint64
		recommended       string // "" = no redo finding
		fitHas, noteHas   string
		redo              *profile.RedoDir
	}{
		{"a big disk: the ideal", 500 * tGiB, 1000 * tGiB, 0, "8G", "", "", nil},
		{"20G free: a quarter of it", 20 * tGiB, 100 * tGiB, 0, "5G", "20.0 GiB is free", "", nil},
		{"20G free and a 12G dump: a quarter of 8G", 20 * tGiB, 100 * tGiB, 12 * tGiB, "2G", "less the ~12.0 GiB the dump to restore adds", "", nil},
		{"6G free: what fits is not twice the redo, left as it is", 6 * tGiB, 100 * tGiB, 0, "", "",
			"at most 1.5 GiB fits, less than twice the current 1.0 GiB (2.0 GiB): mytune offers a new redo size only when it at least doubles the redo", nil},
		{"a full disk: nothing grows", 0, 100 * tGiB, 0, "", "", "0 B is free", nil},
		{"disk unknown: the ideal, and a note that it was not checked", 0, 0, 0, "8G", "", "free space is unknown", nil},
		// QA16/QA14 2026-12-04: a 16G log was sized from the datadir's free space while innodb_log_group_home_dir put it
		// on a 1 GiB volume: the server did not start (error 28 preallocating ib_logfile101)
		{"the redo on its own 20G filesystem, the datadir 500G: a quarter of the redo's, no dump", 500 * tGiB, 1000 * tGiB, 12 * tGiB, "5G",
			"20.0 GiB is free on /mnt/redo, where innodb_log_group_home_dir = /mnt/redo/log keeps the redo log", "",
			&profile.RedoDir{Path: "/mnt/redo/log", Setting: "/mnt/redo/log", MountPoint: "/mnt/redo", FreeBytes: 20 * tGiB, TotalBytes: 30 * tGiB}},
		{"the redo on its own 3G filesystem: left as it is", 500 * tGiB, 1000 * tGiB, 0, "", "", "where innodb_log_group_home_dir = /mnt/redo/log keeps the redo log",
			&profile.RedoDir{Path: "/mnt/redo/log", Setting: "/mnt/redo/log", MountPoint: "/mnt/redo", FreeBytes: 3 * tGiB, TotalBytes: 4 * tGiB}},
		{"the redo's filesystem unreadable here: the ideal, and a note that it was not checked", 500 * tGiB, 1000 * tGiB, 0, "8G", "", "the free space of /x/log, where innodb_log_group_home_dir = /x/log keeps the redo log, is unknown",
			&profile.RedoDir{Path: "/x/log", Setting: "/x/log", Note: "could not be read here"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env, hits := fitEnvRedo(t, tc.free, tc.total, tc.dump, tc.redo)
			h, ok := hits["redo.capacity_small"]
			if got := map[bool]string{true: h.Recommended}[ok]; got != tc.recommended {
				t.Fatalf("recommended %q, want %q (ideal %d, room %d)", got, tc.recommended, env.RedoIdealBytes(), env.RedoRoomBytes())
			}
			note := env.FitNote("innodb_redo_log_capacity")
			if ok && ((tc.fitHas == "") != (note == "") || !strings.Contains(note, tc.fitHas)) {
				t.Errorf("fit note %q, want one containing %q", note, tc.fitHas)
			}
			if ok && tc.fitHas != "" && !strings.Contains(note, "so "+Human(env.RedoTarget())+" in total fits") {
				t.Errorf("fit note %q does not name the size advised (%s)", note, h.Recommended)
			}
			notes := strings.Join(env.FitNotes(), "\n")
			if (tc.noteHas == "") != (notes == "") || !strings.Contains(notes, tc.noteHas) {
				t.Errorf("notes %q, want %q", notes, tc.noteHas)
			}
		})
	}
}

// TestHeapTableFitsMemory: max_heap_table_size is raised to tmp_table_size
// only up to max_connections_memory_fraction of usable memory, and says so.
func TestHeapTableFitsMemory(t *testing.T) {
	cases := []struct {
		name, tmp, want, fitHas string
	}{
		{"64M fits", "64M", "64M", ""},
		// QA 13: 151 connections x a 64G temporary table do not fit: tmp_table_size
		// is lowered (memory.tmp_table_size_memory) to what is left next to the
		// 15G pool kept (fix13b), and the heap follows it.
		{"64G on 32 GiB: what 151 connections' temporary tables fit next to the pool", "64G", "88M", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Server.Flavor, p.Server.Version = "mariadb", "10.11.6-MariaDB"
			p.Server.Variables["tmp_table_size"], p.Server.Variables["max_heap_table_size"] = tc.tmp, "16M"
			hits := fired(t, p, "strict", "")
			h := hits["memory.tmp_table_size_mismatch"]
			if h.Recommended != tc.want {
				t.Fatalf("max_heap_table_size %q, want %q", h.Recommended, tc.want)
			}
			c, _ := Load(LoadOptions{})
			tg, _, _ := ResolveTarget(p, "")
			f, _ := BuildFacts(p, tg)
			note := NewEnv(p, f, c.Thresholds, "strict").FitNote("max_heap_table_size")
			if (tc.fitHas == "") != (note == "") || !strings.Contains(note, tc.fitHas) {
				t.Errorf("fit note %q, want %q", note, tc.fitHas)
			}
		})
	}
}
