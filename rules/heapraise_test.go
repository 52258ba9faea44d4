package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// heapRaiseCases are MariaDB my.cnf memory settings on a 2 GiB host, a
// rule, and what its detail must and must not say of the temporary tables.
var heapRaiseCases = []struct {
	name, rule string
	vars       map[string]string
	says, not  string
}{
	{"tmp 64M over heap 8M: the 8 MiB bound now is said", "memory.tmp_table_size_memory",
		map[string]string{"innodb_buffer_pool_size": "1G", "max_connections": "40", "tmp_table_size": "64M", "max_heap_table_size": "8M"},
		"max_heap_table_size 8.0 MiB holds each to 8.0 MiB now", ""},
	{"max_connections: 66.9 MiB is not 'lowered' from 10.9 MiB", "memory.max_connections_memory",
		map[string]string{"innodb_buffer_pool_size": "200M", "max_connections": "400", "tmp_table_size": "64M", "max_heap_table_size": "8M"},
		"10.9 MiB a connection now", "lowered by the buffer advice"},
	{"tmp below heap: nothing raised", "memory.tmp_table_size_memory",
		map[string]string{"innodb_buffer_pool_size": "1G", "max_connections": "400", "tmp_table_size": "64M", "max_heap_table_size": "64M"},
		"", "raised to match"},
}

// TestHeapRaisedSaid checks that the memory findings say when their
// per-connection temporary table assumes max_heap_table_size raised, and
// what bounds it now.
func TestHeapRaisedSaid(t *testing.T) {
	for _, tc := range heapRaiseCases {
		t.Run(tc.name, func(t *testing.T) {
			p := quietProfile()
			p.Server = nil
			p.Host.Memory = profile.Memory{TotalBytes: 2 * tGiB, AvailableBytes: 2 * tGiB * 8 / 10}
			p.MyCnf = &profile.MyCnf{Variables: tc.vars}
			h, ok := fired(t, p, "strict", "mariadb-10.11")[tc.rule]
			if !ok {
				t.Fatalf("%s did not fire", tc.rule)
			}
			if !strings.Contains(h.RenderedDetail, tc.says) || (tc.not != "" && strings.Contains(h.RenderedDetail, tc.not)) {
				t.Errorf("detail should say %q and not %q:\n%s", tc.says, tc.not, h.RenderedDetail)
			}
		})
	}
}
