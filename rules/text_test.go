package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// piCard is the Raspberry Pi SD card of DESIGN.md: 45 random 16K writes/s
// with one thread, 57 at best, on MySQL 8.0 defaults (io_capacity 200).
func piCard(p *profile.Profile) {
	p.Server.Flavor, p.Server.Version = "mysql", "8.0.36"
	p.Storage.Class = profile.ClassSDCard
	p.Storage.RandWrite = []profile.ThreadPoint{{Threads: 1, IOPS: 45}, {Threads: 2, IOPS: 52}, {Threads: 4, IOPS: 57},
		{Threads: 8, IOPS: 55}, {Threads: 16, IOPS: 50}}
	delete(p.Server.Variables, "innodb_io_capacity")
	delete(p.Server.Variables, "innodb_io_capacity_max")
}

// TestDetailTexts: the rendered details say what the numbers mean, for the
// flavor advised, and never contradict themselves.
// detailCases are the detail texts TestDetailTexts checks.
var detailCases = []struct {
	name, id   string
	mutate     func(*profile.Profile)
	recommend  string
	want, deny []string
}{
	{"slow commits with no sync at commit", "durability.slow_commits",
		all(slowSync, setVar("innodb_flush_log_at_trx_commit", "2"), setVar("sync_binlog", "0")), "",
		[]string{"sync nothing at commit", "innodb_flush_log_at_trx_commit=2", "sync_binlog=0"}, []string{"0 sync(s)"}},
	{"slow commits with two syncs", "durability.slow_commits", slowSync, "",
		[]string{"2 syncs per commit, so about 20 commits/s"}, nil},
	{"commit cost with no sync", "durability.commit_cost", all(setVar("innodb_flush_log_at_trx_commit", "0"), setVar("sync_binlog", "0")), "",
		[]string{"sync nothing at commit"}, []string{"0 sync(s)"}},
	{"flush_log 2", "durability.flush_log_strict", setVar("innodb_flush_log_at_trx_commit", "2"), "1",
		[]string{"a mysqld crash loses nothing"}, []string{"= 0 also", "2 = 0"}},
	{"flush_log 0", "durability.flush_log_strict", setVar("innodb_flush_log_at_trx_commit", "0"), "1",
		[]string{"even a mysqld crash"}, nil},
	// review r19: on a Galera node the cluster's other nodes hold the commits an OS crash of one node loses
	{"flush_log 2 on a Galera node", "durability.flush_log_strict", all(setVersion("mariadb", "10.11.19"),
		setVar("innodb_flush_log_at_trx_commit", "2"), setVar("wsrep_on", "ON"), setVar("wsrep_provider", "/usr/lib/galera/libgalera_smm.so")), "1",
		[]string{"Galera cluster node", "loses nothing the cluster keeps"}, nil},
	{"flush_log 2, wsrep_on without a provider", "durability.flush_log_strict", all(setVersion("mariadb", "10.11.19"),
		setVar("innodb_flush_log_at_trx_commit", "2"), setVar("wsrep_on", "ON"), setVar("wsrep_provider", "none")), "1",
		nil, []string{"Galera"}},
	{"neighbours on MariaDB flash labelled rotational", "io.flush_neighbors_flash",
		all(setVersion("mariadb", "10.11.6"), setVar("innodb_flush_neighbors", "1"), rotational(true, nil)), "0",
		[]string{"MariaDB keeps 1 as its default", "nvme0n1 is labelled rotational"}, []string{"MySQL 8.0+ default"}},
	{"neighbours on MySQL 8.4 flash", "io.flush_neighbors_flash", setVar("innodb_flush_neighbors", "1"), "0",
		[]string{"0 is the MySQL 8.0+ default"}, nil},
	{"Pi card: io_capacity 200 is above anything it did", "io.capacity", piCard, "100",
		[]string{"more than the disk ever did", "below the minimum of 100"}, []string{"figure = 100"}},
	{"Pi card: io_capacity_max follows the advised 100", "io.capacity_max", piCard, "100",
		[]string{"peak of 57 IOPS is at or below innodb_io_capacity 100", "held at the minimum of 100"},
		[]string{"never below it"}},
	{"card bed: a peak of 102 rounds to the advised 100 (never 'at or below' it)", "io.capacity_max", all(piCard, writeCurve(45, 80, 102, 99, 83)), "100",
		[]string{"peak of 102 IOPS, rounded down to 100, is no more than innodb_io_capacity 100", "held at the minimum of 100"},
		[]string{"at or below"}},
	{"twice the capacity rounds up past the peak (380 → 400)", "io.capacity_max",
		all(piCard, setVar("innodb_io_capacity", "200"), setVar("innodb_io_capacity_max", "2000"), writeCurve(400, 380, 370, 360, 350)), "400",
		[]string{"twice innodb_io_capacity 200", "the measured peak of 400 IOPS"}, nil},
	{"twice the capacity is above the raw peak", "io.capacity_max",
		all(piCard, setVar("innodb_io_capacity", "200"), setVar("innodb_io_capacity_max", "2000"), writeCurve(390, 380, 370, 360, 350)), "300",
		[]string{"above the measured peak of 390 IOPS, so the peak rounded down to 100: 300"}, []string{"within the measured peak"}},
	{"thread cache off: the counters it names are the server's", "memory.thread_cache_off",
		all(setVersion("mariadb", "10.11.6"), setVar("thread_cache_size", "0"), setVar("max_connections", "3000"),
			setStatus("threads_created", "41"), setStatus("connections", "44")), "256",
		[]string{"41 of its 44 connections had to create a thread", "max_connections 3000", "from MariaDB 10.2, for max_connections 3000 (256, at most max_connections)"}, nil},
	{"table cache misses: the counters it names are the server's", "memory.table_open_cache_misses",
		all(setVersion("mariadb", "10.11.6"), fewTables(4), setVar("table_open_cache", "10"), tableCache(427079, 21606, 13882)), "2000",
		[]string{"table_open_cache is 10, below the server's default of 2000", "13882 times", "more than the 8 table opens two runs of mytune make themselves (each run's information_schema.TABLES read opens each of the 4 tables)", "21606 of 448685 table opens", "(4.8%, Table_open_cache_misses, each table's first open among them)"}, nil},
	{"table cache held to what open_files_limit allows: the numbers are the server's", "memory.table_open_cache_small",
		all(setVersion("mariadb", "10.11.6"), setVar("open_files_limit", "2048"), setVar("max_connections", "151"), setVar("table_open_cache", "400"),
			func(p *profile.Profile) { p.Server.Tables = 2504 }), "933",
		[]string{"3004 (tables x 1.2)", "The server caps it at 933: with open_files_limit 2048 and max_connections 151 it keeps at most (2048 - 30 - 151) / 2 open", "to hold 3004"}, nil},
	{"table cache capped at MariaDB's minimum", "memory.table_open_cache_small",
		all(setVersion("mariadb", "10.11.6"), setVar("open_files_limit", "512"), setVar("max_connections", "151"), setVar("table_open_cache", "100"),
			func(p *profile.Profile) { p.Server.Tables = 2504 }), "200",
		[]string{"it keeps only its minimum of 200 open"}, []string{"(512 - 30"}},
	{"table sizes timed out: the pool says so, not 'no table'", "memory.buffer_pool_small",
		all(setVersion("mariadb", "10.11.6"), func(p *profile.Profile) {
			p.Server.Tables, p.Server.DataBytes, p.Server.IndexBytes, p.Server.Engines = 0, 0, 0, nil
			p.Server.TablesError = "no answer within its time limit (the query was cancelled)"
		}), "",
		[]string{"the table sizes could not be read (information_schema.TABLES: no answer within its time limit"}, []string{"showed this account no table"}},
	{"a SHOW VARIABLES capture: the pool says to read the live server, not 'when the server is less busy' (review r17)", "memory.buffer_pool_small",
		all(setVersion("mariadb", "10.11.6"), func(p *profile.Profile) {
			p.Server.Tables, p.Server.DataBytes, p.Server.IndexBytes, p.Server.Engines = 0, 0, 0, nil
			p.Server.Source, p.Server.Captured = profile.ServerSourceCapture, []string{"vars.txt"}
			p.Server.TablesError = "not in a SHOW VARIABLES/STATUS capture"
		}), "",
		[]string{"not in a SHOW VARIABLES/STATUS capture), so the size of the data is not known; run advise against the live server"},
		[]string{"less busy"}},
	{"2 with the log unbuffered still waits: no 'sync nothing'", "durability.slow_commits",
		all(slowSync, setVersion("mariadb", "10.11.6"), setVar("innodb_flush_log_at_trx_commit", "2"), setVar("innodb_log_file_buffering", "OFF")), "",
		[]string{"make 1 sync per commit (innodb_flush_log_at_trx_commit is 2, but the redo log is written with O_DIRECT", "counted as a sync), so about"},
		[]string{"sync nothing at commit"}},
	{"NVMe: max is twice the capacity", "io.capacity_max", setVar("innodb_io_capacity_max", "100000"), "20000",
		[]string{"twice innodb_io_capacity 10000"}, nil},
	{"flush_log 2 on an unmeasured disk: no number, no 'unmeasured number'", "durability.flush_log_strict",
		all(setVar("innodb_flush_log_at_trx_commit", "2"), func(p *profile.Profile) { p.Storage.Measured = false }), "1",
		[]string{"The disk was not measured, so what that costs in commits/s is not known here"}, []string{"unmeasured number", "about 5000"}},
	{"redo sized from a pool it names as advised (issue 11: 32M pool)", "redo.log_file_size_small_mariadb",
		all(setVersion("mariadb", "10.11.6"), setVar("innodb_buffer_pool_size", "32M"), setVar("innodb_log_file_size", "4M"),
			func(p *profile.Profile) { p.Server.Status = map[string]string{} }), "",
		[]string{"buffer pool advised here (it is 32.0 MiB now) is", "Bounded to 128.0 MiB..16.0 GiB"}, []string{"what the server writes"}},
	{"redo rate known: sized from what the server writes", "redo.capacity_small", setVar("innodb_redo_log_capacity", "100M"), "",
		[]string{"The server wrote", "this sizes from what the server writes instead"}, []string{"unknown"}},
}

func TestDetailTexts(t *testing.T) {
	cases := detailCases
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			tc.mutate(&p)
			h, ok := fired(t, p, "strict", "")[tc.id]
			if !ok {
				t.Fatalf("%s did not fire", tc.id)
			}
			if tc.recommend != "" && h.Recommended != tc.recommend {
				t.Errorf("recommended %s, want %s", h.Recommended, tc.recommend)
			}
			for _, w := range tc.want {
				if !strings.Contains(h.RenderedDetail, w) {
					t.Errorf("detail lacks %q: %s", w, h.RenderedDetail)
				}
			}
			for _, d := range tc.deny {
				if strings.Contains(h.RenderedDetail, d) {
					t.Errorf("detail says %q: %s", d, h.RenderedDetail)
				}
			}
		})
	}
}

// writeCurve sets the random-write IOPS at 1, 2, 4, 8 and 16 threads.
func writeCurve(iops ...float64) func(*profile.Profile) {
	return func(p *profile.Profile) {
		p.Storage.RandWrite = nil
		for i, v := range iops {
			p.Storage.RandWrite = append(p.Storage.RandWrite, profile.ThreadPoint{Threads: 1 << i, IOPS: v})
		}
	}
}
