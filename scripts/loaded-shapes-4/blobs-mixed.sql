-- 6,000 rows of 5-12 KB blobs (the larger ones off-page) beside 100,000 small rows
CREATE TABLE doc (id INT NOT NULL PRIMARY KEY, kind TINYINT NOT NULL, body MEDIUMBLOB NOT NULL) ENGINE=InnoDB;
INSERT INTO doc SELECT seq, seq % 4, REPEAT(UNHEX(MD5(seq)), 320 + seq % 450) FROM seq_1_to_6000;
CREATE TABLE ref (id INT NOT NULL PRIMARY KEY, doc_id INT NOT NULL, note VARCHAR(40), KEY k_doc (doc_id)) ENGINE=InnoDB DEFAULT CHARSET=latin1;
INSERT INTO ref SELECT seq, 1 + seq % 6000, IF(seq % 5 = 0, NULL, LEFT(MD5(seq), 20)) FROM seq_1_to_100000;
