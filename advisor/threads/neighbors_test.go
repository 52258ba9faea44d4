package threads

import (
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/profile"
)

// TestFlushNeighbors: the value as the load runs with it (advised, then
// the server's, then the my.cnf's), else the target's default: on for
// MariaDB and MySQL before 8.0.3, off from MySQL 8.0.3, off when unknown.
func TestFlushNeighbors(t *testing.T) {
	srv := liveServer
	cases := []struct {
		name    string
		p       profile.Profile
		advised map[string]string
		on      bool
		value   string
	}{
		{name: "MariaDB 10.11's default", p: profile.Profile{Server: srv("mariadb", "10.11.19", map[string]string{})}, on: true},
		{name: "MySQL 8.0.36's default", p: profile.Profile{Server: srv("mysql", "8.0.36", map[string]string{})}},
		{name: "MySQL 5.7's default", p: profile.Profile{Server: srv("mysql", "5.7.44", map[string]string{})}, on: true},
		{name: "the server says 2", p: profile.Profile{Server: srv("mysql", "8.0.36", map[string]string{"innodb_flush_neighbors": "2"})}, on: true, value: "2"},
		{name: "the advice sets 0 over the server's 1", p: profile.Profile{Server: srv("mariadb", "10.11.19", map[string]string{"innodb_flush_neighbors": "1"})},
			advised: map[string]string{"innodb_flush_neighbors": "0"}, value: "0"},
		{name: "a my.cnf says 0", p: profile.Profile{MyCnf: &profile.MyCnf{Variables: map[string]string{"innodb_flush_neighbors": "0"}}}, value: "0"},
		{name: "nothing read", p: profile.Profile{}},
		{name: "MariaDB 10.11 on a disk labelled non-rotational: skipped, whatever it says", p: profile.Profile{Storage: sdCard(),
			Server: srv("mariadb", "10.11.19", map[string]string{"innodb_flush_neighbors": "1"})}, value: "1"},
		{name: "MariaDB 10.11's default on a disk labelled non-rotational: skipped", p: profile.Profile{Storage: sdCard(),
			Server: srv("mariadb", "10.11.19", map[string]string{})}},
		{name: "MariaDB 10.3 reads no label: on", p: profile.Profile{Storage: sdCard(),
			Server: srv("mariadb", "10.3.39", map[string]string{"innodb_flush_neighbors": "1"})}, on: true, value: "1"},
		{name: "MySQL 5.7 reads no label: on", p: profile.Profile{Storage: sdCard(),
			Server: srv("mysql", "5.7.44", map[string]string{"innodb_flush_neighbors": "1"})}, on: true, value: "1"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			on, v := flushNeighbors(&tc.p, Options{Advised: tc.advised})
			if on != tc.on || v != tc.value {
				t.Errorf("flushNeighbors = %v %q, want %v %q", on, v, tc.on, tc.value)
			}
		})
	}
}

// neighborsSettingCase is one TestNeighborsSetting case: the storage, the
// server's variables and the advised ones, the memory available, and
// whether the neighbour setting is offered and the settled basis counts it.
type neighborsSettingCase struct {
	name      string
	storage   profile.Storage
	vars      map[string]string
	advised   map[string]string
	memory    uint64
	setting   bool
	neighbors bool // the settled basis counts neighbours flushed together
}

// neighborsSettingCases are TestNeighborsSetting's cases, on the card bed
// and a fast disk.
func neighborsSettingCases() []neighborsSettingCase {
	card, fast := cardBed(2800<<20), fastBed()
	vars := func(extra map[string]string) map[string]string {
		v := map[string]string{"innodb_flush_method": "O_DIRECT", "innodb_buffer_pool_size": "134217728", "innodb_log_file_size": "100663296"}
		for k, x := range extra {
			v[k] = x
		}
		return v
	}
	bigPool := map[string]string{"innodb_buffer_pool_size": "17G", "innodb_flush_neighbors": "0"}
	return []neighborsSettingCase{
		{name: "card, advised off: turned on for the load", storage: card, vars: vars(nil), advised: bigPool, setting: true, neighbors: true},
		{name: "card, MariaDB's default on: kept", storage: card, vars: vars(nil), advised: map[string]string{"innodb_buffer_pool_size": "17G"}, neighbors: true},
		{name: "fast disk: nothing", storage: fast, vars: vars(nil), advised: bigPool},
		{name: "a real card, labelled non-rotational: MariaDB flushes no neighbours, none offered", storage: labelled(card, false), vars: vars(nil), advised: bigPool},
		{name: "the card bed's loop device, labelled rotational: offered", storage: labelled(card, true), vars: vars(nil), advised: bigPool, setting: true, neighbors: true},
		{name: "card, the pool outgrown (512M available: no growth offered)", storage: card, vars: vars(map[string]string{"innodb_flush_method": "fsync", "innodb_flush_neighbors": "0"}), memory: 512 << 20},
	}
}

