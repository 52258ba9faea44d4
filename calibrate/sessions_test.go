package calibrate

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/probe/server"
)

func TestCapThreads(t *testing.T) {
	byServer := sessionRoom{free: 3, why: "the server has 3 free connections (max_connections less those open)"}
	byAccount := sessionRoom{free: 3, why: "account cap@% may open 3 more connections (max_user_connections 4 less its 1 open)"}
	cases := []struct {
		name       string
		want       []int
		files      int
		room       sessionRoom
		got        string
		cappedWith string
	}{
		{"counts above the files", []int{1, 2, 4, 8, 16}, 4, sessionRoom{free: 7}, "[1 2 4]", "the sample has 4 data files"},
		{"counts above the server's free connections", []int{1, 2, 4, 8}, 64, byServer, "[1 2]", "max_connections less those open"},
		{"counts above the account's connections", []int{1, 2, 4, 8, 16}, 64, byAccount, "[1 2]", "max_user_connections 4"},
		{"room unknown: nothing capped by it", []int{1, 2, 4}, 64, sessionRoom{}, "[1 2 4]", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, capped := capThreads(c.want, c.files, c.room)
			if fmt.Sprint(got) != c.got {
				t.Errorf("got %v, want %s", got, c.got)
			}
			if c.cappedWith != "" && (len(capped) == 0 || !strings.Contains(capped[0], c.cappedWith)) {
				t.Errorf("capped %q does not say %q", capped, c.cappedWith)
			}
			if c.cappedWith == "" && len(capped) > 0 {
				t.Errorf("capped %q, want none", capped)
			}
		})
	}
}

// TestRunWithinTheAccountsConnectionLimit: an account with
// MAX_USER_CONNECTIONS 4 failed the whole run with error 1226 at its
// first 8-connection step (QA on MariaDB 10.11: calibrate --dump as such
// an account ended "opening a loading session: Error 1226"); the counts
// above what the account may open are left out and said.
func TestRunWithinTheAccountsConnectionLimit(t *testing.T) {
	srv := testmariadb.Shared(t)
	root := rootDB(t)
	for _, host := range []string{"%", "localhost"} { // as the harness's accounts: TCP from 127.0.0.1 may match either
		acc := "mytune_cap@'" + host + "'"
		for _, q := range []string{
			"CREATE USER " + acc + " IDENTIFIED BY 'cap' WITH MAX_USER_CONNECTIONS 4",
			"GRANT ALL ON `mytune_cal_cap`.* TO " + acc,
		} {
			if _, err := root.ExecContext(t.Context(), q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		t.Cleanup(func() { _, _ = root.ExecContext(context.Background(), "DROP USER "+acc) })
	}
	conn, err := server.ResolveConn(server.ConnOptions{DSN: srv.DSN("mytune_cap", "cap")}, func(string) string { return "" }, "")
	if err != nil {
		t.Fatal(err)
	}
	db, _, err := Open(t.Context(), conn, OpenOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	res, err := Run(t.Context(), db, Options{Schema: "mytune_cal_cap", Duration: 3 * time.Second, MaxBytes: 64 << 20})
	if err != nil {
		t.Fatalf("run as an account limited to 4 connections: %v", err)
	}
	if len(res.Points) == 0 || res.Points[len(res.Points)-1].Threads > 3 {
		t.Errorf("points %+v: want none above 3 connections (4 less this one)", res.Points)
	}
	if !strings.Contains(strings.Join(res.Notes, "|"), "max_user_connections 4") {
		t.Errorf("notes %q do not say the account's limit left counts out", res.Notes)
	}
	if !res.SchemaDropped {
		t.Error("schema not dropped")
	}
}
