package advisor

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// cnfServerNoteCase is one TestCnfServerNote case: the server and my.cnf
// read, and what the note must (or, after "!", must not) say.
type cnfServerNoteCase struct {
	name   string
	server *profile.Server
	mycnf  *profile.MyCnf
	want   []string // "" in want: no note; "!x": x not in it
}

// cnfServerNoteCases are TestCnfServerNote's cases.
func cnfServerNoteCases() []cnfServerNoteCase {
	srv := func(source string, vars map[string]string) *profile.Server {
		return &profile.Server{Reachable: true, Source: source, Variables: vars}
	}
	cnf := &profile.MyCnf{Path: "/etc/mysql/small.cnf", Variables: map[string]string{
		"innodb_buffer_pool_size": "1G", "max_connections": "100", "innodb_file_per_table": "1", "datadir": "/srv/db"}}
	live1 := &profile.MyCnf{Path: "live1.cnf", Variables: map[string]string{"innodb_io_capacity": "50",
		"innodb_flush_log_at_trx_commit": "5", "innodb_log_file_size": "512K", "table_open_cache": "100000",
		"thread_cache_size": "1k", "max_connections": "310"}}
	return []cnfServerNoteCase{
		{"capture disagrees on two", srv(profile.ServerSourceCapture, map[string]string{"innodb_buffer_pool_size": "12884901888",
			"max_connections": "2000", "innodb_file_per_table": "ON", "datadir": "/var/lib/mysql/"}), cnf,
			[]string{"the captured server disagree", "innodb_buffer_pool_size 1G in the file, 12884901888 on the server",
				"max_connections 100 in the file, 2000 on the server"}},
		{"same values spelled differently", srv("server", map[string]string{"innodb_buffer_pool_size": "1073741824",
			"max_connections": "100", "innodb_file_per_table": "ON"}), cnf, []string{""}},
		{"a switch differs", srv("server", map[string]string{"innodb_file_per_table": "OFF"}), cnf,
			[]string{"the server read disagree", "innodb_file_per_table 1 in the file, OFF on the server"}},
		{"no my.cnf", srv("server", map[string]string{"max_connections": "2000"}), nil, []string{""}},
		// QA 2026-12-06: mariadbd 10.11.19 started with innodb_flush_method
		// = O_DSYNC in odd.cnf, then restarted from another file; advise
		// --mycnf odd.cnf beside it said nothing of the flush method.
		{"an enum differs", srv("server", map[string]string{"innodb_flush_method": "O_DIRECT"}),
			&profile.MyCnf{Path: "odd.cnf", Variables: map[string]string{"innodb_flush_method": "O_DSYNC"}},
			[]string{"innodb_flush_method O_DSYNC in the file, O_DIRECT on the server"}},
		{"an enum in another case agrees", srv("server", map[string]string{"innodb_flush_method": "O_DIRECT"}),
			&profile.MyCnf{Path: "odd.cnf", Variables: map[string]string{"innodb_flush_method": "o_direct"}}, []string{""}},
		{"an enum written as its number is not compared", srv("server", map[string]string{"query_cache_type": "DEMAND"}),
			&profile.MyCnf{Path: "odd.cnf", Variables: map[string]string{"query_cache_type": "2"}}, []string{""}},
		{"a path is not compared", srv("server", map[string]string{"datadir": "/var/lib/mysql/"}),
			&profile.MyCnf{Path: "odd.cnf", Variables: map[string]string{"datadir": "/srv/db"}}, []string{""}},
		{"server not reachable", &profile.Server{Variables: map[string]string{"max_connections": "2000"}}, cnf, []string{""}},
		// testdata/qa14 live1.cnf (probe/mycnf/testdata): mariadbd 10.11.19
		// started with it runs with these values (QA run 14, a8.txt).
		{"the server's own clamps", srv("server", map[string]string{"innodb_io_capacity": "100",
			"innodb_flush_log_at_trx_commit": "3", "innodb_log_file_size": "4194304", "table_open_cache": "9830",
			"thread_cache_size": "310", "max_connections": "310", "open_files_limit": "20000"}), live1,
			[]string{"the server adjusted values", "innodb_io_capacity 50 in the file: the server raised it to its minimum, 100",
				"innodb_flush_log_at_trx_commit 5 in the file: the server limited it to its maximum, 3",
				"innodb_log_file_size 512K in the file: the server raised it to its minimum, 4194304",
				"table_open_cache 100000 in the file: the server limited it to what open_files_limit 20000 allows, 9830",
				"thread_cache_size 1k in the file: the server limited it to max_connections, 310", "!may not be the one"}},
		{"a clamp beside a real difference", srv("server", map[string]string{"innodb_io_capacity": "100",
			"max_connections": "500"}), live1, []string{"raised it to its minimum, 100",
			"max_connections 310 in the file, 500 on the server"}},
		{"not the clamp's value", srv("server", map[string]string{"innodb_io_capacity": "200", "max_connections": "310"}), live1,
			[]string{"innodb_io_capacity 50 in the file, 200 on the server"}},
		// review r26 (docs/benchmarks/live-server.md): mariadbd 10.11.19 under
		// ulimit -n 512 with max_connections 400 ran 82 (table_open_cache 200,
		// 1 instance); under 1024 with 1000 and table_open_cache 20, 674.
		{"max_connections cut by open_files_limit (ulimit 512)", srv("server", map[string]string{"max_connections": "82",
			"open_files_limit": "512", "table_open_cache": "200", "table_open_cache_instances": "1"}),
			&profile.MyCnf{Path: "c.cnf", Variables: map[string]string{"max_connections": "400"}},
			[]string{"max_connections 400 in the file: the server lowered it to what open_files_limit 512 allows, 82", "!may not be the one"}},
		{"max_connections cut by open_files_limit (ulimit 1024, table cache 20)", srv("server", map[string]string{"max_connections": "674",
			"open_files_limit": "1024", "table_open_cache": "20", "table_open_cache_instances": "8"}),
			&profile.MyCnf{Path: "b.cnf", Variables: map[string]string{"max_connections": "1000", "table_open_cache": "20"}},
			[]string{"max_connections 1000 in the file: the server lowered it to what open_files_limit 1024 allows, 674"}},
		{"fewer connections than the files allow: a plain difference", srv("server", map[string]string{"max_connections": "300",
			"open_files_limit": "512", "table_open_cache": "200", "table_open_cache_instances": "1"}),
			&profile.MyCnf{Path: "c.cnf", Variables: map[string]string{"max_connections": "400"}},
			[]string{"max_connections 400 in the file, 300 on the server"}},
		// review r29 (docs/benchmarks/live-server.md): the Tier12G cnf on
		// mariadbd 10.11.19 with a hard limit of 20000 open files.
		{"open files held by the OS and InnoDB (r29)", srv("server", map[string]string{"open_files_limit": "20000",
			"innodb_open_files": "9735", "table_open_cache": "9735", "max_connections": "500"}),
			&profile.MyCnf{Path: "a.cnf", Variables: map[string]string{"open_files_limit": "1000000", "innodb_open_files": "65536",
				"table_open_cache": "65536"}},
			[]string{"open_files_limit 1000000 in the file: the server got only what the operating system allowed (the process's hard limit on open files, ulimit -Hn; systemd's LimitNOFILE raises it), 20000",
				"innodb_open_files 65536 in the file: the server lowered it, above open_files_limit 20000, to table_open_cache, 9735",
				"table_open_cache 65536 in the file: the server limited it to what open_files_limit 20000 allows, 9735", "!may not be the one"}},
		{"a clamp and a difference: two sentences (r29)", srv("server", map[string]string{"open_files_limit": "20000",
			"table_open_cache_instances": "1"}),
			&profile.MyCnf{Path: "a.cnf", Variables: map[string]string{"open_files_limit": "1000000", "table_open_cache_instances": "64"}},
			[]string{"in the file. The my.cnf a.cnf and the server read disagree: table_open_cache_instances 64 in the file, 1 on the server"}},
		{"innodb_open_files below the limit: a plain difference", srv("server", map[string]string{"open_files_limit": "20000",
			"innodb_open_files": "400", "table_open_cache": "2000"}),
			&profile.MyCnf{Path: "a.cnf", Variables: map[string]string{"innodb_open_files": "4000", "open_files_limit": "10000"}},
			[]string{"innodb_open_files 4000 in the file, 400 on the server", "open_files_limit 10000 in the file, 20000 on the server"}},
		{"the target's version group counts", srv("server", map[string]string{"max_connections": "310"}),
			&profile.MyCnf{Path: "vg4.cnf", Variables: map[string]string{"max_connections": "200"},
				VersionGroups: map[string]map[string]string{"mariadb-10.11": {"max_connections": "310"}}}, []string{""}},
		{"another version's group does not", srv("server", map[string]string{"max_connections": "310"}),
			&profile.MyCnf{Path: "vg4.cnf", Variables: map[string]string{"max_connections": "200"},
				VersionGroups: map[string]map[string]string{"mariadb-11.4": {"max_connections": "310"}}},
			[]string{"max_connections 200 in the file, 310 on the server"}},
	}
}

