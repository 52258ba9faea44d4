-- 400,000 events: an ascending DATETIME index, a random user index, an 8-value type index, a 50-150 character utf8mb4 payload
CREATE TABLE t (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, event_time DATETIME NOT NULL, user_id INT NOT NULL,
  type TINYINT NOT NULL, payload VARCHAR(200) NOT NULL, KEY k_time (event_time), KEY k_user (user_id), KEY k_type (type))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t (event_time, user_id, type, payload) SELECT '2026-01-01' + INTERVAL seq * 3 SECOND,
  CONV(LEFT(MD5(seq), 7), 16, 10) % 200000, seq % 8, LEFT(REPEAT(MD5(seq), 5), 50 + seq % 101) FROM seq_1_to_400000;
