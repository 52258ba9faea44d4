-- 100,000 products: a unique SKU, a 200-value category index, DECIMAL price, a 1-4 KB utf8mb4 TEXT description
CREATE TABLE t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, sku VARCHAR(32) NOT NULL, category SMALLINT NOT NULL,
  price DECIMAL(10,2) NOT NULL, description TEXT NOT NULL, UNIQUE KEY u_sku (sku), KEY k_category (category))
  ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
INSERT INTO t (sku, category, price, description) SELECT UPPER(LEFT(MD5(seq), 12)), CONV(LEFT(MD5(seq + 9), 4), 16, 10) % 200,
  (seq % 50000) / 7, REPEAT(CONCAT(MD5(seq), ' ü '), 30 + seq % 90) FROM seq_1_to_100000;
