-- 250,000 orders keyed by 'ORD-0000001' strings (in order), an index on random e-mails, a 50-value CHAR(2) country index
CREATE TABLE t (order_no VARCHAR(20) NOT NULL PRIMARY KEY, email VARCHAR(120) NOT NULL, country CHAR(2) NOT NULL, qty SMALLINT NOT NULL,
  KEY k_email (email), KEY k_country (country)) ENGINE=InnoDB DEFAULT CHARSET=latin1;
INSERT INTO t SELECT CONCAT('ORD-', LPAD(seq, 7, '0')), CONCAT(LEFT(MD5(seq), 6 + seq % 10), '@', LEFT(MD5(seq * 7), 5), '.com'),
  CHAR(65 + (CONV(LEFT(MD5(seq), 2), 16, 10) % 50) DIV 26 , 65 + CONV(LEFT(MD5(seq), 2), 16, 10) % 26), seq % 500 FROM seq_1_to_250000;
