-- 60,000 JSON documents of 500-800 bytes with an index on a random tag
CREATE TABLE t (id INT NOT NULL PRIMARY KEY, tag INT NOT NULL, doc JSON NOT NULL, KEY k_tag (tag)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t SELECT seq, CONV(LEFT(MD5(seq), 5), 16, 10) % 10000,
  JSON_OBJECT('id', seq, 'name', MD5(seq), 'tags', JSON_ARRAY(MD5(seq + 1), MD5(seq + 2)), 'body', REPEAT(MD5(seq + 3), 12 + seq % 8))
  FROM seq_1_to_60000;
