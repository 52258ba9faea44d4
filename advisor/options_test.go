package advisor

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/usage"
)

// TestAdviseOptionsCheck: what Advise cannot take is a usage error named
// by its flag; the defaults pass.
func TestAdviseOptionsCheck(t *testing.T) {
	cases := []struct {
		name    string
		o       AdviseOptions
		wantErr string
	}{
		{"defaults", AdviseOptions{}, ""},
		{"every task", AdviseOptions{Task: "copy", Durability: "relaxed", Target: "mysql-8.4"}, ""},
		{"unknown task", AdviseOptions{Task: "backup"}, `--task "backup": choose all, dump, load, copy or oltp`},
		{"unknown durability", AdviseOptions{Durability: "yolo"}, `--durability "yolo": choose strict`},
		{"no such server", AdviseOptions{Target: "postgres-16"}, "--target: "},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := c.o.Check()
			if (c.wantErr == "") != (err == nil) || (err != nil && (!usage.Is(err) || !strings.Contains(err.Error(), c.wantErr))) {
				t.Errorf("Check() = %v, want %q", err, c.wantErr)
			}
		})
	}
}
