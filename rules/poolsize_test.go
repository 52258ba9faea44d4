package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// poolServer makes the quiet profile a server of flavor/version with the
// given pool and InnoDB data and index bytes on a host of memBytes (most of
// it available), up for uptimeS seconds.
func poolServer(flavor, version, pool string, data, index, memBytes uint64, uptimeS int) func(*profile.Profile) {
	return func(p *profile.Profile) {
		p.Host.Memory = profile.Memory{TotalBytes: memBytes, AvailableBytes: memBytes - memBytes/20}
		p.Server.Flavor, p.Server.Version = flavor, version
		p.Server.Variables["innodb_buffer_pool_size"] = pool
		p.Server.DataBytes, p.Server.IndexBytes, p.Server.Tables = data+tMiB, index, 5
		p.Server.Engines = map[string]profile.EngineUsage{"InnoDB": {DataBytes: data, IndexBytes: index, Tables: 4},
			"Aria": {DataBytes: tMiB, Tables: 1}}
		p.Server.Status["uptime"] = fmt.Sprint(uptimeS)
		p.Server.Status["innodb_buffer_pool_reads"], p.Server.Status["innodb_buffer_pool_read_requests"] = "100", "1000000"
	}
}

// bufferPoolMem is the memory of the host TestBufferPoolAdvice's cases
// run on, 23 GiB.
const bufferPoolMem = 23 * tGiB

