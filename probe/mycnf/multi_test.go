package mycnf

import (
	"strings"
	"testing"
)

// multiCases are files with and without mysqld_multi instance groups, and
// the groups whose warning each should carry.
var multiCases = []struct {
	name, text string
	want       []string
}{
	{"two instances", "[mysqld_multi]\nmysqld = /usr/sbin/mariadbd\n[mysqld1]\nport = 3307\n" +
		"innodb_buffer_pool_size = 4G\n[mysqld2]\ninnodb_buffer_pool_size = 2G\n", []string{"[mysqld1]", "[mysqld2]"}},
	{"empty instance group", "[mysqld]\nmax_connections = 10\n[mysqld3]\n", nil},
	{"not an instance group", "[mysqld]\nmax_connections = 10\n[mysqld_safe]\nnice = 0\n[mysqld-10.11]\nport = 1\n", nil},
}

// TestMultiGroupWarnings checks that a [mysqldN] group with options is
// said to be mysqld_multi's and not read, naming its options.
func TestMultiGroupWarnings(t *testing.T) {
	for _, c := range multiCases {
		t.Run(c.name, func(t *testing.T) {
			mc := readCnfText(t, c.text)
			var got []string
			for _, w := range mc.Warnings {
				if strings.Contains(w.Text, "mysqld_multi instance group") {
					got = append(got, w.Text[:strings.IndexByte(w.Text, ']')+1])
					if w.Refuses || w.Flavor != "" || !strings.Contains(w.Text, "innodb_buffer_pool_size") {
						t.Errorf("warning %+v: want a note for both flavors naming the options", w)
					}
				}
			}
			if strings.Join(got, " ") != strings.Join(c.want, " ") {
				t.Errorf("instance-group warnings for %v, want %v", got, c.want)
			}
			if _, ok := mc.Variables["innodb_buffer_pool_size"]; ok {
				t.Errorf("an instance group's option was read as the server's: %v", mc.Variables)
			}
		})
	}
}
