package rules

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestPoolDataPagesInTheServersPageSize: Innodb_buffer_pool_pages_data
// counts pages of the server's innodb_page_size, so the bytes they hold
// are pages × that size (review r48: a live 4K MariaDB 10.11.19 held 13295
// data pages, Innodb_buffer_pool_bytes_data 54456320 = 51.9 MiB, and the
// finding said "holds 207.7 MiB of data pages", 13295 × 16 KiB, since
// innodb_page_size was no variable Facts read).
func TestPoolDataPagesInTheServersPageSize(t *testing.T) {
	cases := []struct {
		name, page string
		want       uint64
	}{
		{"4K server: 13295 pages are 51.9 MiB (its Innodb_buffer_pool_bytes_data, 54456320)", "4096", 13295 * 4096},
		{"64K server: 750 pages are 46.9 MiB (its Innodb_buffer_pool_bytes_data, 49152000)", "65536", 750 * 65536},
		{"16K server", "16384", 750 * 16384},
		{"page size not reported: the default 16K", "", 750 * 16384},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := quietProfile()
			p.Server.Flavor, p.Server.Version = "mariadb", "10.11.19"
			data := "750"
			if c.page == "4096" {
				data = "13295"
			}
			p.Server.Status["innodb_buffer_pool_pages_data"] = data
			p.Server.Status["innodb_buffer_pool_pages_total"] = "31536"
			p.Server.Status["innodb_buffer_pool_pages_free"] = "18241"
			delete(p.Server.Variables, "innodb_page_size")
			if c.page != "" {
				p.Server.Variables["innodb_page_size"] = c.page
			}
			f, err := BuildFacts(p, profile.Target{Flavor: "mariadb", Version: "10.11.19"})
			if err != nil {
				t.Fatal(err)
			}
			if f.PoolDataPageBytes != c.want {
				t.Errorf("PoolDataPageBytes = %d, want %d", f.PoolDataPageBytes, c.want)
			}
		})
	}
}
