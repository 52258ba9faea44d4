-- 400,000 rows: a utf8mb4 CHAR(10) (stored as at least 10 bytes) with an index on it
CREATE TABLE t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, code CHAR(10) NOT NULL, qty SMALLINT NOT NULL, KEY k_code (code))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t (code, qty) SELECT LEFT(MD5(seq), 4 + seq % 7), seq % 30000 FROM seq_1_to_400000;
