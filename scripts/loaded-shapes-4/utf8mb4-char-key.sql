-- 200,000 rows keyed by a utf8mb4 CHAR(8) of hex (in key order in the dump), a random INT index, a FLOAT
CREATE TABLE t (code CHAR(8) NOT NULL PRIMARY KEY, ref INT NOT NULL, weight FLOAT NOT NULL, KEY k_ref (ref)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT IGNORE INTO t SELECT LEFT(MD5(seq), 8), CONV(LEFT(MD5(seq * 3), 6), 16, 10), seq / 3 FROM seq_1_to_200000; -- IGNORE: a few 8-hex-digit prefixes repeat