// TestNeighborsSetting: a load through the page cache on a slow disk whose
// pool holds it gets neighbour flushing when it is off (right after the
// page-cache restart, before the other SET GLOBALs), and its settled
// estimate counts 8-16 pages a write; with neighbours on already it gets
// no setting but the same pace; a fast disk, or a pool the load outgrows,
// gets neither. The card-bed figures (12.5k pages at 100 writes/s: 13.0 s
// with neighbours, 19.0 s without; settle-buffered.md) lie in the ranges.
func TestNeighborsSetting(t *testing.T) {
	dump := &profile.Dump{TotalBytes: 152e6, DataBytes: 152e6, Tables: 8, Format: "mydumper"}
	for _, tc := range neighborsSettingCases() {
		t.Run(tc.name, func(t *testing.T) {
			mem := tc.memory
			if mem == 0 {
				mem = 20 << 30
			}
			p := &profile.Profile{Storage: tc.storage, Dump: dump,
				Server: &profile.Server{Reachable: true, Flavor: "mariadb", Version: "10.11.19", Variables: tc.vars},
				Host:   profile.Host{CPU: profile.CPU{Logical: 2}, Memory: profile.Memory{TotalBytes: mem + 3<<30, AvailableBytes: mem}}}
			plan := Size(p, Options{Task: TaskLoad, Advised: tc.advised})
			at := -1
			for i, s := range plan.Temporary {
				if strings.Contains(s.Apply, "innodb_flush_neighbors") {
					at = i
				}
			}
			if (at >= 0) != tc.setting {
				t.Fatalf("neighbour setting offered: %v, want %v; temporary %+v", at >= 0, tc.setting, plan.Temporary)
			}
			if tc.setting {
				s := plan.Temporary[at]
				if at != 1 || plan.Temporary[0].Cnf == "" {
					t.Errorf("at %d, want right after the page-cache restart: %+v", at, plan.Temporary)
				}
				if s.Apply != "SET GLOBAL innodb_flush_neighbors = 1;" || s.Undo != "SET GLOBAL innodb_flush_neighbors = 0;" || !strings.HasPrefix(s.UndoWhen, RestartUndoes) {
					t.Errorf("setting %+v", s)
				}
			}
			basis := plan.EstimatedSettled.Basis
			if got := strings.Contains(basis, "neighbours flushed together"); got != tc.neighbors {
				t.Errorf("settled basis counts neighbours: %v, want %v (%s)", got, tc.neighbors, basis)
			}
			if tc.neighbors {
				// 12.5k pages at 99 writes/s and 8-16 a write: 7.9-15.8 s, around the 13.0 s measured
				after := func(d time.Duration) float64 { return d.Seconds() }
				lo, hi := after(plan.EstimatedSettled.Low-plan.EstimatedLoad.Low), after(plan.EstimatedSettled.High-plan.EstimatedLoad.High)
				if lo > 13.0 || hi < 13.0 {
					t.Errorf("settling %.1f-%.1f s after the load, the card bed's 13.0 s outside (%s)", lo, hi, basis)
				}
			}
		})
	}
}

// sdCard is a storage whose device the kernel labels non-rotational, as an
// mmcblk SD card is.
func sdCard() profile.Storage { return labelled(cardBed(2800<<20), false) }

// labelled gives s a device named for its label: the kernel's
// queue/rotational of the mounted device is rotational.
func labelled(s profile.Storage, rotational bool) profile.Storage {
	s.Device = profile.Device{Name: "mmcblk0", RotationalFlag: rotational, MountedRotationalFlag: &rotational}
	if rotational {
		s.Device.Name = "loop0"
	}
	return s
}
