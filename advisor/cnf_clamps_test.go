package advisor

import "testing"

// TestConnsKept: the start-up arithmetic runs on values an int holds on
// every platform; from 2^31 on (an int32 would turn negative on a 32-bit
// build, review r33) it is not run (ok false).
func TestConnsKept(t *testing.T) {
	srv := func(files string) map[string]string {
		return map[string]string{"open_files_limit": files, "table_open_cache": "2000", "table_open_cache_instances": "8"}
	}
	cases := []struct {
		name   string
		file   uint64
		srv    map[string]string
		want   uint64
		wantOK bool
	}{
		{"ordinary: 20000 files keep 5000", 5000, srv("20000"), 5000, true},
		{"open_files_limit 2^31-1 keeps 151", 151, srv("2147483647"), 151, true},
		{"open_files_limit 2^31", 151, srv("2147483648"), 0, false},
		{"max_connections 2^31 in the file", 1 << 31, srv("20000"), 0, false},
		{"unread", 151, map[string]string{}, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, ok := connsKept(c.file, c.srv)
			if got != c.want || ok != c.wantOK {
				t.Errorf("connsKept = %d, %v; want %d, %v", got, ok, c.want, c.wantOK)
			}
		})
	}
}
