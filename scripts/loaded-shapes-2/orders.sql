-- 400,000 orders: a random customer, a low-cardinality status, an ascending time, a mostly-NULL note
CREATE TABLE t (id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, customer_id INT NOT NULL,
  status ENUM('new','paid','shipped','returned') NOT NULL, total DECIMAL(10,2) NOT NULL, created_at TIMESTAMP NOT NULL,
  note VARCHAR(255) NULL, KEY k_customer (customer_id), KEY k_created (created_at), KEY k_status (status))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t (customer_id, status, total, created_at, note)
  SELECT CONV(LEFT(MD5(seq), 6), 16, 10) % 50000, 1 + seq % 4, (seq % 100000) / 100, '2025-01-01' + INTERVAL seq * 7 SECOND,
  IF(seq % 10 = 0, CONCAT('gift wrap, order ', seq), NULL) FROM seq_1_to_400000;