// bufferPoolAdviceCases are TestBufferPoolAdvice's cases: an edit to the
// quiet profile, the pool memory.buffer_pool_small must recommend, and what
// its detail must say.
var bufferPoolAdviceCases = []struct {
	name   string
	mutate func(*profile.Profile)
	want   string   // recommended; "" = must not fire
	says   []string // the detail says these
}{
	{"128M pool, 181M data + 13M indexes, idle MariaDB", poolServer("mariadb", "10.11.6", "128M", 181*tMiB, 13*tMiB, bufferPoolMem, 300), "384M",
		[]string{"Sized to the data", "181.0 MiB of data (with the primary keys) and 13.0 MiB of secondary indexes, 194.0 MiB in all, more than the pool holds",
			"50% headroom to grow that is 291.0 MiB, rounded up to whole chunks (128M below 1G, 1G above): 384M", "up for only 5 min", "Memory allows up to 17G"}},
	{"32M pool, 40M data: the 128M default", poolServer("mariadb", "10.11.6", "32M", 40*tMiB, 0, bufferPoolMem, 300), "128M",
		[]string{"40.0 MiB of data", "the server's 128.0 MiB default"}},
	{"128M pool, 240M of sysbench data, high hit ratio after a day", poolServer("mysql", "8.4.3", "128M", 200*tMiB, 40*tMiB, bufferPoolMem, 86400), "384M",
		[]string{"innodb_dedicated_server is OFF", "Since it started 24.0 h ago, 99.99% of 1000000 page requests hit the pool", "not all the data"}},
	{"dedicated MySQL: sized to memory", all(poolServer("mysql", "8.4.3", "128M", 181*tMiB, 13*tMiB, bufferPoolMem, 300),
		setVar("innodb_dedicated_server", "ON")), "17G", []string{"Sized to memory: innodb_dedicated_server is ON"}},
	{"pool holds the data: nothing", poolServer("mariadb", "10.11.6", "256M", 150*tMiB, 10*tMiB, bufferPoolMem, 300), "", nil},
	{"only Aria data: the pool is not sized to it", poolServer("mariadb", "10.11.6", "128M", 0, 0, bufferPoolMem, 300), "", nil},
	{"pool smaller than the data, no memory left to grow", all(poolServer("mariadb", "10.11.6", "128M", 181*tMiB, 13*tMiB, bufferPoolMem, 300),
		func(p *profile.Profile) { p.Host.Memory.AvailableBytes = 2 * tGiB }), "", nil},
	// QA on a Pi-like host: a 1G cgroup whose processes held 805 MiB was told "21.4 GiB available now" and got 256M
	{"1G cgroup, 805 MiB of it held, 21.4 GiB free on the host: no room to grow", all(poolServer("mariadb", "10.11.6", "128M", 200*tMiB, 40*tMiB, bufferPoolMem, 300),
		func(p *profile.Profile) {
			p.Host.Memory.AvailableBytes, p.Host.Memory.LimitBytes, p.Host.Memory.LimitUsedBytes = 21914*tMiB, tGiB, 805*tMiB
		}), "", nil},
	{"1G cgroup, 300 MiB of it held: grows within what the limit leaves, and says so", all(poolServer("mariadb", "10.11.6", "128M", 200*tMiB, 40*tMiB, bufferPoolMem, 300),
		func(p *profile.Profile) {
			p.Host.Memory.AvailableBytes, p.Host.Memory.LimitBytes, p.Host.Memory.LimitUsedBytes = 21914*tMiB, tGiB, 600*tMiB
		}, setVar("max_connections", "10")), // 10 x (buffers + a 16M temporary table) fit next to a 256M pool (QA 13)
		"256M", []string{"no more than the 424.0 MiB available now (the 1.0 GiB cgroup memory limit less the 600.0 MiB its processes hold) allows"}},
	// vm.overcommit_memory = 2: MemAvailable (21.4 GiB) is not what a mapping may take; CommitLimit less Committed_AS is
	{"overcommit 2, 12 GiB commit limit, 11.8 GiB committed: no room to grow", all(poolServer("mariadb", "10.11.6", "128M", 200*tMiB, 40*tMiB, bufferPoolMem, 300),
		func(p *profile.Profile) {
			m := &p.Host.Memory
			m.AvailableBytes, m.OvercommitMemory, m.CommitLimitBytes, m.CommittedBytes = 21914*tMiB, "2", 12*tGiB, 12083*tMiB
		}), "", nil},
	{"overcommit 2, 12 GiB commit limit, 10 GiB committed: grows within what the limit leaves, and says so", all(poolServer("mariadb", "10.11.6", "128M", 200*tMiB, 40*tMiB, bufferPoolMem, 300),
		func(p *profile.Profile) {
			m := &p.Host.Memory
			m.AvailableBytes, m.OvercommitMemory, m.CommitLimitBytes, m.CommittedBytes = 21914*tMiB, "2", 12*tGiB, 10*tGiB
		}, setVar("max_connections", "10")),
		"384M", []string{"Memory allows up to 896M", "no more than the 2.0 GiB available now (vm.overcommit_memory = 2: the 12.0 GiB commit limit less the 10.0 GiB already committed, Committed_AS) allows"}},
	// QA: 8 of 25 real captures were 32-bit builds and got 17G, which stops InnoDB from starting
	{"32-bit MySQL 5.5 on a 23 GiB host: held to 2G", all(poolServer("mysql", "5.5.21", "128M", 8*tGiB, tGiB, bufferPoolMem, 300),
		setVar("version_compile_machine", "i686")), "2G", []string{"The data sets the size: 14G", "32-bit build (version_compile_machine i686)", "held to 2G"}},
	{"64-bit MySQL 5.5 on a 23 GiB host: not held", all(poolServer("mysql", "5.5.21", "128M", 8*tGiB, tGiB, bufferPoolMem, 300),
		setVar("version_compile_machine", "x86_64")), "14G", nil},
	// QA: 17G with 3 instances of 128M chunks runs as 17.25G (MySQL rounds up to chunk x instances)
	{"MySQL 8.4 with 3 pool instances: a multiple of 384M", all(poolServer("mysql", "8.4.3", "2G", 8*tGiB, 4*tGiB, bufferPoolMem, 300),
		setVar("innodb_buffer_pool_instances", "3")), "17280M", []string{"multiple of innodb_buffer_pool_chunk_size 128.0 MiB x 3 instance(s) = 384.0 MiB"}},
	{"MariaDB: no instance rounding", all(poolServer("mariadb", "10.11.6", "2G", 8*tGiB, 4*tGiB, bufferPoolMem, 300),
		setVar("innodb_buffer_pool_instances", "3")), "17G", nil},
	// review r13: MariaDB 10.2.2-10.4 lays the pool out as MySQL 5.7 (chunks x instances; one
	// instance only from 10.5, MDEV-15058), so 17G with 3 instances ran as 17.25G there too
	{"MariaDB 10.4 with 3 pool instances: a multiple of 384M", all(poolServer("mariadb", "10.4.34", "2G", 8*tGiB, 4*tGiB, bufferPoolMem, 300),
		setVar("innodb_buffer_pool_instances", "3")), "17280M", []string{"MariaDB rounds the pool up to a multiple of innodb_buffer_pool_chunk_size 128.0 MiB x 3 instance(s) = 384.0 MiB"}},
	{"MariaDB 10.3 with a 96M chunk, 2 instances (192M): a multiple of 192M", all(poolServer("mariadb", "10.3.39", "2G", 8*tGiB, 4*tGiB, bufferPoolMem, 300),
		setVar("innodb_buffer_pool_instances", "2"), setVar("innodb_buffer_pool_chunk_size", "100663296")), "17280M", []string{"x 2 instance(s) = 192.0 MiB"}},
	{"MariaDB 10.5 with 3 instances set: one instance, no rounding", all(poolServer("mariadb", "10.5.27", "2G", 8*tGiB, 4*tGiB, bufferPoolMem, 300),
		setVar("innodb_buffer_pool_instances", "3")), "17G", nil},
	// the table sizes lag the files (MariaDB 10.11.19 here: a STATS_AUTO_RECALC=0 table of 1,048,576 rows showed
	// 16 KiB + 16 KiB in information_schema.TABLES and 340 MiB in its .ibd): the pool is sized to the files
	{"MariaDB, TABLES says 32K, the files hold 340M: sized to the files", all(poolServer("mariadb", "10.11.19", "128M", 16384, 16384, bufferPoolMem, 300),
		innodbFiles(356515840)), "512M", []string{"Sized to the data's files: information_schema.TABLES says the InnoDB tables hold 32.0 KiB, but their tablespace files hold 340.0 MiB (information_schema.INNODB_SYS_TABLESPACES)",
		"STATS_AUTO_RECALC=0", "with 50% headroom that is 510.0 MiB, rounded up to whole chunks (128M below 1G, 1G above): 512M"}},
	{"MySQL 8.4, TABLES cached: the expiry said", all(poolServer("mysql", "8.4.8", "128M", 16384, 16384, bufferPoolMem, 300),
		innodbFiles(2*tGiB), setVar("information_schema_stats_expiry", "86400")), "3G",
		[]string{"(information_schema.INNODB_TABLESPACES)", "MySQL 8.0 and later show table sizes up to information_schema_stats_expiry (86400 s) old"}},
	// review r55: 46,004 small tables, 298.2 MiB in TABLES, 758.8 MiB of files (80 KiB a file): no lag, the tables' sizes
	{"46,004 small tables: their files' own overhead is no lag", all(poolServer("mariadb", "10.11.19", "512M", 168*tMiB, 130*tMiB, bufferPoolMem, 300),
		innodbFiles(795656192), func(p *profile.Profile) {
			p.Server.Engines = map[string]profile.EngineUsage{"InnoDB": {DataBytes: 168 * tMiB, IndexBytes: 130 * tMiB, Tables: 46004}}
		}), "", nil},
	{"files within twice the tables plus 64M: the tables' sizes", all(poolServer("mariadb", "10.11.19", "128M", 181*tMiB, 13*tMiB, bufferPoolMem, 300),
		innodbFiles(400*tMiB)), "384M", []string{"194.0 MiB in all, more than the pool holds"}},
}