func TestCnfServerNote(t *testing.T) {
	for _, c := range cnfServerNoteCases() {
		t.Run(c.name, func(t *testing.T) {
			got := cnfServerNote(profile.Profile{Server: c.server, MyCnf: c.mycnf}, profile.FlavorMariaDB, "10.11.19")
			for _, w := range c.want {
				if not, ok := strings.CutPrefix(w, "!"); ok {
					if strings.Contains(got, not) {
						t.Errorf("note %q, want no %q", got, not)
					}
					continue
				}
				if w == "" && got != "" || !strings.Contains(got, w) {
					t.Errorf("note %q, want %q", got, w)
				}
			}
			if strings.Contains(got, "datadir") {
				t.Errorf("paths are not compared: %q", got)
			}
		})
	}
}

// TestSavedServerTarget: advise --from a profile with a server block names
// that server as saved, not as "the live server" (QA: --no-server with a
// saved MariaDB said "the live server reports" and ignored --target).
func TestSavedServerTarget(t *testing.T) {
	p := profile.Profile{Host: profile.Host{Memory: profile.Memory{TotalBytes: 8 << 30}},
		Server: &profile.Server{Reachable: true, Source: "server", Flavor: "mariadb", Version: "10.11.19-MariaDB",
			Variables: map[string]string{"innodb_buffer_pool_size": "134217728"}}}
	for _, saved := range []bool{false, true} {
		a, err := Advise(p, AdviseOptions{Target: "mysql-8.4", SavedServer: saved})
		if err != nil {
			t.Fatal(err)
		}
		notes := strings.Join(a.Notes, "\n")
		says := strings.Contains(a.Target.Reason, "the server saved in the profile") &&
			strings.Contains(notes, "--target mysql-8.4 ignored: the server saved in the profile")
		live := strings.Contains(a.Target.Reason, "the live server")
		if says != saved || live == saved {
			t.Errorf("saved %v: reason %q, notes %q", saved, a.Target.Reason, notes)
		}
	}
}
