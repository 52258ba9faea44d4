-- 200,000 rows of fixed-width types: integers of every width, FLOAT/DOUBLE, DECIMAL(18,4), temporal types, BIT, SET
CREATE TABLE t (id INT NOT NULL PRIMARY KEY, t1 TINYINT NOT NULL, s2 SMALLINT NOT NULL, m3 MEDIUMINT NOT NULL, b8 BIGINT NOT NULL,
  f FLOAT NOT NULL, d DOUBLE NOT NULL, dec1 DECIMAL(18,4) NOT NULL, dt DATE NOT NULL, dtm DATETIME(6) NOT NULL, tm TIME NOT NULL,
  yr YEAR NOT NULL, bits BIT(8) NOT NULL, flags SET('a','b','c','d') NOT NULL, n1 INT NULL, n2 INT NULL) ENGINE=InnoDB;
INSERT INTO t SELECT seq, seq % 100, seq % 30000, seq % 8000000, seq * 1000000007, seq / 3, seq / 7, seq / 11,
  '2000-01-01' + INTERVAL seq % 9000 DAY, '2020-01-01' + INTERVAL seq SECOND, SEC_TO_TIME(seq % 86400), 1990 + seq % 50,
  seq % 256, 1 + seq % 15, IF(seq % 3 = 0, NULL, seq), NULL FROM seq_1_to_200000;
