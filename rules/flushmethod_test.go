package rules

import "testing"

// TestFlushMethodAsTheServerRunsIt: review r28 started MariaDB 10.11.19 with
// each innodb_flush_method and read what it did (2026-12-07,
// docs/benchmarks/live-server.md): under O_DSYNC its ibdata1 was open with
// O_DIRECT, yet io.flush_method_direct said "InnoDB caches its data twice";
// under nosync 20 commits made 2 fdatasync, yet the commit price said "1 sync
// per commit" and --durability strict said nothing. Each case is one server.
func TestFlushMethodAsTheServerRunsIt(t *testing.T) {
	cases := []struct {
		name, flavor, version, method, buffering, logBin, syncBinlog string
		fires, quiet                                                 []string
		syncs                                                        int
	}{
		{"MariaDB 10.11 O_DSYNC: data files direct", "mariadb", "10.11.19", "O_DSYNC", "OFF", "OFF", "0",
			nil, []string{"io.flush_method_direct", "durability.flush_method_nosync"}, 1},
		{"MariaDB 10.11 O_DSYNC by number", "mariadb", "10.11.19", "1", "OFF", "OFF", "0",
			nil, []string{"io.flush_method_direct"}, 1},
		{"MariaDB 10.5 O_DSYNC: not checked there, the manual's reading kept", "mariadb", "10.5.27", "O_DSYNC", "", "OFF", "0",
			[]string{"io.flush_method_direct"}, nil, 1},
		{"MySQL 8.0 O_DSYNC: the log only", "mysql", "8.0.40", "O_DSYNC", "", "OFF", "0",
			[]string{"io.flush_method_direct"}, nil, 1},
		{"MariaDB 10.11 fsync", "mariadb", "10.11.19", "fsync", "OFF", "OFF", "0",
			[]string{"io.flush_method_direct"}, []string{"durability.flush_method_nosync"}, 1},
		{"MariaDB 10.11 O_DIRECT", "mariadb", "10.11.19", "O_DIRECT", "OFF", "OFF", "0",
			nil, []string{"io.flush_method_direct", "durability.flush_method_nosync"}, 1},
		{"MariaDB 10.11 nosync, log O_DIRECT: the write still waits", "mariadb", "10.11.19", "nosync", "OFF", "OFF", "0",
			[]string{"durability.flush_method_nosync"}, nil, 1},
		{"MariaDB 10.11 nosync, log buffered: nothing waits", "mariadb", "10.11.19", "nosync", "ON", "OFF", "0",
			[]string{"durability.flush_method_nosync"}, nil, 0},
		{"MariaDB 10.11 nosync, binlog synced: only the binlog's sync", "mariadb", "10.11.19", "nosync", "ON", "ON", "1",
			[]string{"durability.flush_method_nosync"}, nil, 1},
		{"MariaDB 10.11 nosync by number", "mariadb", "10.11.19", "3", "ON", "OFF", "0",
			[]string{"durability.flush_method_nosync"}, nil, 0},
		{"MySQL 8.0 nosync: not checked, counted as before", "mysql", "8.0.40", "nosync", "", "OFF", "0",
			nil, []string{"durability.flush_method_nosync"}, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := quietProfile()
			all(setVersion(c.flavor, c.version), setVar("innodb_flush_method", c.method), setVar("log_bin", c.logBin),
				setVar("sync_binlog", c.syncBinlog), setVar("innodb_flush_log_at_trx_commit", "1"))(&p)
			if c.buffering != "" {
				p.Server.Variables["innodb_log_file_buffering"] = c.buffering
			}
			got := fired(t, p, "strict", "")
			for _, id := range c.fires {
				if _, ok := got[id]; !ok {
					t.Errorf("%s did not fire", id)
				}
			}
			for _, id := range c.quiet {
				if h, ok := got[id]; ok {
					t.Errorf("%s fired: %s", id, h.RenderedDetail)
				}
			}
			tg, _, _ := ResolveTarget(p, "")
			f, err := BuildFacts(p, tg)
			if err != nil {
				t.Fatal(err)
			}
			if n := NewEnv(p, f, Thresholds{}, "strict").SyncsPerCommit(); n != c.syncs {
				t.Errorf("SyncsPerCommit %d, want %d", n, c.syncs)
			}
		})
	}
}

// TestNosyncTexts: the texts name nosync where it decides what a commit waits for.
func TestNosyncTexts(t *testing.T) {
	p := quietProfile()
	all(setVersion("mariadb", "10.11.19"), setVar("innodb_flush_method", "nosync"), setVar("log_bin", "OFF"),
		setVar("innodb_log_file_buffering", "OFF"), setVar("innodb_flush_log_at_trx_commit", "1"))(&p)
	firedAs(t, p, "durability.commit_cost", true, []string{"1 sync per commit (innodb_flush_method is nosync, so the redo log is not synced at commit, but it is written with O_DIRECT"}, nil)
	h := firedAs(t, p, "durability.flush_method_nosync", true, []string{"innodb_flush_method is nosync", "whatever innodb_flush_log_at_trx_commit says (1)", "about 5000 commits/s per session (1 sync per commit"}, nil)
	if h.Recommended != "O_DIRECT" || !h.RestartRequired {
		t.Errorf("recommended %q restart %v, want O_DIRECT with a restart", h.Recommended, h.RestartRequired)
	}
	p.Storage.DirectIO = false
	if h = firedAs(t, p, "durability.flush_method_nosync", true, nil, nil); h.Recommended != "fsync" {
		t.Errorf("on a filesystem that refused O_DIRECT: recommended %q, want fsync", h.Recommended)
	}
	all(setVar("innodb_log_file_buffering", "ON"), slowSync)(&p)
	firedAs(t, p, "durability.slow_commits", true, []string{"sync nothing at commit (innodb_flush_log_at_trx_commit=1, innodb_flush_method=nosync)"}, nil)
}
