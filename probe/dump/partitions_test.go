package dump

import "testing"

// TestPartitionCount: the tablespaces a CREATE TABLE's options store the
// table in, and how its rows are spread over them (partitionMethod), as
// MariaDB and MySQL (in its versioned comment) print them.
func TestPartitionCount(t *testing.T) {
	tests := []struct {
		name   string
		opts   string
		want   int
		method string
	}{
		{"not partitioned", " ENGINE=InnoDB DEFAULT CHARSET=latin1", 0, ""},
		{"MariaDB, HASH with a count", " ENGINE=InnoDB\n PARTITION BY HASH (`id`)\nPARTITIONS 8", 8, "hash"},
		{"MySQL's comment form", " ENGINE=InnoDB\n/*!50100 PARTITION BY HASH (`id`)\nPARTITIONS 4 */", 4, "hash"},
		{"KEY without a count: one partition", " ENGINE=InnoDB PARTITION BY KEY (id)", 1, "key"},
		{"RANGE, each partition defined", " ENGINE=InnoDB\n PARTITION BY RANGE (year(`logged_at`))\n(PARTITION `p2021` VALUES LESS THAN (2022) ENGINE = InnoDB,\n PARTITION `p2022` VALUES LESS THAN (2023) ENGINE = InnoDB,\n PARTITION pmax VALUES LESS THAN MAXVALUE ENGINE = InnoDB)", 3, "range"},
		{"subpartitions by count", " PARTITION BY RANGE (y) SUBPARTITION BY HASH (id) SUBPARTITIONS 2 (PARTITION p0 VALUES LESS THAN (1990), PARTITION p1 VALUES LESS THAN MAXVALUE)", 4, "range"},
		{"subpartitions defined", " PARTITION BY RANGE (y) SUBPARTITION BY HASH (id) (PARTITION p0 VALUES LESS THAN (1990) (SUBPARTITION s0, SUBPARTITION s1), PARTITION p1 VALUES LESS THAN MAXVALUE (SUBPARTITION s2, SUBPARTITION s3, SUBPARTITION s4))", 5, "range"},
		{"a comment is not a clause", " ENGINE=InnoDB COMMENT='partition by hash, partitions 8'", 0, ""},
		{"a quoted name with the word in it", " ENGINE=InnoDB PARTITION BY HASH (`my partition id`) PARTITIONS 4", 4, "hash"},
		{"a quoted name with a quote in it", " ENGINE=InnoDB PARTITION BY HASH (`o'clock`) PARTITIONS 4", 4, "hash"},
		{"MySQL's RANGE COLUMNS form", " ENGINE=InnoDB\n/*!50500 PARTITION BY RANGE  COLUMNS(d)\n(PARTITION p0 VALUES LESS THAN ('2020-01-01') ENGINE = InnoDB,\n PARTITION p1 VALUES LESS THAN (MAXVALUE) ENGINE = InnoDB) */", 2, "range"},
		{"LINEAR KEY", " ENGINE=InnoDB PARTITION BY LINEAR KEY (id) PARTITIONS 3", 3, "key"},
		{"LIST COLUMNS", " PARTITION BY LIST COLUMNS(region) (PARTITION pe VALUES IN ('eu'), PARTITION pa VALUES IN ('us','ca'))", 2, "list"},
		{"MariaDB's SYSTEM_TIME", " ENGINE=InnoDB WITH SYSTEM VERSIONING\n PARTITION BY SYSTEM_TIME\n(PARTITION `p_hist` HISTORY ENGINE = InnoDB,\n PARTITION `p_cur` CURRENT ENGINE = InnoDB)", 2, "system_time"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := partitionCount(tc.opts); got != tc.want {
				t.Errorf("partitionCount(%q) = %d, want %d", tc.opts, got, tc.want)
			}
			if got := partitionMethod(tc.opts); got != tc.method {
				t.Errorf("partitionMethod(%q) = %q, want %q", tc.opts, got, tc.method)
			}
		})
	}
}

// TestPartitionLine: the lines mysqldump and mariadb-dump write after a
// CREATE TABLE's options for its partitioning, in each server's form, and
// rows that are not.
func TestPartitionLine(t *testing.T) {
	tests := []struct {
		line string
		want bool
	}{
		{" PARTITION BY RANGE (year(`logged_at`))", true},
		{"(PARTITION `p2021` VALUES LESS THAN (2022) ENGINE = InnoDB,", true},
		{"/*!50100 PARTITION BY HASH (`id`)", true},
		{"/*!50500 PARTITION BY RANGE  COLUMNS(d)", true},
		{"PARTITIONS 4 */;", true},
		{" SUBPARTITION BY HASH (id)", true},
		{"(1,'partition',3),", false},
		{"/*!40101 SET character_set_client = @saved_cs_client */;", false},
	}
	for _, tc := range tests {
		t.Run(tc.line, func(t *testing.T) {
			if got := partitionLine([]byte(tc.line)); got != tc.want {
				t.Errorf("partitionLine(%q) = %v, want %v", tc.line, got, tc.want)
			}
		})
	}
}
