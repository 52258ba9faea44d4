package dump

import "testing"

func TestTableEngine(t *testing.T) {
	cases := []struct{ name, rest, want string }{
		{"mysqldump options line", " (\n  `id` int NOT NULL\n) ENGINE=InnoDB DEFAULT CHARSET=latin1;", "InnoDB"},
		{"lower case and spaces around =", " (id int) engine = myisam", "MyISAM"},
		{"MariaDB Aria with PAGE_CHECKSUM", " (`k` varchar(32)) ENGINE=Aria DEFAULT CHARSET=latin1 PAGE_CHECKSUM=1", "Aria"},
		{"HEAP is MEMORY's old name", " (id int) ENGINE=HEAP", "MEMORY"},
		{"a column named engine is not the option", " (`engine` varchar(8) DEFAULT 'MyISAM', ENGINE int) ENGINE=InnoDB", "InnoDB"},
		{"a ) inside a quoted comment", " (id int COMMENT 'a ) ENGINE=MyISAM') ENGINE=Aria", "Aria"},
		{"an escaped quote inside a comment", " (id int COMMENT 'it\\'s ) ENGINE=CSV') ENGINE=ARCHIVE", "ARCHIVE"},
		{"SECONDARY_ENGINE is not ENGINE", " (id int) SECONDARY_ENGINE=RAPID ENGINE=InnoDB", "InnoDB"},
		{"quoted engine name", " (id int) ENGINE=`MyISAM`", "MyISAM"},
		{"an engine mytune does not list keeps its spelling", " (id int) ENGINE=Mroonga", "Mroonga"},
		{"no ENGINE option", " (id int) DEFAULT CHARSET=utf8mb4", ""},
		{"CREATE TABLE … LIKE", " LIKE `other`", ""},
		{"definitions cut short", " (id int, note varchar(", ""},
		{"partition clause after the engine", " (id int) ENGINE=InnoDB\n/*!50100 PARTITION BY HASH (id) PARTITIONS 4 */", "InnoDB"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if got := tableEngine(tc.rest); got != tc.want {
				t.Errorf("tableEngine(%q) = %q, want %q", tc.rest, got, tc.want)
			}
		})
	}
}