// innodbFiles sets the size of the user tables' InnoDB tablespace files.
func innodbFiles(n uint64) func(*profile.Profile) {
	return func(p *profile.Profile) { p.Server.InnoDBFileBytes = n }
}

// TestBufferPoolAdvice covers issue 20: a pool smaller than the InnoDB data
// + indexes is advised up whatever the step; a pool below the 128M default
// is raised to it; innodb_dedicated_server=ON sizes to memory; a pool the
// data fits is left alone.
func TestBufferPoolAdvice(t *testing.T) {
	for _, tc := range bufferPoolAdviceCases {
		t.Run(tc.name, func(t *testing.T) {
			_, hits := memEnv(t, tc.mutate)
			h, ok := hits["memory.buffer_pool_small"]
			switch {
			case tc.want == "" && ok:
				t.Fatalf("fired: %s → %s: %s", h.Current, h.Recommended, h.RenderedDetail)
			case tc.want == "":
				return
			case !ok:
				t.Fatalf("did not fire (fired: %v)", keys(hits))
			case h.Recommended != tc.want:
				t.Errorf("recommended %s, want %s: %s", h.Recommended, tc.want, h.RenderedDetail)
			}
			for _, s := range tc.says {
				if !strings.Contains(h.RenderedDetail, s) {
					t.Errorf("detail does not say %q:\n%s", s, h.RenderedDetail)
				}
			}
			t.Logf("%s → %s: %s", h.Current, h.Recommended, h.RenderedDetail)
		})
	}
}

// seesPartCase is one case of TestPoolWhenTheAccountSeesPart: the tables
// the account sees, the pool and its pages, and what the advice must do.
type seesPartCase struct {
	name       string
	tables     int
	dataBytes  uint64
	pool       string
	data, free int
	total      int
	grows      bool
	detailHas  string
	status     map[string]string // more status counters
}

