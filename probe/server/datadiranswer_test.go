package server

import (
	"errors"
	"testing"
)

// TestDatadirAnswer: a TiDB answering SELECT @@datadir (a path that is no
// directory of its own) is refused there, saying what it is, before any
// datadir check (review r19: without --datadir the user met "the server's
// datadir … is not usable here" first); MySQL and MariaDB get their
// datadir.
func TestDatadirAnswer(t *testing.T) {
	cases := []struct {
		name, dir, version, comment string
		foreign                     bool
	}{
		{"TiDB", "/usr/local/mysql/data/", "8.0.11-TiDB-v8.1.0",
			"TiDB Server (Apache License 2.0) Community Edition, MySQL 8.0 compatible", true},
		{"Vitess", "/vt/data/", "8.0.30-Vitess", "Version: 19.0.0", true},
		{"MariaDB", "/var/lib/mysql/", "10.11.19-MariaDB-0+deb12u1", "Debian 12", false},
		{"MySQL", "/var/lib/mysql/", "8.4.8", "MySQL Community Server - GPL", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir, err := datadirAnswer(c.dir, c.version, c.comment)
			var fe *ForeignServerError
			if errors.As(err, &fe) != c.foreign || (!c.foreign && dir != c.dir) {
				t.Errorf("datadirAnswer = %q, %v; want foreign %v", dir, err, c.foreign)
			}
		})
	}
}
