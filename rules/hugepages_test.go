package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestHugePagesMemory: 62.5 GiB of RAM with 48.0 GiB reserved as huge
// pages leaves 14.5 GiB for a server without large_pages (it said 62.5
// GiB usable and passed a 40G pool); with large_pages = ON the pool lives
// in them and the whole RAM counts.
func TestHugePagesMemory(t *testing.T) {
	ram, huge := uint64(65536000)*1024, uint64(24576)*2<<20
	cases := []struct {
		name, largePages string
		usable           uint64
		source, parts    string
	}{
		{"large_pages OFF", "OFF", ram - huge, "RAM less its huge pages",
			"RAM 62.5 GiB less 48.0 GiB reserved as huge pages, which only a server with large_pages = ON uses"},
		{"large_pages unset", "", ram - huge, "RAM less its huge pages", "RAM 62.5 GiB less 48.0 GiB"},
		{"large_pages ON", "ON", ram, "RAM", "RAM 62.5 GiB"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			raw := map[string]string{}
			if tc.largePages != "" {
				raw["large_pages"] = tc.largePages
			}
			e := Env{F: Facts{Flavor: "mysql", Raw: raw},
				Host: profile.Host{Memory: profile.Memory{TotalBytes: ram, HugePagesBytes: huge}}}
			if got := e.EffectiveMemBytes(); got != tc.usable {
				t.Errorf("usable %d, want %d", got, tc.usable)
			}
			if got := e.UsableMemSource(); got != tc.source {
				t.Errorf("source %q, want %q", got, tc.source)
			}
			if got := e.UsableMemParts(); !strings.HasPrefix(got, tc.parts) || tc.largePages == "ON" && got != tc.parts {
				t.Errorf("parts %q, want %q", got, tc.parts)
			}
		})
	}
}
