package testmariadb

import (
	"context"
	"database/sql"
	"os"
	"testing"
	"time"

	_ "github.com/go-sql-driver/mysql"
)

func TestMain(m *testing.M) { os.Exit(Main(m)) }

// TestAccounts checks that both accounts log in over TCP with their
// password and are refused with a wrong one.
func TestAccounts(t *testing.T) {
	s := Shared(t)
	cases := []struct {
		name, user, pass string
		ok               bool
	}{
		{"full", FullUser, FullPassword, true},
		{"usage", UsageUser, UsagePassword, true},
		{"wrong password", FullUser, "nope", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			db, err := sql.Open("mysql", s.DSN(c.user, c.pass))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := db.PingContext(ctx); (err == nil) != c.ok {
				t.Fatalf("ping err = %v, want ok=%v", err, c.ok)
			}
		})
	}
	if _, err := os.Stat(s.Socket); err != nil {
		t.Errorf("socket %s: %v", s.Socket, err)
	}
}

// TestStartStop checks a private server comes up and its directory goes away after Stop.
func TestStartStop(t *testing.T) {
	s := Start(t)
	s.Stop()
	if _, err := os.Stat(s.Datadir); !os.IsNotExist(err) {
		t.Errorf("datadir %s still there after Stop (err=%v)", s.Datadir, err)
	}
}
