package calibrate

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/internal/testmariadb"
)

// TestClaimChecksPrivileges: an account that may create the scratch schema
// but not drop it (or not fill it) is refused before anything is created;
// grants through a database pattern count.
func TestClaimChecksPrivileges(t *testing.T) {
	srv := testmariadb.Shared(t)
	root := rootDB(t)
	cases := []struct {
		name, user, grant, schema string
		missing                   string // "": claimed
	}{
		{"no DROP: refused before CREATE DATABASE", "mytune_nodrop", "CREATE, INSERT, SELECT ON `mytune_cal_p1`.*", "mytune_cal_p1", "no DROP privilege on it, so calibrate could not remove it again"},
		{"no INSERT: refused, naming it", "mytune_noins", "CREATE, DROP, SELECT ON `mytune_cal_p2`.*", "mytune_cal_p2", "no INSERT privilege"},
		{"all four through a pattern grant", "mytune_pattern", "CREATE, DROP, INSERT, SELECT ON `mytune\\_cal\\_p%`.*", "mytune_cal_p3", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			const pw = "Priv-Secret-pw-1234"
			for _, q := range []string{"CREATE USER '" + c.user + "'@'%' IDENTIFIED BY '" + pw + "'", "GRANT " + c.grant + " TO '" + c.user + "'@'%'"} {
				if _, err := root.ExecContext(t.Context(), q); err != nil {
					t.Fatal(err)
				}
			}
			t.Cleanup(func() {
				_, _ = root.ExecContext(context.Background(), "DROP USER '"+c.user+"'@'%'")
				_ = dropSchema(context.Background(), root, c.schema)
			})
			db := openAs(t, srv.DSN(c.user, pw))
			err := claim(t.Context(), db, c.schema, newOwner(), 5*time.Second)
			var pe *PrivilegeError
			switch {
			case c.missing == "" && err != nil:
				t.Fatalf("claim: %v, want the schema claimed", err)
			case c.missing == "":
				if err := dropSchema(t.Context(), db, c.schema); err != nil {
					t.Errorf("the account could not drop what it claimed: %v", err)
				}
			case !errors.As(err, &pe) || !strings.Contains(err.Error(), c.missing):
				t.Errorf("claim: %v, want a PrivilegeError saying %q", err, c.missing)
			case exists(t, root, c.schema):
				t.Errorf("schema %s created despite the refusal", c.schema)
			}
		})
	}
}

// TestHeldSchemas: a schema claim created is held until it is dropped, so
// a process that ends at once can name what it left.
func TestHeldSchemas(t *testing.T) {
	root := rootDB(t)
	cases := []struct {
		name   string
		drop   bool
		wantIn bool
	}{
		{"claimed, not dropped yet: held", false, true},
		{"claimed and dropped: released", true, false},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			schema := "mytune_cal_h" + string(rune('0'+i))
			t.Cleanup(func() { _ = dropSchema(context.Background(), root, schema) })
			if err := claim(t.Context(), root, schema, newOwner(), 5*time.Second); err != nil {
				t.Fatal(err)
			}
			if c.drop {
				if err := dropSchema(t.Context(), root, schema); err != nil {
					t.Fatal(err)
				}
			}
			if got := slices.Contains(Held(), schema); got != c.wantIn {
				t.Errorf("Held() = %v: holds %s %v, want %v", Held(), schema, got, c.wantIn)
			}
		})
	}
}
