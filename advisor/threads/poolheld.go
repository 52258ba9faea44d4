package threads

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// heldBytes is the InnoDB data and indexes a live target already holds
// outside the dump's own databases (information_schema.TABLES: DATA_LENGTH
// + INDEX_LENGTH of its InnoDB user tables, less the schemas the dump
// loads into, which the load collides with rather than sits beside): the
// share of the buffer pool a server that serves that data keeps for it
// while the load runs. 0 without a live server's table sizes. unsplit is
// true when the profile cannot say how much of it is in the dump's
// databases (saved by an older mytune: no server "schemas" or no dump
// "databases", review r57), and then all of it is counted as held.
//
// Review r30 (2026-12-07, MariaDB 10.11.19, 384 MiB pool as advised):
// with `app` (sysbench 4 x 200k rows, 188.3 MiB of tables) served by two
// sysbench sessions, the pool held 11,800 data pages (184.4 MiB) before
// the load, and a 201.7 MiB load the plan said "fits the advised 384.0 MiB
// buffer pool (no page is evicted)" evicted 2,050 pages
// (Innodb_buffer_pool_pages_lru_freed 5,472 → 7,522): docs/benchmarks/live-server.md.
func heldBytes(p *profile.Profile) (held uint64, unsplit bool) {
	s := p.Server
	if s == nil || !s.Reachable || s.Source != "server" || s.TablesError != "" {
		return 0, false
	}
	held = s.DataBytes + s.IndexBytes
	if len(s.Engines) > 0 {
		held = 0
		for name, u := range s.Engines {
			if strings.EqualFold(name, "InnoDB") {
				held += u.DataBytes + u.IndexBytes
			}
		}
	}
	if p.Dump != nil {
		unsplit = held > 0 && p.Dump.Databases == nil // a dump read by a mytune that did not list them
		for _, db := range p.Dump.Databases {
			u, found, known := s.Schema(db)
			unsplit = unsplit || !known && held > 0
			if found {
				held -= min(held, u.Bytes)
			}
		}
	}
	return held, unsplit
}

// loadRoom is what the pool b leaves for the load beside the data the server
// already holds (b.held): all of it on an empty server.
func (b pool) loadRoom() uint64 {
	return b.bytes - min(b.held, b.bytes)
}

// fits reports whether data bytes of loaded pages fit the pool b beside
// the data the server already holds: false when the pool is unknown.
func (b pool) fits(data uint64) bool {
	return b.bytes > 0 && data <= b.loadRoom()
}

// heldText is describe's clause for the data the server already holds:
// "" on an empty server, else " (188.3 MiB of it for the 188.3 MiB of
// data the server already holds, 195.7 MiB left for the load)"; when the
// profile does not say how much of it is in the dump's databases
// (b.heldUnsplit), it says so rather than "outside the dump's databases".
func (b pool) heldText() string {
	if b.held == 0 || b.bytes == 0 {
		return ""
	}
	if b.heldUnsplit {
		return fmt.Sprintf(" (%s of it kept for the %s of InnoDB data the server already holds, all of it counted: the profile, "+
			"saved by an older mytune, does not say how much of it is in the dump's databases, which the load collides with rather than sits beside; %s left for the load)",
			profile.HumanBytes(min(b.held, b.bytes)), profile.HumanBytes(b.held), profile.HumanBytes(b.loadRoom()))
	}
	return fmt.Sprintf(" (%s of it kept for the %s of InnoDB data the server already holds outside the dump's databases, %s left for the load)",
		profile.HumanBytes(min(b.held, b.bytes)), profile.HumanBytes(b.held), profile.HumanBytes(b.loadRoom()))
}
