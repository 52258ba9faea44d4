package mycnf

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPluginLoadAddAccumulates: each plugin-load-add line adds to the list
// (MariaDB KB, --plugin-load-add), so the map keeps them all: review r38's
// my.cnf with ha_rocksdb and then ha_archive read as ha_archive alone, and
// MyRocks' memory went uncounted.
func TestPluginLoadAddAccumulates(t *testing.T) {
	cases := []struct {
		name, cnf, want string
	}{
		{"one line", "[mysqld]\nplugin-load-add=ha_rocksdb\n", "ha_rocksdb"},
		{"two lines", "[mysqld]\nplugin-load-add=ha_rocksdb\nplugin_load_add=ha_archive\n", "ha_rocksdb;ha_archive"},
		{"two groups", "[mysqld]\nplugin-load-add=ha_rocksdb.so\n[mariadb]\nplugin-load-add=server_audit\n", "ha_rocksdb.so;server_audit"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "my.cnf")
			if err := os.WriteFile(path, []byte(c.cnf), 0o600); err != nil {
				t.Fatal(err)
			}
			mc, err := ReadMyCnf(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := mc.Variables["plugin_load_add"]; got != c.want {
				t.Errorf("plugin_load_add = %q; want %q", got, c.want)
			}
		})
	}
}
