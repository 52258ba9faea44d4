package mycnf

import (
	"testing"
)

// readAsCases are the cases of TestReadAs.
var readAsCases = []struct {
	name, text, flavor string
	key, want          string // want "" means key absent
	warn               string // "" means: no warning
	refuses            bool
}{
	{"expire_logs_days=0 after seconds zeroes both on mariadbd", "[mysqld]\nbinlog_expire_logs_seconds=86400\nexpire_logs_days=0\n", "mariadb", "binlog_expire_logs_seconds", "0", "", false},
	{"seconds=0 after expire_logs_days zeroes both on mariadbd", "[mysqld]\nexpire_logs_days=3\nbinlog_expire_logs_seconds=0\n", "mariadb", "expire_logs_days", "0", "", false},
	{"expire_logs_days sets the seconds on mariadbd", "[mysqld]\nexpire_logs_days=2\n", "mariadb", "binlog_expire_logs_seconds", "172800", "", false},
	{"an unknown flush method refused", "[mysqld]\ninnodb_flush_method=bogus\n", "mariadb", "innodb_flush_method", "bogus", "Error while setting value 'bogus' to 'innodb-flush-method'", true},
	{"a typo of a flush method refused by mysqld too", "[mysqld]\ninnodb_flush_method=O_DIRECT_NOFSYNC\n", "mysql", "innodb_flush_method", "O_DIRECT_NOFSYNC", "is not one of fsync", true},
	{"a loose- bad flush method is logged, the default kept", "[mysqld]\nloose-innodb_flush_method=bogus\n", "mariadb", "innodb_flush_method", "", "starts with its default", false},
	{"a loose- bad binlog_format is logged, the default kept", "[mysqld]\nloose-binlog_format=bogus\n", "mariadb", "binlog_format", "", "starts with its default", false},
	{"a flush method's number read as its word", "[mysqld]\ninnodb_flush_method=5\n", "mariadb", "innodb_flush_method", "O_DIRECT_NO_FSYNC", "is read as O_DIRECT_NO_FSYNC", false},
	{"a flush method's number past the list refused", "[mysqld]\ninnodb_flush_method=6\n", "mariadb", "innodb_flush_method", "6", "Error while setting value '6'", true},
	{"a flush method in lower case is its word", "[mysqld]\ninnodb_flush_method=o_direct\n", "mariadb", "innodb_flush_method", "O_DIRECT", "", false},
	{"mysqld's reading of a number left as written", "[mysqld]\ninnodb_flush_method=4\n", "mysql", "innodb_flush_method", "4", "", false},
	{"binlog_format's number read as its word", "[mysqld]\nbinlog_format=2\n", "mariadb", "binlog_format", "ROW", "is read as ROW", false},
	{"an unknown binlog_format refused", "[mysqld]\nbinlog_format=rowx\n", "mariadb", "binlog_format", "rowx", "Error while setting value 'rowx' to 'binlog_format'", true},
	{"1GB read as 1G by mariadbd", "[mysqld]\ninnodb_buffer_pool_size = 1GB\n", "mariadb", "innodb_buffer_pool_size", "1G", "is read as 1G", false},
	{"1GB read as 1G by mysqld", "[mysqld]\ninnodb_buffer_pool_size = 1GB\n", "mysql", "innodb_buffer_pool_size", "1G", "is read as 1G", false},
	{"512MiB read as 512M", "[mysqld]\nkey_buffer_size=512MiB\n", "mariadb", "key_buffer_size", "512M", "is read as 512M", false},
	{"quoted blank before the number", "[mysqld]\nmax_connections = \" 100\"\n", "mariadb", "max_connections", "100", "is read as 100", false},
	{"quoted blank after the number", "[mysqld]\nmax_connections = \"100 \"\n", "mariadb", "max_connections", "100 ", "Unknown suffix ' '", true},
	{"negative unsigned refused by mariadbd", "[mysqld]\nmax_connections = -5\n", "mariadb", "max_connections", "-5", "Incorrect unsigned value", true},
	{"negative loose unsigned read as 0", "[mysqld]\nloose-max_allowed_packet = -25\n", "mariadb", "max_allowed_packet", "0", "cannot be negative", false},
	{"negative unsigned raised by mysqld", "[mysqld]\nmax_connections = -5\n", "mysql", "max_connections", "-5", "raises it to its minimum", false},
	{"signed performance_schema size", "[mysqld]\nperformance_schema_digests_size = -1\n", "mariadb", "performance_schema_digests_size", "-1", "", false},
	{"blank then a suffix letter refused", "[mysqld]\nmax_allowed_packet = \"  M0\"\n", "mariadb", "max_allowed_packet", "  M0", "Unknown suffix ' '", true},
	{"a bare suffix letter is 0", "[mysqld]\nmax_allowed_packet = M\n", "mariadb", "max_allowed_packet", "0M", "is read as 0M", false},
	{"plain size untouched", "[mysqld]\ninnodb_buffer_pool_size = 12G\n", "mariadb", "innodb_buffer_pool_size", "12G", "", false},
	{"decimal size refused", "[mysqld]\ninnodb_buffer_pool_size = 1.5G\n", "mariadb", "innodb_buffer_pool_size", "1.5G", "Unknown suffix '.'", true},
	{"garbage suffix on a loose option is not refused", "[mysqld]\nloose-max_connections = 100abc\n", "mariadb", "max_connections", "0", "starts with 0", false},
	{"garbage suffix refused", "[mysqld]\nmax_connections = 100abc\n", "mysql", "max_connections", "100abc", "Unknown suffix 'a'", true},
	{"decimal for a double is fine", "[mysqld]\nlong_query_time = 0.5\n", "mariadb", "long_query_time", "0.5", "", false},
	{"bare number option refused", "[mysqld]\nmax_connections\n", "mariadb", "max_connections", "ON", "requires an argument", true},
	{"empty number refused by MySQL", "[mysqld]\nmax_connections=\n", "mysql", "max_connections", "", "MySQL 8 refuses", true},
	{"empty number is 0 for mariadbd", "[mysqld]\nmax_connections=\n", "mariadb", "max_connections", "", "reads 0", false},
	{"skip on a number gives 0", "[mysqld]\nskip-max-connections\n", "mariadb", "max_connections", "0", "", false},
	{"yes is OFF", "[mysqld]\nlog-slave-updates = yes\n", "mariadb", "log_slave_updates", "OFF", "wasn't recognized", false},
	{"yes is OFF for MySQL too", "[mysqld]\ninnodb_file_per_table = yes\n", "mysql", "innodb_file_per_table", "OFF", "wasn't recognized", false},
	{"true is fine", "[mysqld]\ninnodb_file_per_table = TRUE\n", "mariadb", "innodb_file_per_table", "TRUE", "", false},
	{"client-server read by mariadbd", "[client-server]\nmax_connections=11\n", "mariadb", "max_connections", "11", "", false},
	{"client-server not read by mysqld", "[client-server]\nmax_connections=11\n", "mysql", "max_connections", "", "does not read [client-server]", false},
	{"mariadb group not read by mysqld", "[mariadb]\nmax_connections=11\n", "mysql", "max_connections", "", "does not read [mariadb]", false},
	{"galera read by mariadbd", "[galera]\nwsrep_on=ON\n", "mariadb", "wsrep_on", "ON", "", false},
	{"prefix taken by mariadbd", "[mysqld]\nkey_buffer = 16M\n", "mariadb", "key_buffer_size", "16M", "not a full option name", false},
	{"prefix refused by MySQL 8", "[mysqld]\nkey_buffer = 16M\n", "mysql", "key_buffer", "16M", "no abbreviated option names", true},
	{"MySQL 8.4 plugin option, not a prefix", "[mysqld]\nmysql_native_password = ON\n", "mysql", "mysql_native_password", "ON", "", false},
	{"X Plugin off, not a prefix", "[mysqld]\nmysqlx = 0\n", "mysql", "mysqlx", "0", "", false},
	{"skip- X Plugin, not a prefix", "[mysqld]\nskip-mysqlx\n", "mysql", "mysqlx", "OFF", "", false},
	{"ambiguous prefix refused by mariadbd", "[mysqld]\ntable_open = 100\n", "mariadb", "table_open", "100", "begins several options", true},
	{"ambiguous InnoDB prefix disables InnoDB", "[mysqld]\ninnodb_buffer_pool = 64M\n", "mariadb", "innodb_buffer_pool", "64M", "disables InnoDB", true},
	{"beginning of max_connections", "[mysqld]\nmax_co = 50\n", "mariadb", "max_connections", "50", "reads it as max_connections", false},
	{"upper case fine for mariadbd", "[mysqld]\nMax_Connections=9\n", "mariadb", "max_connections", "9", "", false},
	{"upper case refused by MySQL", "[mysqld]\nMax_Connections=9\n", "mysql", "max_connections", "9", "case-sensitively", true},
	{"upper case loose ignored by MySQL", "[mysqld]\nloose-Max_Connections=9\n", "mysql", "max_connections", "", "case-sensitively", false},
	{"unknown option refused by mariadbd", "[mysqld]\ninnodb_redo_log_capacity = 4352M\n", "mariadb", "innodb_redo_log_capacity", "4352M", "does not know", true},
	{"unknown loose option ignored by mariadbd", "[mysqld]\nloose_innodb_redo_log_capacity = 4352M\n", "mariadb", "innodb_redo_log_capacity", "", "", false},
	{"removed option accepted, ignored", "[mysqld]\ninnodb_file_format = Barracuda\n", "mariadb", "innodb_file_format", "Barracuda", "starts but ignores", false},
	// testdata/qa14/removed.cnf: mariadbd 10.11.19 starts, warning "was removed".
	{"removed, not in --help", "[mysqld]\ninnodb_lock_schedule_algorithm = fcfs\n", "mariadb", "innodb_lock_schedule_algorithm", "fcfs", "was removed", false},
	{"removed scrub option", "[mysqld]\ninnodb_scrub_log = 0\n", "mariadb", "innodb_scrub_log", "0", "was removed", false},
	{"removed undo_logs", "[mysqld]\ninnodb_undo_logs = 4\n", "mariadb", "innodb_undo_logs", "4", "was removed", false},
	{"removed background scrub", "[mysqld]\ninnodb_background_scrub_data_interval = 10\n", "mariadb", "innodb_background_scrub_data_interval", "10", "was removed", false},
	{"MySQL 5.6/5.7 option", "[mysqld]\nbinlog_order_commits = 1\n", "mariadb", "binlog_order_commits", "1", "5.6/5.7", false},
	{"hidden option accepted", "[mysqld]\nwsrep_osu_method = TOI\n", "mariadb", "wsrep_osu_method", "TOI", "", false},
	{"skip on a string option gives 0", "[mysqld]\nskip-log-bin\n", "mariadb", "log_bin", "0", "", false},
	{"MySQL 8.0 collation refused by mariadbd", "[mysqld]\ncollation-server = utf8mb4_0900_ai_ci\n", "mariadb", "collation_server", "utf8mb4_0900_ai_ci", "_0900_ collations are MySQL 8.0's", true},
	{"MariaDB collation kept", "[mysqld]\ncharacter_set_server = utf8mb4\ncollation_server = UTF8MB4_unicode_520_ci\n", "mariadb", "collation_server", "UTF8MB4_unicode_520_ci", "", false},
	{"collation without its character set", "[mysqld]\ncollation_server = utf8mb4_unicode_520_ci\n", "mariadb", "collation_server", "utf8mb4_unicode_520_ci", "unset, so latin1", true},
	{"collation of another character set", "[mysqld]\ncollation_server = utf8mb4_general_ci\ncharacter-set-server = utf8\n", "mariadb", "collation_server", "utf8mb4_general_ci", "set character_set_server = utf8mb4", true},
	{"utf8 alias collation kept", "[mysqld]\ncollation_server = utf8_general_ci\ncharacter_set_server = utf8\n", "mariadb", "collation_server", "utf8_general_ci", "", false},
	{"unknown character set refused", "[mysqld]\ncharacter-set-server = utf8mb5\n", "mariadb", "character_set_server", "utf8mb5", "knows no character set", true},
	{"MySQL knows the 0900 collation", "[mysqld]\ncollation-server = utf8mb4_0900_ai_ci\n", "mysql", "collation_server", "utf8mb4_0900_ai_ci", "", false},
	{"bad InnoDB boolean ignored by mariadbd", "[mysqld]\ninnodb_file_per_table = no\n", "mariadb", "innodb_file_per_table", "", "keeps the default", false},
	{"bad Aria boolean read as OFF", "[mysqld]\naria_encrypt_tables = yes\n", "mariadb", "aria_encrypt_tables", "OFF", "is read as OFF", false},
	{"scientific notation is the E suffix", "[mysqld]\nmax_connections = 1e3\n", "mariadb", "max_connections", "1e", "is not scientific notation", false},
	{"a size beyond uint64 refused", "[mysqld]\ninnodb_buffer_pool_size = 99999999999999999999\n", "mariadb", "innodb_buffer_pool_size", "99999999999999999999", "out of range for uint64", true},
	{"log_bin=OFF names the files OFF", "[mysqld]\nlog_bin=OFF\nserver_id=1\n", "mariadb", "log_bin", "OFF", "turns it ON and names its files OFF", false},
	{"log-bin=0 on MySQL too", "[mysqld]\nlog-bin=0\n", "mysql", "log_bin", "0", "write skip-log-bin", false},
	{"secure_file_priv NULL refused by mariadbd", "[mysqld]\nsecure_file_priv = NULL\n", "mariadb", "secure_file_priv", "NULL", "directory named NULL", true},
	{"secure_file_priv NULL fine for MySQL", "[mysqld]\nsecure_file_priv = NULL\n", "mysql", "secure_file_priv", "NULL", "", false},
	{"secure_file_priv missing directory", "[mysqld]\nsecure_file_priv = /nonexistent/mytune-files\n", "mysql", "secure_file_priv", "/nonexistent/mytune-files", "does not exist on this machine", true},
	{"galera without cluster address", "[galera]\nwsrep_on=ON\nwsrep_provider=/usr/lib/galera/libgalera_smm.so\n", "mariadb", "wsrep_on", "ON", "wsrep_cluster_address", true},
	{"galera without ROW binlog", "[galera]\nwsrep_on=ON\nwsrep_provider=/usr/lib/galera/libgalera_smm.so\nwsrep_cluster_address=gcomm://a,b\n", "mariadb", "wsrep_on", "ON", "binlog_format is unset", true},
	{"galera ready", "[galera]\nwsrep_on=ON\nwsrep_provider=/usr/lib/galera/libgalera_smm.so\nwsrep_cluster_address=gcomm://a,b\nbinlog_format=row\n", "mariadb", "wsrep_on", "ON", "", false},
	{"unknown option with a plugin", "[mysqld]\nplugin_load_add=server_audit\nserver_audit_logging=ON\n", "mariadb", "server_audit_logging", "ON", "unless the plugin", false},
	{"plugin named before its library", "[mysqld]\nplugin-load=server_audit=server_audit.so;x=y.so\nserver-audit-events=CONNECT\n", "mariadb", "server_audit_events", "CONNECT", "unless the plugin", false},
	{"a library's plugin by its stem", "[mysqld]\nplugin_load_add=simple_password_check.so\nsimple_password_check_minimal_length=10\n", "mariadb", "simple_password_check_minimal_length", "10", "unless the plugin", false},
	{"known library's plugin", "[mysqld]\nplugin_load_add=sql_errlog\nsql_error_log_rotations=3\n", "mariadb", "sql_error_log_rotations", "3", "unless the plugin", false},
	// maximum-X: options/mariadb-10.11-maximum.txt (mariadbd 10.11.19 --help --verbose on each name).
	{"maximum- of a global variable refused", "[mysqld]\nmaximum-max_connections=100\n", "mariadb", "maximum_max_connections", "100", "Maximum value of 'max_connections' cannot be set", true},
	{"maximum- of key_buffer_size refused", "[mysqld]\nmaximum_key_buffer_size=8M\n", "mariadb", "maximum_key_buffer_size", "8M", "has no per-session maximum", true},
	{"maximum- of table_open_cache refused", "[mysqld]\nmaximum-table-open-cache=400\n", "mariadb", "maximum_table_open_cache", "400", "refuses to start", true},
	{"maximum- of sync_binlog refused", "[mysqld]\nmaximum-sync_binlog=1\n", "mariadb", "maximum_sync_binlog", "1", "refuses to start", true},
	{"loose-maximum- of a global variable skipped", "[mysqld]\nloose-maximum-max_connections=100\n", "mariadb", "maximum_max_connections", "", "starts without it", false},
	{"maximum- of an InnoDB option sets it", "[mysqld]\nmaximum-innodb-io-capacity=1000\n", "mariadb", "innodb_io_capacity", "1000", "sets innodb_io_capacity itself", false},
	{"maximum- sets the buffer pool", "[mysqld]\nmaximum-innodb_buffer_pool_size=200M\n", "mariadb", "innodb_buffer_pool_size", "200M", "mytune reads it as innodb_buffer_pool_size = 200M", false},
	{"maximum- sets the redo log size", "[mysqld]\nmaximum-innodb_log_file_size=64M\n", "mariadb", "innodb_log_file_size", "64M", "not a session maximum", false},
	{"maximum- of an InnoDB session variable sets it", "[mysqld]\nmaximum-innodb_lock_wait_timeout=77\n", "mariadb", "innodb_lock_wait_timeout", "77", "sets innodb_lock_wait_timeout itself", false},
	{"maximum- of an InnoDB option reads its value", "[mysqld]\nmaximum-innodb_buffer_pool_size=1.5G\n", "mariadb", "innodb_buffer_pool_size", "1.5G", "Unknown suffix '.'", true},
	{"maximum- of a session variable caps it", "[mysqld]\nmaximum-tmp_table_size=8M\n", "mariadb", "maximum_tmp_table_size", "8M", "", false},
	{"maximum- of sort_buffer_size caps it", "[mysqld]\nmaximum-sort_buffer_size=8M\n", "mariadb", "maximum_sort_buffer_size", "8M", "", false},
	{"maximum- not checked for mysqld", "[mysqld]\nmaximum-max_connections=100\n", "mysql", "maximum_max_connections", "100", "", false},
	{"a plugin does not excuse other options", "[mysqld]\nplugin-load=rpl_semi_sync_master=semisync_master.so\ngtid_mode=ON\n", "mariadb", "gtid_mode", "ON", "refuses to start", true},
}

