package mycnf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fixtureCases are the cases of TestFixtures.
var fixtureCases = []struct {
	name   string
	file   string
	groups []string
	want   map[string]string // "" key value means: bare option (no value)
	absent []string
}{
	{"debian mysql 5.x", "debian-mysql-5.x-my.cnf", ServerGroups,
		map[string]string{"external_locking": "OFF", "federated": "OFF", "key_buffer": "16M", "datadir": "/var/lib/mysql"}, nil},
	{"docker conf.d", "docker-library-mysql-8.0-conf.d-docker.cnf", ServerGroups,
		map[string]string{"host_cache_size": "0", "skip_name_resolve": ""}, nil},
	{"docker my.cnf", "docker-library-mysql-8.0-my.cnf", ServerGroups,
		map[string]string{"secure_file_priv": "NULL", "datadir": "/var/lib/mysql"}, nil},
	{"gh-ost mariadb", "gh-ost-mariadb-common.cnf", ServerGroups,
		map[string]string{"log_bin": "mariadb-bin", "binlog_format": "ROW", "log_slave_updates": "ON", "character_set_server": "utf8mb4"}, nil},
	{"gh-ost mysql client group", "gh-ost-mysql-8.0-testcontainer.cnf", ClientGroups,
		map[string]string{"default_character_set": "utf8mb4"}, []string{"max_connections"}},
	{"gh-ost mysql", "gh-ost-mysql-8.0-testcontainer.cnf", ServerGroups,
		map[string]string{"innodb_log_file_size": "64M", "ssl": "OFF", "default_time_zone": "+00:00", "sql_mode": "STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION"}, []string{"default_character_set"}},
	{"mariadb debian 10.x", "mariadb-debian-10.x-my.cnf", ServerGroups,
		map[string]string{"external_locking": "OFF", "bind_address": "127.0.0.1"}, nil},
	{"mariadb 50-server", "mariadb-debian-50-server.cnf", ServerGroups,
		map[string]string{"pid_file": "/run/mysqld/mysqld.pid", "basedir": "/usr"}, []string{"datadir"}},
	{"mariadb 60-galera", "mariadb-debian-60-galera.cnf", ServerGroups,
		map[string]string{"wsrep_on": "ON", "binlog_format": "row", "wsrep_provider": "/usr/lib/galera/libgalera_smm.so"}, []string{"wsrep_cluster_name"}},
	{"mariadb.cnf client-server", "mariadb-debian-mariadb.cnf", ClientGroups,
		map[string]string{"socket": "/run/mysqld/mysqld.sock"}, nil},
	{"mariadb docker", "mariadb-docker-docker.cnf", ServerGroups,
		map[string]string{"host_cache_size": "0", "expire_logs_days": "10"}, nil},
	{"mysql deb mysqld.cnf", "mysql-server-deb-mysqld.cnf", ServerGroups,
		map[string]string{"datadir": "/var/lib/mysql", "pid_file": "/var/run/mysqld/mysqld.pid"}, nil},
	{"exporter client", "mysqld_exporter-client.cnf", []string{"client"},
		map[string]string{"user": "root", "password": "abc", "host": "server2"}, []string{"cleartext_plugin"}},
	{"exporter dotted group", "mysqld_exporter-client.cnf", []string{"client.cleartextPlugin"},
		map[string]string{"user": "test", "cleartext_plugin": "ON"}, nil},
	{"percona lab mysql 8.4", "percona-lab-mysql-8.4.8-Tier12G.cnf", ServerGroups,
		map[string]string{"innodb_buffer_pool_size": "12G", "skip_name_resolve": "ON", "thread_stack": "512K"}, []string{"thread_handling"}},
	{"percona lab mariadb 11.8", "percona-lab-mariadb-11.8.6-Tier12G.cnf", ServerGroups,
		map[string]string{"innodb_log_file_size": "4G"}, nil},
	{"percona sandbox", "percona-server-8.0.32-sandbox.cnf", ServerGroups,
		map[string]string{"secure_file_priv": ""}, nil},
	{"comment and quoting edge cases", "percona-toolkit-comment-quoting-edge-cases.cnf", ServerGroups,
		map[string]string{"user": "mysql", "password": "password # still part of it!", "something": "something ; or # another", "log_bin": ""},
		[]string{"semicolon", "spacecolon", "spacepound"}},
	{"production 5.1", "percona-toolkit-production-5.1.cnf", ServerGroups,
		map[string]string{"locking": "OFF"}, nil},
	{"pxc wsrep", "percona-toolkit-pxc-wsrep.cnf", ServerGroups,
		map[string]string{"wsrep_provider_options": "gcache.size=64M;base_host=10.1.2.102; base_port=4567; cert.log_conflicts=no;etc=etc;", "log_bin": "sl1-bin", "server_id": "1"},
		[]string{"target_dir", "log_error"}},
	{"vitess default headerless", "vitess-default.cnf", ServerGroups,
		map[string]string{"innodb_buffer_pool_size": "32M", "datadir": "{{.DataDir}}", "skip_slave_start": "", "innodb_file_per_table": ""}, nil},
	{"vitess mysql84 headerless", "vitess-mysql84.cnf", ServerGroups,
		map[string]string{"rpl_semi_sync_source_timeout": "1000000000000000000", "skip_replica_start": "", "super_read_only": "",
			"plugin_load": "rpl_semi_sync_source=semisync_source.so;rpl_semi_sync_replica=semisync_replica.so"}, nil},
	{"encrypt test", "mariadb-docker-test-encrypt.cnf", ServerGroups, nil, nil},
	{"mysql cluster docker", "docker-library-mysql-cluster-7.6-my.cnf", ServerGroups,
		map[string]string{"ndbcluster": "", "ndb_connectstring": "192.168.0.2"}, nil},
	{"linuxserver custom", "linuxserver-mariadb-custom.cnf", ServerGroups,
		map[string]string{"external_locking": "OFF", "query_cache_type": "DEMAND", "myisam_recover_options": "BACKUP"},
		[]string{"key_buffer", "nice"}},
	{"linuxserver my.cnf", "linuxserver-mariadb-my.cnf", ServerGroups,
		map[string]string{"log_slow_verbosity": "query_plan", "innodb_flush_method": "O_DIRECT"}, []string{"quick"}},
	{"rpm encryption preset", "mariadb-rpm-enable_encryption.cnf", ServerGroups,
		map[string]string{"plugin_load_add": "file_key_management.so", "innodb_encrypt_tables": "", "aria_encrypt_tables": "1"}, nil},
	{"rpm server.cnf has only empty groups", "mariadb-rpm-server.cnf", nil, nil, []string{"feedback", "wsrep_on"}},
	{"oracle rpm", "mysql-server-rpm-oel-my.cnf", ServerGroups,
		map[string]string{"symbolic_links": "0", "socket": "/var/lib/mysql/mysql.sock"}, []string{"log_bin"}},
	{"percona 5.7 deb", "percona-server-5.7-deb-mysqld.cnf", ServerGroups,
		map[string]string{"explicit_defaults_for_timestamp": "", "sql_mode": "NO_ENGINE_SUBSTITUTION,STRICT_ALL_TABLES"}, nil},
	{"percona rpm", "percona-server-rpm-mysqld.cnf", ServerGroups,
		map[string]string{"log_error": "/var/log/mysqld.log"}, []string{"nice"}},
	{"docker image innodb", "richardds-docker-mariadb-innodb.cnf", ServerGroups,
		map[string]string{"innodb_file_format": "Barracuda", "innodb_io_capacity": "400"}, nil},
	{"docker image groups", "richardds-docker-mariadb-mariadb.cnf", ServerGroups,
		map[string]string{"log_bin": "OFF", "innodb_encrypt_log": "", "wait_timeout": "600"}, []string{"port_client"}},
	{"template placeholders", "mariadb-my-small.cnf", ServerGroups,
		map[string]string{"port": "@MYSQL_TCP_PORT@", "thread_stack": "240K", "server_id": "1"}, []string{"no_auto_rehash"}},
	{"oracle docker rpm", "mysql-server-rpm-docker-my.cnf", ServerGroups,
		map[string]string{"skip_host_cache": "", "secure_file_priv": "/var/lib/mysql-files"}, nil},
	{"docker 8.0 mysqld.cnf", "docker-library-mysql-8.0-mysqld.cnf", ServerGroups,
		map[string]string{"secure_file_priv": "NULL", "symbolic_links": "0"}, nil},
	{"tuned server.cnf", "willfong-supporttools-mariaconf-server.cnf", ServerGroups,
		map[string]string{"innodb_doublewrite": "OFF", "performance_schema": "off", "sync_binlog": "0"}, []string{"server_id"}},
	{"mysql deb mysql.cnf", "mysql-server-deb-mysql.cnf", ServerGroups, nil, nil},
}

