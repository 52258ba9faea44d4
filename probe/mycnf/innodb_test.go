package mycnf

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInnoDBRefusals: the InnoDB settings mariadbd 10.11.19 refused to
// start with (QA 14, each run by hand: checkInnoDB's comments) are
// refusals; those it started with are not.
func TestInnoDBRefusals(t *testing.T) {
	cases := []struct {
		name, text, want string // want: a part of the refusal, "" for none
	}{
		{"pool 5M", "[mysqld]\ninnodb_buffer_pool_size = 5M\n", "below the 6 MiB"},
		{"pool 1k (raised to 2 MiB, still refused)", "[mysqld]\ninnodb_buffer_pool_size = 1k\n", "below the 6 MiB"},
		{"pool 0", "[mysqld]\ninnodb_buffer_pool_size = 0\n", "below the 6 MiB"},
		{"pool one byte short of 6M", "[mysqld]\ninnodb_buffer_pool_size = 6291455\n", "below the 6 MiB"},
		{"pool 6M starts", "[mysqld]\ninnodb_buffer_pool_size = 6M\n", ""},
		{"pool 5M with 4K pages: not checked", "[mysqld]\ninnodb_page_size = 4k\ninnodb_buffer_pool_size = 5M\n", ""},
		{"skip-innodb, InnoDB the default engine", "[mysqld]\nskip-innodb\n", "Unknown/unsupported storage engine: InnoDB"},
		{"skip-innodb, default InnoDB named", "[mysqld]\nskip-innodb\ndefault-storage-engine = InnoDB\n", "Unknown/unsupported storage engine: InnoDB"},
		{"skip-innodb with MyISAM starts", "[mysqld]\nskip-innodb\ndefault-storage-engine = MyISAM\n", ""},
		{"innodb=OFF with Aria starts", "[mysqld]\ninnodb = OFF\ndefault-storage-engine = Aria\n", ""},
		{"innodb=ON", "[mysqld]\ninnodb = ON\n", ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "my.cnf")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			mc, err := ReadMyCnf(path)
			if err != nil {
				t.Fatal(err)
			}
			got := ""
			for _, w := range mc.Warnings {
				if w.Refuses && w.Flavor == flavorMariaDB {
					got += w.Text + "\n"
				}
			}
			if tc.want == "" && got != "" {
				t.Errorf("refused: %s", got)
			}
			if tc.want != "" && !strings.Contains(got, tc.want) {
				t.Errorf("refusals %q, want one saying %q", got, tc.want)
			}
		})
	}
}
