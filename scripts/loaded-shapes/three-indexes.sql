-- 300,000 rows with three secondary indexes (one composite, one on a date)
CREATE TABLE t (id INT NOT NULL PRIMARY KEY, a INT NOT NULL, b INT, c CHAR(20) NOT NULL, d DATE NOT NULL,
  KEY ka (a), KEY kbc (b, c), KEY kd (d)) ENGINE=InnoDB DEFAULT CHARSET=latin1;
INSERT INTO t SELECT seq, (seq * 7919) % 300000, seq % 5000, LEFT(MD5(seq), 1 + seq % 20), '2020-01-01' + INTERVAL (seq % 2000) DAY
  FROM seq_1_to_300000;