// TestFixtures checks expected values on every fixture in testdata
// (provenance in testdata/SOURCES.md).
func TestFixtures(t *testing.T) {
	cases := fixtureCases
	seen := map[string]bool{}
	for _, c := range cases {
		seen[c.file] = true
		t.Run(c.name, func(t *testing.T) {
			opts, err := Parse(filepath.Join("testdata", c.file), c.groups)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			for k, want := range c.want {
				o, ok := opts.Get(k)
				if !ok {
					t.Errorf("%s: missing", k)
					continue
				}
				if o.Value != want {
					t.Errorf("%s = %q, want %q (from %s)", k, o.Value, want, o.Where())
				}
			}
			for _, k := range c.absent {
				if o, ok := opts.Get(k); ok {
					t.Errorf("%s should be absent, got %q from %s", k, o.Value, o.Where())
				}
			}
		})
	}
	ents, _ := os.ReadDir("testdata")
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".cnf") && !seen[e.Name()] {
			t.Errorf("fixture %s has no test case", e.Name())
		}
	}
}

// TestLines covers the syntax rules one line at a time, each as
// mysys/my_default.cc and my_getopt.cc read it (checked against
// my_print_defaults and mariadbd 10.11 by TestDifferential).
func TestLines(t *testing.T) {
	cases := []struct {
		name, text, key, want string
		loose                 bool
	}{
		{"spaces around =", "[mysqld]\n  max_connections   =   200  \n", "max_connections", "200", false},
		{"dashes and case", "[mysqld]\nInnoDB-Buffer-Pool-Size=1G\n", "innodb_buffer_pool_size", "1G", false},
		{"loose dash", "[mysqld]\nloose-foo-bar=3\n", "foo_bar", "3", true},
		{"loose underscore", "[mysqld]\nloose_foo=4\n", "foo", "4", true},
		{"skip bool", "[mysqld]\nskip-log-bin\n", "log_bin", "OFF", false},
		{"skip with value 0 is double negation", "[mysqld]\nskip-log-bin=0\n", "log_bin", "ON", false},
		{"skip with OFF is still OFF", "[mysqld]\nskip-innodb-adaptive-hash-index=OFF\n", "innodb_adaptive_hash_index", "OFF", false},
		{"skip with false is still OFF", "[mysqld]\nskip-innodb-adaptive-hash-index=false\n", "innodb_adaptive_hash_index", "OFF", false},
		{"enable with OFF is ON", "[mysqld]\nenable-innodb-adaptive-hash-index=OFF\n", "innodb_adaptive_hash_index", "ON", false},
		{"enable with 0 is OFF", "[mysqld]\nenable-innodb-adaptive-hash-index=0\n", "innodb_adaptive_hash_index", "OFF", false},
		{"disable", "[mysqld]\ndisable-performance-schema\n", "performance_schema", "OFF", false},
		{"enable", "[mysqld]\nenable-performance-schema\n", "performance_schema", "ON", false},
		{"loose skip", "[mysqld]\nloose-skip-innodb-adaptive-hash-index\n", "innodb_adaptive_hash_index", "OFF", true},
		{"skip loose: the last prefix wins", "[mysqld]\nskip-loose-innodb-adaptive-hash-index=OFF\n", "innodb_adaptive_hash_index", "OFF", true},
		{"skip-external-locking is a prefix", "[mysqld]\nskip-external-locking\n", "external_locking", "OFF", false},
		{"kept skip name", "[mysqld]\nskip_networking=1\n", "skip_networking", "1", false},
		{"maximum sets no value", "[mysqld]\nmaximum-sort-buffer-size=8M\n", "maximum_sort_buffer_size", "8M", false},
		{"last wins", "[mysqld]\na=1\n[mysqld]\na=2\n", "a", "2", false},
		{"double quotes escapes", "[mysqld]\na=\"x\\ty\\sz\\\\\"\n", "a", "x\ty z\\", false},
		{"single quotes", "[mysqld]\na='it''s'\n", "a", "it''s", false},
		{"one quote is not stripped", "[mysqld]\na=\"\n", "a", "\"", false},
		{"unknown escape kept", "[mysqld]\na=C:\\data\n", "a", "C:\\data", false},
		{"glued hash is a comment", "[mysqld]\npassword=ab#cd\n", "password", "ab", false},
		{"hash inside quotes kept", "[mysqld]\npassword=\"ab#cd\"\n", "password", "ab#cd", false},
		{"open quote protects the rest", "[mysqld]\nsocket=x 'y # z\n", "socket", "x 'y # z", false},
		{"quoted value then comment", "[mysqld]\nlog_error=\"a b\" # c\n", "log_error", "a b", false},
		{"inline comment", "[mysqld]\na = 5 # five\n", "a", "5", false},
		{"semicolon inline kept", "[mysqld]\na = 5 ; five\n", "a", "5 ; five", false},
		{"group case-insensitive", "[MySQLd]\na=1\n", "a", "1", false},
		{"text after ] ignored", "[mysqld] # the server\na=1\n", "a", "1", false},
		{"client-server is read by mariadbd", "[client-server]\na=1\n", "a", "1", false},
		{"crlf", "[mysqld]\r\na=1\r\n", "a", "1", false},
		{"empty value", "[mysqld]\nsecure-file-priv =\n", "secure_file_priv", "", false},
		{"NUL ends the line", "[mysqld]\na=1\x00junk\n", "a", "1", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts, err := ParseBytes("my.cnf", []byte(c.text), ServerGroups, Config{NoIncludes: true})
			if err != nil {
				t.Fatal(err)
			}
			o, ok := opts.Get(c.key)
			if !ok || o.Value != c.want || o.Loose != c.loose {
				t.Fatalf("%s = %+v (found %v), want %q loose=%v", c.key, o, ok, c.want, c.loose)
			}
		})
	}
}