// seesPartCases are the cases of TestPoolWhenTheAccountSeesPart.
func seesPartCases() []seesPartCase {
	return []seesPartCase{
		{"USAGE only, 54 MiB in a 256M pool with room: nothing to grow", 0, 0, "256M", 3500, 12000, 16384, false, "", nil},
		{"one small schema seen, 32M pool full of 200 MB of data: sized to memory, said", 1, 16 << 10, "32M", 2000, 10, 2048, true,
			"the data is larger than the account can see", nil},
		{"sees it all: unchanged", 4, 200 << 20, "256M", 12000, 4000, 16384, false, "", nil},
		// QA: SELECT on one schema (3.5 MiB) of a server with 163 MiB, 64M pool just started (413 data pages)
		{"one schema seen, cold pool: the default, and the sizes said to be a lower bound", 1, 3584 << 10, "64M", 413, 3600, 4096, true,
			"this account sees none of the mysql schema's tables, so it may not see every schema: the sizes below are what it sees, a lower bound", nil},
		{"root on an empty server whose pool still holds a dropped schema's pages: sized to memory", 0, 0, "64M", 1200, 2500, 4096, true,
			"Sized to memory", nil},
		// QA: USAGE only on MariaDB 10.11 with 283 MiB of InnoDB data in a 128M pool: the page cleaner kept
		// 1536 of 8112 pages free (18.9%) while 18929 had been evicted; "nothing to change" was wrong
		{"USAGE only, full 128M pool, 18929 pages evicted: sized to memory, said", 0, 0, "128M", 6576, 1536, 8112, true,
			"Innodb_buffer_pool_pages_LRU_freed says it evicted 18929 pages", map[string]string{"innodb_buffer_pool_pages_lru_freed": "18929"}},
		{"USAGE only, pool with room but pages evicted: sized to memory", 0, 0, "256M", 3500, 12000, 16384, true,
			"evicted 40 pages", map[string]string{"innodb_buffer_pool_pages_lru_freed": "40"}},
		{"USAGE only, no eviction counter, free pages only what the cleaner keeps: sized to memory", 0, 0, "128M", 6576, 1536, 8112, true,
			"only 1536 of its pages are free (19%), what InnoDB's page cleaner keeps free", nil},
		{"USAGE only, more pages read from disk than the pool holds: sized to memory", 0, 0, "256M", 3500, 12000, 16384, true,
			"read 50000 pages from disk, more than the 16384 it holds", map[string]string{"innodb_buffer_pool_reads": "50000"}},
		{"USAGE only, nothing evicted and room beyond the cleaner's pages: nothing to grow", 0, 0, "256M", 3500, 12000, 16384, false, "",
			map[string]string{"innodb_buffer_pool_pages_lru_freed": "0"}},
	}
}

// TestPoolWhenTheAccountSeesPart: an account that sees only part of the
// tables (the pool holds far more data pages than it can see) sizes the
// pool to what the pool holds while the pool has room, and says it; with
// the pool full it sizes to memory and says the data is larger than it
// can see.
func TestPoolWhenTheAccountSeesPart(t *testing.T) {
	pages := func(p *profile.Profile, pool string, data, free, total int) {
		p.Server.Variables["innodb_buffer_pool_size"] = pool
		p.Server.Status["innodb_buffer_pool_pages_data"] = fmt.Sprint(data)
		p.Server.Status["innodb_buffer_pool_pages_free"] = fmt.Sprint(free)
		p.Server.Status["innodb_buffer_pool_pages_total"] = fmt.Sprint(total)
	}
	for _, c := range seesPartCases() {
		t.Run(c.name, func(t *testing.T) {
			p := quietProfile()
			p.Server.Tables, p.Server.DataBytes, p.Server.IndexBytes = c.tables, c.dataBytes, 0
			p.Server.Engines = nil
			sys := 0 // an account without SELECT on the mysql schema
			if strings.HasPrefix(c.name, "root") || strings.HasPrefix(c.name, "sees it all") {
				sys = 31
			}
			p.Server.SystemTables = &sys
			pages(&p, c.pool, c.data, c.free, c.total)
			p.Server.Flavor, p.Server.Version = "mariadb", "10.11.19"
			p.Server.Variables["innodb_lru_scan_depth"] = "1536" // MariaDB 10.11's default
			for k, v := range c.status {
				p.Server.Status[k] = v
			}
			hits := fired(t, p, "strict", "")
			h, grows := hits["memory.buffer_pool_small"]
			if _, redo := hits["redo.log_file_size_small_mariadb"]; c.status["innodb_buffer_pool_pages_lru_freed"] == "18929" && !redo {
				t.Errorf("the redo log is not advised to follow the pool (fired: %v)", keys(hits))
			}
			if grows != c.grows {
				t.Fatalf("pool advice fired = %v, want %v (%s)", grows, c.grows, h.RenderedDetail)
			}
			if c.detailHas != "" && !strings.Contains(h.RenderedDetail, c.detailHas) {
				t.Errorf("detail lacks %q: %s", c.detailHas, h.RenderedDetail)
			}
		})
	}
}
