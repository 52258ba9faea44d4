package dump

import (
	"context"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestZeroDatesRead: the r53 dumps of a database made with an empty sql_mode
// report audit's zero-date defaults and the zero dates of orders' and
// events' rows, whichever dumper wrote them.
func TestZeroDatesRead(t *testing.T) {
	defaults := []profile.ZeroDate{{Table: "legacy.audit", Column: "changed", Value: "0000-00-00 00:00:00"},
		{Table: "legacy.audit", Column: "seen", Value: "0000-00-00 00:00:00"}}
	rows := map[string][]profile.ZeroDate{
		"legacy.events": {{Column: "at", Value: "0000-00-00 00:00:00"}, {Column: "local", Value: "0000-00-00 00:00:00"}},
		"legacy.orders": {{Column: "placed", Value: "0000-00-00"}, {Column: "shipped", Value: "0000-00-00 00:00:00"}},
	}
	for _, name := range []string{"mydumper-0.10-zerodates", "mariadb-dump-10.11-zerodates.sql"} {
		t.Run(name, func(t *testing.T) {
			d, err := Read(context.Background(), filepath.Join("testdata", name))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(d.ZeroDateDefaults, defaults) {
				t.Errorf("zero_date_defaults %+v, want %+v", d.ZeroDateDefaults, defaults)
			}
			got := map[string][]profile.ZeroDate{}
			for _, m := range d.TableModels {
				if m.ZeroDates != nil {
					got[m.Name] = m.ZeroDates
				}
			}
			if !reflect.DeepEqual(got, rows) {
				t.Errorf("zero dates of the rows %+v, want %+v", got, rows)
			}
		})
	}
}