// TestParseWarnings covers what makes both servers refuse the file or read
// it otherwise than it looks; the option is still read where one is there.
func TestParseWarnings(t *testing.T) {
	cases := []struct {
		name, text, warn string
		refuses          bool
		key, want        string // "" key: nothing to check; "" want: key absent
	}{
		{"set-variable refused and not applied", "[mysqld]\nset-variable = innodb_buffer_pool_size=2G\n",
			"write the setting as innodb_buffer_pool_size = 2G", true, "innodb_buffer_pool_size", ""},
		{"option before any group", "max_connections=5\n[mysqld]\n", "before any [group]", true, "max_connections", "5"},
		{"byte-order mark", "\ufeff[mysqld]\na=1\n", "byte-order mark", true, "a", "1"},
		{"header without ]", "[mysqld]\na=1\n[mysqld\na=2\n", "no closing ']'", true, "a", "2"},
		{"blank after [", "[ mysqld ]\na=1\n", "which no server reads", false, "a", ""},
		{"line without a name", "[mysqld]\n=5\n", "has no name", true, "", ""},
		{"glued hash", "[mysqld]\npassword=ab#cd\n", "glued to the value", false, "password", "ab"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts, err := ParseBytes("my.cnf", []byte(c.text), ServerGroups, Config{NoIncludes: true})
			if err != nil {
				t.Fatal(err)
			}
			checkWarning(t, opts.Warnings, c.warn, c.refuses)
			if c.key == "" {
				return
			}
			o, ok := opts.Get(c.key)
			if ok != (c.want != "") || o.Value != c.want {
				t.Errorf("%s = %q (found %v), want %q", c.key, o.Value, ok, c.want)
			}
		})
	}
}

