-- 150,000 rows under a two-column primary key, a 200-400 byte latin1 payload, an index on the second key column
CREATE TABLE t (a INT NOT NULL, b SMALLINT NOT NULL, payload VARCHAR(500) NOT NULL, PRIMARY KEY (a, b), KEY k_b (b))
  ENGINE=InnoDB DEFAULT CHARSET=latin1;
INSERT INTO t SELECT seq DIV 50, seq % 50, REPEAT(MD5(seq), 7 + seq % 6) FROM seq_0_to_149999;
