-- 300,000 rows of variable-length utf8mb4 text with a secondary index on it
CREATE TABLE t (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, name VARCHAR(100) NOT NULL, email VARCHAR(200),
  created DATETIME NOT NULL, KEY k_email (email)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t (name, email, created) SELECT REPEAT(CONCAT(CHAR(65 + seq % 26), 'é'), 1 + seq % 20),
  CONCAT(MD5(seq), '@example.org'), '2026-01-01' + INTERVAL seq SECOND FROM seq_1_to_300000;
