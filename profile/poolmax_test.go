package profile

import "testing"

// TestMariaDBPoolMax: the releases with innodb_buffer_pool_size_max and
// its default, against the captured servers (probe/server/testdata:
// 10.11.19 8 TiB, 11.8.6 and 12.2.2 the pool) and the release notes.
func TestMariaDBPoolMax(t *testing.T) {
	cases := []struct {
		version string
		want    PoolMax
	}{
		{"10.6.21", PoolMaxNone},
		{"10.11.11", PoolMaxNone},
		{"10.11.12", PoolMaxAtStart},
		{"10.11.16", PoolMaxAtStart},
		{"10.11.19", PoolMaxLarge}, // captured: 8796093022208
		{"11.4.5", PoolMaxNone},
		{"11.4.8", PoolMaxAtStart},
		{"11.4.11", PoolMaxLarge},
		{"11.7.2", PoolMaxNone},
		{"11.8.1", PoolMaxNone},
		{"11.8.6", PoolMaxAtStart}, // captured: 12G, the pool
		{"11.8.7", PoolMaxLarge},
		{"12.2.2", PoolMaxAtStart}, // captured: 12G, the pool
		{"12.3.2", PoolMaxLarge},
		{"13.0.0", PoolMaxLarge},
	}
	for _, c := range cases {
		t.Run(c.version, func(t *testing.T) {
			v, err := ParseVersionStrict(c.version)
			if err != nil {
				t.Fatal(err)
			}
			if got := MariaDBPoolMax(v); got != c.want {
				t.Errorf("MariaDBPoolMax(%s) = %d, want %d", c.version, got, c.want)
			}
		})
	}
}
