-- 500,000 post-tag pairs: a two-INT primary key and an index on the tag (1,000 tags at random)
CREATE TABLE t (post_id INT NOT NULL, tag_id INT NOT NULL, PRIMARY KEY (post_id, tag_id), KEY k_tag (tag_id)) ENGINE=InnoDB;
INSERT INTO t SELECT seq DIV 5, (CONV(LEFT(MD5(seq), 6), 16, 10) % 200) * 5 + seq % 5 FROM seq_0_to_499999;
