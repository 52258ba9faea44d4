-- 100,000 rows of 24 nullable columns, about half NULL: short VARCHARs, INTs, DATEs
CREATE TABLE t (id INT NOT NULL PRIMARY KEY, a1 VARCHAR(20), a2 VARCHAR(20), a3 VARCHAR(20), a4 VARCHAR(20), a5 VARCHAR(20),
  a6 VARCHAR(20), b1 INT, b2 INT, b3 INT, b4 INT, b5 INT, b6 INT, c1 DATE, c2 DATE, c3 DATE, c4 DATE, d1 BIGINT, d2 BIGINT,
  d3 BIGINT, e1 VARCHAR(40), e2 VARCHAR(40), e3 VARCHAR(40), e4 VARCHAR(40), KEY k_b1 (b1)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t SELECT seq, IF(seq % 2, LEFT(MD5(seq), 8), NULL), IF(seq % 3, LEFT(MD5(seq), 12), NULL), IF(seq % 2, NULL, 'x'),
  IF(seq % 5, NULL, LEFT(MD5(seq), 20)), NULL, LEFT(MD5(seq), 4), IF(seq % 2, seq, NULL), seq % 7, NULL, IF(seq % 3, NULL, seq),
  seq, NULL, IF(seq % 2, '2026-01-01', NULL), NULL, '2025-06-30', IF(seq % 4, NULL, '2024-02-29'), seq * 99991, NULL,
  IF(seq % 2, seq, NULL), IF(seq % 2, MD5(seq), NULL), NULL, IF(seq % 3, CONCAT('note ', seq), NULL), NULL FROM seq_1_to_100000;
