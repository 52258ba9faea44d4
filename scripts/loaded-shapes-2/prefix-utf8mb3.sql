-- 300,000 utf8mb3 rows: a prefix index on a name, an index on one of 500 cities
CREATE TABLE t (id INT NOT NULL PRIMARY KEY, name VARCHAR(255) NOT NULL, city VARCHAR(64) NOT NULL,
  KEY k_name (name(10)), KEY k_city (city)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3;
INSERT INTO t SELECT seq, CONCAT(SUBSTR(MD5(seq), 1, 5 + seq % 20), ' ', SUBSTR(MD5(seq + 1), 1, 10 + seq % 30)),
  CONCAT('City ', CONV(LEFT(MD5(seq * 3), 4), 16, 10) % 500) FROM seq_1_to_300000;
