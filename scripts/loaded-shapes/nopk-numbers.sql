-- 500,000 rows of numbers, no key at all (InnoDB's hidden DB_ROW_ID clusters)
CREATE TABLE t (a INT, b INT NOT NULL, c BIGINT, d DOUBLE) ENGINE=InnoDB;
INSERT INTO t SELECT seq, seq % 1000, seq * 1000003, seq / 7 FROM seq_1_to_500000;
