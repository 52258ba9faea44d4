package advisor

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

func TestCnfServerNote(t *testing.T) {
	srv := func(source string, vars map[string]string) *profile.Server {
		return &profile.Server{Reachable: true, Source: source, Variables: vars}
	}
	cnf := &profile.MyCnf{Path: "/etc/mysql/small.cnf", Variables: map[string]string{
		"innodb_buffer_pool_size": "1G", "max_connections": "100", "innodb_file_per_table": "1", "datadir": "/srv/db"}}
	cases := []struct {
		name   string
		server *profile.Server
		mycnf  *profile.MyCnf
		want   []string // "" in want: no note
	}{
		{"capture disagrees on two", srv(profile.ServerSourceCapture, map[string]string{"innodb_buffer_pool_size": "12884901888",
			"max_connections": "2000", "innodb_file_per_table": "ON", "datadir": "/var/lib/mysql/"}), cnf,
			[]string{"the captured server disagree", "innodb_buffer_pool_size 1G in the file, 12884901888 on the server",
				"max_connections 100 in the file, 2000 on the server"}},
		{"same values spelled differently", srv("server", map[string]string{"innodb_buffer_pool_size": "1073741824",
			"max_connections": "100", "innodb_file_per_table": "ON"}), cnf, []string{""}},
		{"a switch differs", srv("server", map[string]string{"innodb_file_per_table": "OFF"}), cnf,
			[]string{"the server read disagree", "innodb_file_per_table 1 in the file, OFF on the server"}},
		{"no my.cnf", srv("server", map[string]string{"max_connections": "2000"}), nil, []string{""}},
		{"server not reachable", &profile.Server{Variables: map[string]string{"max_connections": "2000"}}, cnf, []string{""}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := cnfServerNote(profile.Profile{Server: c.server, MyCnf: c.mycnf}, profile.FlavorMySQL)
			for _, w := range c.want {
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