// TestReadAs covers how each server flavor reads names and values
// (mysys/my_getopt.c of MariaDB, mysys/my_getopt.cc of MySQL 8).
func TestReadAs(t *testing.T) {
	cases := readAsCases
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			opts, err := ParseBytes("my.cnf", []byte(c.text), nil, Config{NoIncludes: true})
			if err != nil {
				t.Fatal(err)
			}
			r := opts.ReadAs(c.flavor)
			o, ok := r.Base.Get(c.key)
			v := o.Value
			if ok && !o.HasValue {
				v = "ON"
			}
			if c.want != "" && (!ok || v != c.want) {
				t.Errorf("%s = %q (found %v), want %q", c.key, v, ok, c.want)
			}
			if c.want == "" && ok && o.Value != "" {
				t.Errorf("%s = %q, want it absent or empty", c.key, o.Value)
			}
			if c.warn == "" {
				for _, w := range r.Warnings {
					t.Errorf("unexpected warning: %s", w)
				}
				return
			}
			checkWarning(t, r.Warnings, c.warn, c.refuses)
		})
	}
}

// TestEnablingVariables: an option whose value is a file name turns its
// switch on whatever the name, OFF and 0 included (mariadbd 10.11.19 with
// log_bin=OFF: @@log_bin 1, @@log_bin_basename …/OFF); skip- turns it off.
func TestEnablingVariables(t *testing.T) {
	cases := []struct {
		name, text, logBin, basename string
	}{
		{"bare", "[mysqld]\nlog-bin\n", "ON", ""},
		{"named", "[mysqld]\nlog_bin = mysql-bin\n", "ON", "mysql-bin"},
		{"OFF is a name", "[mysqld]\nlog_bin = OFF\n", "ON", "OFF"},
		{"0 is a name", "[mysqld]\nlog_bin = 0\n", "ON", "0"},
		{"skip", "[mysqld]\nlog_bin = x\nskip-log-bin\n", "OFF", "x"},
		{"disable", "[mysqld]\ndisable-log-bin\n", "OFF", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mc := readCnfText(t, c.text)
			if got := mc.Variables["log_bin"]; got != c.logBin {
				t.Errorf("log_bin = %q, want %q", got, c.logBin)
			}
			if got := mc.Variables["log_bin_basename"]; got != c.basename {
				t.Errorf("log_bin_basename = %q, want %q", got, c.basename)
			}
		})
	}
}
