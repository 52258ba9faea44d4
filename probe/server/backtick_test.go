package server

import (
	"fmt"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestReadBacktickNames: the live server's databases and tables whose
// names hold a backtick are listed (mydumper 0.10 cannot dump them), a
// database once, not again with each of its tables; a server without
// such names lists none ([]).
func TestReadBacktickNames(t *testing.T) {
	cases := []struct {
		name  string
		setup []string
		want  string
	}{
		{"a database and a table of another", []string{"CREATE DATABASE `back``tick`", "CREATE TABLE `back``tick`.`a``b` (id INT PRIMARY KEY)",
			"CREATE DATABASE shop", "CREATE TABLE shop.`weird``tick` (id INT PRIMARY KEY)", "CREATE TABLE shop.plain (id INT PRIMARY KEY)"},
			"[{back`tick } {shop weird`tick}]"},
		{"none", nil, "[]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := testmariadb.Start(t)
			root, err := srv.Root()
			if err != nil {
				t.Fatal(err)
			}
			defer root.Close()
			for _, q := range c.setup {
				if _, err := root.Exec(q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			s, err := Read(t.Context(), fullConn(t, srv.Socket))
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(s.BacktickNames); got != c.want || s.BacktickNames == nil {
				t.Errorf("backtick names %s, want %s (unread %q)", got, c.want, s.Unread)
			}
		})
	}
}
