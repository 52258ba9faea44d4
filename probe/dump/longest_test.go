package dump

import (
	"context"
	"testing"
)

// TestLargestStatement: a real mydumper dump whose row is longer than
// mydumper's --statement-size records its INSERT's length (a target's
// max_allowed_packet must hold it); a dump of small rows records
// statements under mydumper's 1,000,000-byte cut.
func TestLargestStatement(t *testing.T) {
	cases := []struct {
		name     string
		path     string
		table    string
		min, max uint64
	}{
		{"a row of 2,000,000 bytes", "testdata/mydumper-0.10-bigrow", "bigrow.b", 2_000_000, 2_001_000},
		{"small rows", "testdata/mydumper-0.10-real", "shop.orders", 1, 1_000_000},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := Read(context.Background(), c.path)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range d.TableModels {
				if m.Name == c.table {
					if m.LargestStatementBytes < c.min || m.LargestStatementBytes > c.max {
						t.Errorf("%s: largest statement %d bytes, want %d-%d", c.table, m.LargestStatementBytes, c.min, c.max)
					}
					return
				}
			}
			t.Fatalf("no model for %s: %+v", c.table, d.TableModels)
		})
	}
}
