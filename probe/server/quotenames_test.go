package server

import (
	"fmt"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestReadQuoteNames: the live server's databases, and tables of other
// databases, whose names hold a single quote are listed ([] when none):
// mydumper 0.10 exits 1 on them (review r11).
func TestReadQuoteNames(t *testing.T) {
	srv := testmariadb.Start(t)
	root, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	cases := []struct {
		name  string
		setup []string
		want  string
	}{
		{"none", nil, "[]"},
		{"a database and a table of another", []string{"CREATE DATABASE `q'd`", "CREATE TABLE `q'd`.`a'b` (id INT PRIMARY KEY)",
			"CREATE DATABASE shop", "CREATE TABLE shop.`quo'te` (id INT PRIMARY KEY)", "CREATE TABLE shop.plain (id INT PRIMARY KEY)"},
			"[{q'd } {shop quo'te}]"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, q := range c.setup {
				if _, err := root.Exec(q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			s, err := Read(t.Context(), fullConn(t, srv.Socket))
			if err != nil {
				t.Fatal(err)
			}
			if got := fmt.Sprint(s.QuoteNames); got != c.want || s.QuoteNames == nil {
				t.Errorf("quote names %s, want %s (unread %q)", got, c.want, s.Unread)
			}
		})
	}
}
