package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPoolTextCountsPerfSchema: the memory the buffer pool finding sizes
// against names the performance schema's share of the global buffers, or
// says it is not counted (review r7: MariaDB 10.11 with
// performance_schema=ON read by an account without PROCESS printed
// "272.0 MiB of global buffers" without a word of the 102.6 MiB the
// performance schema held, while the GAPS said only that it was unread).
func TestPoolTextCountsPerfSchema(t *testing.T) {
	cases := []struct {
		name    string
		psVar   string
		bytes   uint64
		wantHas string // "" none: the detail must not mention the performance schema
	}{
		{"on, not read (no PROCESS)", "ON", 0, "not counting the performance schema's memory"},
		{"on, read", "ON", 107568720, "the performance schema's 102.6 MiB among them"},
		{"off", "OFF", 0, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := quietProfile()
			p.Server.Flavor, p.Server.Version = profile.FlavorMariaDB, "10.11.19"
			p.Server.Variables["innodb_buffer_pool_size"] = "64M"
			p.Server.Variables["performance_schema"] = c.psVar
			p.Server.PerfSchemaBytes = c.bytes
			h, ok := fired(t, p, "strict", "")["memory.buffer_pool_small"]
			if !ok {
				t.Fatal("memory.buffer_pool_small did not fire")
			}
			d := h.RenderedDetail
			if c.wantHas == "" && strings.Contains(d, "performance schema") || !strings.Contains(d, c.wantHas) {
				t.Errorf("detail should say %q:\n%s", c.wantHas, d)
			}
		})
	}
}
