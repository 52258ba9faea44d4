-- 200,000 rows keyed by a 36-character UUID (latin1 CHAR), a DATE index, a nullable score
CREATE TABLE t (id CHAR(36) NOT NULL PRIMARY KEY, name VARCHAR(60) NOT NULL, created DATE NOT NULL, score INT NULL,
  KEY k_created (created)) ENGINE=InnoDB DEFAULT CHARSET=latin1;
INSERT INTO t SELECT UUID(), CONCAT('user ', seq), '2020-01-01' + INTERVAL (CONV(LEFT(MD5(seq), 4), 16, 10) % 2000) DAY,
  IF(seq % 4 = 0, NULL, seq % 1000) FROM seq_1_to_200000;
