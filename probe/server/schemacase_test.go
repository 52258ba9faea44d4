package server

import (
	"fmt"
	"testing"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestReadSchemasByCase: databases whose names differ only in case
// (lower_case_table_names=0, Linux's default) are counted apart, also
// under ONLY_FULL_GROUP_BY (review r11: `Shop` with 1 table and `shop`
// with 12 were read as shop, 13 tables, and no Shop).
func TestReadSchemasByCase(t *testing.T) {
	setup := []string{"CREATE DATABASE shop", "CREATE DATABASE Shop", "CREATE TABLE shop.a (id INT PRIMARY KEY)",
		"CREATE TABLE shop.b (id INT PRIMARY KEY)", "CREATE TABLE Shop.a (id INT PRIMARY KEY)"}
	cases := []struct {
		name  string
		extra []string
	}{
		{"default sql_mode", nil},
		{"ONLY_FULL_GROUP_BY", []string{"--sql-mode=ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := testmariadb.StartWith(t, c.extra...)
			root, err := srv.Root()
			if err != nil {
				t.Fatal(err)
			}
			defer root.Close()
			for _, q := range setup {
				if _, err := root.Exec(q); err != nil {
					t.Fatalf("%s: %v", q, err)
				}
			}
			s, err := Read(t.Context(), fullConn(t, srv.Socket))
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]int{}
			for _, u := range s.Schemas {
				got[u.Name] = u.Tables
			}
			if fmt.Sprint(got) != fmt.Sprint(map[string]int{"Shop": 1, "mytune_test": got["mytune_test"], "shop": 2}) || s.Tables != 3+got["mytune_test"] {
				t.Errorf("schemas %v, %d tables; want Shop 1 and shop 2 (unread %q)", got, s.Tables, s.Unread)
			}
		})
	}
}
