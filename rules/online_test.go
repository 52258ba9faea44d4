package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPoolResizeOnline: the buffer pool advice says it resizes online, and
// needs no restart, only where SET GLOBAL takes it (QA: MySQL 5.5 and
// MariaDB 10.1 were told "resizes online"; a MariaDB whose
// innodb_buffer_pool_size_max equals its pool silently kept it).
func TestPoolResizeOnline(t *testing.T) {
	const mem = 23 * tGiB
	cases := []struct {
		name    string
		mutate  func(*profile.Profile)
		restart bool
		says    string
	}{
		{"MariaDB 10.11: online", poolServer("mariadb", "10.11.6", "128M", 181*tMiB, 13*tMiB, mem, 300), false,
			"The pool resizes online (SET GLOBAL innodb_buffer_pool_size)."},
		{"MySQL 5.5.21: only at startup", poolServer("mysql", "5.5.21", "128M", 181*tMiB, 13*tMiB, mem, 300), true,
			"It needs a restart: MySQL 5.5.21 sets innodb_buffer_pool_size only at startup (it changes online from MySQL 5.7.5)."},
		{"MariaDB 10.1.48: only at startup", poolServer("mariadb", "10.1.48", "128M", 181*tMiB, 13*tMiB, mem, 300), true,
			"(it changes online from MariaDB 10.2.2)"},
		{"MySQL 5.7.5: online", poolServer("mysql", "5.7.5", "128M", 181*tMiB, 13*tMiB, mem, 300), false, "resizes online"},
		{"MariaDB 11.8 with innodb_buffer_pool_size_max at the pool: restart", all(poolServer("mariadb", "11.8.6", "128M", 181*tMiB, 13*tMiB, mem, 300),
			setVar("innodb_buffer_pool_size_max", "134217728")), true,
			"It needs a restart: innodb_buffer_pool_size_max is 128M, so the pool grows past it only at a restart with innodb_buffer_pool_size_max = 384M or more set beside it."},
		{"MariaDB 10.11.19's 8 TiB default max: online", all(poolServer("mariadb", "10.11.19", "128M", 181*tMiB, 13*tMiB, mem, 300),
			setVar("innodb_buffer_pool_size_max", "8796093022208")), false, "resizes online"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, hits := memEnv(t, c.mutate)
			h, ok := hits["memory.buffer_pool_small"]
			if !ok {
				t.Fatalf("did not fire (fired: %v)", keys(hits))
			}
			if h.RestartRequired != c.restart || !strings.Contains(h.RenderedDetail, c.says) {
				t.Errorf("restart %v (want %v); detail lacks %q:\n%s", h.RestartRequired, c.restart, c.says, h.RenderedDetail)
			}
		})
	}
}

// TestFilePerTableRestart: innodb_file_per_table is not dynamic with the
// built-in InnoDB of MySQL 5.0/5.1 (QA: those captures got "OFF → ON"
// without a restart), dynamic with the 5.1 InnoDB Plugin (innodb_version
// shown) and from 5.5.
func TestFilePerTableRestart(t *testing.T) {
	server := func(version, innodbVersion string) func(*profile.Profile) {
		return func(p *profile.Profile) {
			p.Server.Flavor, p.Server.Version = "mysql", version
			p.Server.Variables["innodb_file_per_table"] = "OFF"
			if innodbVersion != "" {
				p.Server.Variables["innodb_version"] = innodbVersion
			}
		}
	}
	for _, c := range []struct {
		name    string
		mutate  func(*profile.Profile)
		restart bool
	}{
		{"MySQL 5.0.82 built-in InnoDB", server("5.0.82", ""), true},
		{"MySQL 5.1.49 built-in InnoDB", server("5.1.49", ""), true},
		{"MySQL 5.1.49 with the InnoDB Plugin", server("5.1.49", "1.0.10"), false},
		{"MySQL 5.5.21", server("5.5.21", "1.1.8"), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, hits := memEnv(t, c.mutate)
			h, ok := hits["hygiene.file_per_table_off"]
			if !ok {
				t.Fatalf("did not fire (fired: %v)", keys(hits))
			}
			if h.RestartRequired != c.restart {
				t.Errorf("restart %v, want %v", h.RestartRequired, c.restart)
			}
		})
	}
}

// TestRedoResizeRestart: MariaDB's SET GLOBAL innodb_log_file_size (10.9
// on) is crash safe only from 10.11.10 and 11.4.4 (MDEV-34750); before, the
// finding needs a restart, says why, and so stays out of the apply-now
// SET GLOBALs (it printed "SET GLOBAL innodb_log_file_size = …" for 10.11.6).
func TestRedoResizeRestart(t *testing.T) {
	const mem = 23 * tGiB
	cases := []struct {
		version string
		restart bool
		says    string
	}{
		{"10.11.6", true, "It needs a restart here: the target is MariaDB 10.11.6, whose SET GLOBAL innodb_log_file_size is not crash safe before 10.11.10 and 11.4.4 (MDEV-34750"},
		{"10.10.7", true, "MDEV-34750"},
		{"11.4.3", true, "MDEV-34750"},
		{"10.11.10", false, "Since 10.9 it can be changed with SET GLOBAL."},
		{"11.4.4", false, "Since 10.9 it can be changed with SET GLOBAL."},
		{"11.8.6", false, "Since 10.9 it can be changed with SET GLOBAL."},
	}
	for _, c := range cases {
		t.Run(c.version, func(t *testing.T) {
			_, hits := memEnv(t, poolServer("mariadb", c.version, "128M", 181*tMiB, 13*tMiB, mem, 300))
			h, ok := hits["redo.log_file_size_small_mariadb"]
			if !ok {
				t.Fatalf("did not fire (fired: %v)", keys(hits))
			}
			if h.RestartRequired != c.restart || !strings.Contains(h.RenderedDetail, c.says) {
				t.Errorf("restart %v (want %v); detail lacks %q:\n%s", h.RestartRequired, c.restart, c.says, h.RenderedDetail)
			}
		})
	}
}

// TestIOThreadsRestart: innodb_read_io_threads and innodb_write_io_threads
// change online from MariaDB 10.11 (review r27: SET GLOBAL
// innodb_read_io_threads = 8 taken and read back on MariaDB 10.11.19, where
// the advice marked both restart only) and only at startup before it and
// on MySQL.
func TestIOThreadsRestart(t *testing.T) {
	eightCPUs := func(p *profile.Profile) { p.Host.CPU.Logical = 8 }
	for _, tc := range []struct {
		name, flavor, version string
		restart               bool
	}{
		{"seen live: MariaDB 10.11.19, online", "mariadb", "10.11.19", false},
		{"MariaDB 10.6.20: restart", "mariadb", "10.6.20", true},
		{"MySQL 8.4.3: restart", "mysql", "8.4.3", true},
	} {
		for _, id := range []string{"io.read_io_threads", "io.write_io_threads"} {
			t.Run(tc.name+" "+id, func(t *testing.T) {
				p := quietProfile()
				all(setVersion(tc.flavor, tc.version), eightCPUs, setVar("innodb_read_io_threads", "4"),
					setVar("innodb_write_io_threads", "4"), func(p *profile.Profile) { p.Storage.Class = profile.ClassSSD })(&p)
				h, ok := fired(t, p, "strict", "")[id]
				if !ok || h.RestartRequired != tc.restart {
					t.Fatalf("%s fired %v, restart %v, want restart %v", id, ok, h.RestartRequired, tc.restart)
				}
			})
		}
	}
}