// TestErrors: only a file that cannot be read, or a strict headerless
// parse, is an error; errors name the file and line.
func TestErrors(t *testing.T) {
	_, err := ParseBytes("bad.cnf", []byte("# c\na=1\n"), nil, Config{Headerless: HeaderlessError})
	if err == nil || !strings.Contains(err.Error(), "bad.cnf:2:") {
		t.Fatalf("err = %v, want bad.cnf:2:", err)
	}
	if _, err := Parse(filepath.Join(t.TempDir(), "none.cnf"), nil); err == nil {
		t.Error("a missing file must be an error")
	}
	if _, err := Parse(t.TempDir(), nil); err == nil || !strings.Contains(err.Error(), "directory") {
		t.Errorf("a directory: err = %v", err)
	}
	// review 2026-12-06: a 19 MB file was asked "is it really a my.cnf?", with nothing to do
	big := filepath.Join(t.TempDir(), "big.cnf")
	if err := os.WriteFile(big, append([]byte("[mysqld]\n"), make([]byte, maxFileBytes+1)...), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Parse(big, nil); err == nil || !strings.Contains(err.Error(), "16777226 bytes, more than the 16 MiB mytune reads of one option file") ||
		!strings.Contains(err.Error(), "give the option file the server reads") {
		t.Errorf("a 16 MiB file: err = %v", err)
	}
}

// TestHeaderless covers the three treatments of lines before any group.
func TestHeaderless(t *testing.T) {
	text := []byte("a=1\n[client]\nb=2\n")
	cases := []struct {
		name  string
		h     Headerless
		wantA bool
	}{{"include", HeaderlessInclude, true}, {"ignore", HeaderlessIgnore, false}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts, err := ParseBytes("x.cnf", text, ServerGroups, Config{Headerless: c.h})
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := opts.Get("a"); ok != c.wantA {
				t.Errorf("a present = %v, want %v", ok, c.wantA)
			}
			if _, ok := opts.Get("b"); ok {
				t.Errorf("b from [client] must not be read for server groups")
			}
		})
	}
}
