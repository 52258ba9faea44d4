package advisor

import (
	"reflect"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestApplyNow(t *testing.T) {
	a := Advice{Target: profile.Target{Flavor: "mariadb", Version: "10.11"}, Findings: []Finding{
		{Variable: "innodb_buffer_pool_size", Recommended: "12G"},
		{Variable: "innodb_flush_method", Recommended: "O_DIRECT", RestartRequired: true},
		{Variable: "innodb_io_capacity", Recommended: "2500"},
		{Variable: "innodb_log_file_buffering", Recommended: "ON"},
		{Variable: "innodb_redo_log_capacity", Recommended: "4G"}, // MySQL's: MariaDB does not accept it
		{Summary: "no variable"},
	}}
	v, _ := profile.ParseVersion("10.11.19")
	got := ApplyNow(a, v)
	want := []string{"SET GLOBAL innodb_buffer_pool_size = 12884901888;", "SET GLOBAL innodb_io_capacity = 2500;",
		"SET GLOBAL innodb_log_file_buffering = ON;"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestSQLValue(t *testing.T) {
	for _, c := range []struct{ name, variable, value, want string }{
		{"size in bytes", "max_allowed_packet", "64M", "67108864"},
		{"number", "max_connections", "151", "151"},
		{"word", "innodb_flush_neighbors", "OFF", "OFF"},
		{"quoted", "sql_mode", "STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION", "'STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION'"},
		{"quote escaped", "init_connect", "SET x='y'", `'SET x=\'y\''`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := sqlValue(c.variable, c.value); got != c.want {
				t.Errorf("got %s, want %s", got, c.want)
			}
		})
	}
}

// TestApplyNowIOCapacityOrder: raising innodb_io_capacity past the max in
// effect sets the max first; lowering both keeps capacity first.
func TestApplyNowIOCapacityOrder(t *testing.T) {
	v, _ := profile.ParseVersion("10.11.19")
	for _, c := range []struct {
		name                string
		cap, curMax, newMax string
		wantFirst           string
	}{
		{"raise past the max", "7500", "2000", "15000", "innodb_io_capacity_max"},
		{"raise within the max", "1500", "2000", "3000", "innodb_io_capacity"},
		{"lower both", "200", "4000", "400", "innodb_io_capacity"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := Advice{Target: profile.Target{Flavor: "mariadb", Version: "10.11"}, Findings: []Finding{
				{Variable: "innodb_io_capacity", Current: "200", Recommended: c.cap},
				{Variable: "innodb_io_capacity_max", Current: c.curMax, Recommended: c.newMax},
			}}
			got := ApplyNow(a, v)
			if len(got) != 2 || !strings.HasPrefix(got[0], "SET GLOBAL "+c.wantFirst+" =") {
				t.Errorf("got %q, want %s first", got, c.wantFirst)
			}
		})
	}
}

// TestApplyNowOnlinePool: MySQL resizes the pool online to a multiple of
// chunk x the instances it runs with (QA: 896M with 2 instances of 128M
// chunks would have become 1024M); MariaDB and aligned sizes are as advised.
func TestApplyNowOnlinePool(t *testing.T) {
	for _, c := range []struct {
		name, flavor, rec, instances, want string
	}{
		{"MySQL, 2 instances, 896M", "mysql", "896M", "2", "SET GLOBAL innodb_buffer_pool_size = 805306368; -- 896M taken down"},
		{"MySQL, 2 instances, 1G", "mysql", "1G", "2", "SET GLOBAL innodb_buffer_pool_size = 1073741824;"},
		{"MySQL, 1 instance, 896M", "mysql", "896M", "1", "SET GLOBAL innodb_buffer_pool_size = 939524096;"},
		{"MariaDB", "mariadb", "896M", "2", "SET GLOBAL innodb_buffer_pool_size = 939524096;"},
		// left list of session 46: MariaDB 10.2-10.4 run instances as MySQL 5.7 does
		{"MariaDB 10.4, 3 instances, 896M", "mariadb-10.4", "896M", "3", "SET GLOBAL innodb_buffer_pool_size = 805306368; -- 896M taken down"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := Advice{Target: profile.Target{Flavor: c.flavor, Version: "8.4"},
				Profile: profile.Profile{Server: &profile.Server{Reachable: true, Variables: map[string]string{
					"innodb_buffer_pool_chunk_size": "134217728", "innodb_buffer_pool_instances": c.instances}}},
				Findings: []Finding{{Variable: "innodb_buffer_pool_size", Current: "12G", Recommended: c.rec}}}
			v, _ := profile.ParseVersion("8.4.8")
			switch c.flavor {
			case "mariadb":
				a.Target.Version, v = "10.11", profile.Version{Major: 10, Minor: 11, Patch: 19}
			case "mariadb-10.4":
				a.Target = profile.Target{Flavor: "mariadb", Version: "10.4.34"}
				v = profile.Version{Major: 10, Minor: 4, Patch: 34}
			}
			got := ApplyNow(a, v)
			if len(got) != 1 || !strings.HasPrefix(got[0], c.want) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestApplyNowOnReadOnlyInnoDB: review r19, MariaDB 10.11.19 started with
// innodb_read_only ON answered the printed SET GLOBAL innodb_log_file_size
// with ERROR 1836 ("Running in read-only mode"); it is left out there,
// and the buffer pool, which that server resized, stays.
func TestApplyNowOnReadOnlyInnoDB(t *testing.T) {
	v, _ := profile.ParseVersion("10.11.19")
	for _, c := range []struct {
		name, readOnly string
		redoLine       bool
	}{
		{"innodb_read_only ON", "ON", false},
		{"innodb_read_only 1", "1", false},
		{"innodb_read_only OFF", "OFF", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := Advice{Target: profile.Target{Flavor: "mariadb", Version: "10.11"}, Findings: []Finding{
				{Variable: "innodb_buffer_pool_size", Recommended: "12G"},
				{Variable: "innodb_log_file_size", Recommended: "12672M"},
			}}
			a.Profile.Server = &profile.Server{Reachable: true, Flavor: "mariadb", Variables: map[string]string{"innodb_read_only": c.readOnly}}
			got := strings.Join(ApplyNow(a, v), "\n")
			if strings.Contains(got, "innodb_log_file_size") != c.redoLine || !strings.Contains(got, "innodb_buffer_pool_size") {
				t.Errorf("innodb_read_only %s: %q", c.readOnly, got)
			}
		})
	}
}

// TestApplyNowParallelThreads: review r49, MariaDB 10.11.19 refused SET
// GLOBAL slave_parallel_threads on a running replica (error 1198) and took
// it with the SQL thread stopped; the line stops and starts it, every
// connection's when there are several.
func TestApplyNowParallelThreads(t *testing.T) {
	v, _ := profile.ParseVersion("10.11.19")
	for _, c := range []struct {
		name     string
		channels int
		want     string
	}{
		{"one connection", 1, "STOP SLAVE SQL_THREAD; SET GLOBAL slave_parallel_threads = 8; START SLAVE SQL_THREAD;"},
		{"several connections", 2,
			"STOP ALL SLAVES SQL_THREAD; SET GLOBAL slave_parallel_threads = 8; START ALL SLAVES SQL_THREAD;"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := Advice{Target: profile.Target{Flavor: "mariadb", Version: "10.11"},
				Profile:  profile.Profile{Server: &profile.Server{Replication: &profile.Replication{Role: profile.RoleReplica, Channels: c.channels}}},
				Findings: []Finding{{Variable: "slave_parallel_threads", Recommended: "8"}}}
			if got := ApplyNow(a, v); !reflect.DeepEqual(got, []string{c.want}) {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestApplyNowLoadNotes: review r65 pasted every apply-now line into a
// MariaDB under an 8-thread sysbench; the pool shrink stalled it for tens
// of seconds on a slow disk and says so beside it, with the figures
// measured; a growth and other lines carry no such note.
func TestApplyNowLoadNotes(t *testing.T) {
	v, _ := profile.ParseVersion("10.11.19")
	for _, c := range []struct {
		name          string
		f             Finding
		flavor        string
		want, without string
	}{
		{"pool shrink", Finding{Variable: "innodb_buffer_pool_size", Current: "768M", Recommended: "256M"}, "mariadb",
			"SET GLOBAL innodb_buffer_pool_size = 268435456; -- a shrink evicts pages", ""},
		{"pool shrink figures", Finding{Variable: "innodb_buffer_pool_size", Current: "768M", Recommended: "256M"}, "mariadb",
			"0-17 transactions/s (from ~110) for 47.7 s and then failed with ERROR 1221", ""},
		{"pool shrink after a MySQL rounding comment", Finding{Variable: "innodb_buffer_pool_size", Current: "12G", Recommended: "896M"}, "mysql",
			"the my.cnf's 896M applies at the next start; a shrink evicts pages", ""},
		{"pool growth", Finding{Variable: "innodb_buffer_pool_size", Current: "256M", Recommended: "768M"}, "mariadb",
			"SET GLOBAL innodb_buffer_pool_size = 805306368;", "--"},
		{"pool current unknown", Finding{Variable: "innodb_buffer_pool_size", Recommended: "256M"}, "mariadb",
			"SET GLOBAL innodb_buffer_pool_size = 268435456;", "--"},
		{"redo resize", Finding{Variable: "innodb_log_file_size", Current: "96M", Recommended: "384M"}, "mariadb",
			"SET GLOBAL innodb_log_file_size = 402653184; -- returns only once the resized log is in place: 58.6-83.8 s", ""},
		{"io capacity lowered", Finding{Variable: "innodb_io_capacity", Current: "200", Recommended: "100"}, "mariadb",
			"SET GLOBAL innodb_io_capacity = 100;", "--"},
	} {
		t.Run(c.name, func(t *testing.T) {
			a := Advice{Target: profile.Target{Flavor: c.flavor, Version: "10.11"}, Findings: []Finding{c.f},
				Profile: profile.Profile{Server: &profile.Server{Reachable: true, Variables: map[string]string{
					"innodb_buffer_pool_chunk_size": "134217728", "innodb_buffer_pool_instances": "2"}}}}
			vv := v
			if c.flavor == "mysql" {
				a.Target.Version, vv = "8.4", profile.Version{Major: 8, Minor: 4, Patch: 8}
			}
			got := strings.Join(ApplyNow(a, vv), "\n")
			if !strings.Contains(got, c.want) || (c.without != "" && strings.Contains(got, c.without)) {
				t.Errorf("got %q\nwant %q without %q", got, c.want, c.without)
			}
		})
	}
}
