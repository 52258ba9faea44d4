package rules

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestBufConnsWhy: when the buffers lower max_connections, the text says
// which bound gave the figure, with numbers that give it back (review
// r14: "174 connections (max_connections 500 lowered to what their
// buffers allow)" could not be checked from the text).
func TestBufConnsWhy(t *testing.T) {
	cases := []struct {
		name   string
		mutate func(*profile.Profile)
		want   string
	}{
		{"2000 connections of 7.8 MiB buffers in 23.5 GiB: the memory share", all(
			func(p *profile.Profile) { p.Host.Memory.TotalBytes = 47 * tGiB / 2 }, setVar("innodb_buffer_pool_size", "12G"),
			setVar("max_connections", "2000"), setVar("sort_buffer_size", "4M"), setVar("join_buffer_size", "4M"),
			setVar("read_buffer_size", "2M"), setVar("read_rnd_buffer_size", "4M"), setVar("binlog_cache_size", "4M")),
			"% of the 23.5 GiB usable ÷ "},
		{"max_connections 500 of 1.9 MiB in a 1 GiB cgroup", all(
			func(p *profile.Profile) { p.Host.Memory.LimitBytes = tGiB }, setVar("max_connections", "500")),
			"% of the 1.0 GiB usable ÷ "},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e, _ := memEnv(t, tc.mutate)
			conns := e.bufConns()
			if conns >= e.F.MaxConnections {
				t.Fatalf("bufConns %d: not lowered from %d", conns, e.F.MaxConnections)
			}
			got := e.planConnsText()
			if !strings.Contains(got, tc.want) || !strings.HasPrefix(got, fmt.Sprintf("%d connections", conns)) {
				t.Fatalf("planConnsText = %q, want %d connections and %q", got, conns, tc.want)
			}
			share := int(e.T.ConnMemoryFraction * float64(e.EffectiveMemBytes()) / float64(e.BuffersAfterBytes()))
			if share != conns {
				t.Errorf("the text names the memory share (%d) but bufConns is %d", share, conns)
			}
			t.Log(got)
		})
	}
}
