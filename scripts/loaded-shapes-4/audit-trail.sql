-- 300,000 audit rows: a skewed entity id, a 3-value ENUM, DATETIME(3) in order, utf8mb4 text with 4-byte emoji, a composite index
CREATE TABLE t (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY, entity_id INT NOT NULL, action ENUM('insert','update','delete') NOT NULL,
  changed_at DATETIME(3) NOT NULL, old_value VARCHAR(100), new_value VARCHAR(100), KEY k_entity (entity_id, changed_at), KEY k_changed (changed_at))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t (entity_id, action, changed_at, old_value, new_value) SELECT (seq * seq) % 20011, 1 + seq % 3,
  '2026-01-01' + INTERVAL seq * 10 SECOND, IF(seq % 3 = 1, NULL, CONCAT('value ', seq, ' 😀')), CONCAT(LEFT(MD5(seq), 1 + seq % 30), ' ✓') FROM seq_1_to_300000;
