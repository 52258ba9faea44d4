-- 400,000 ledger rows: 1,000 accounts at random with a (account, ts) index, DECIMAL(15,2) amounts, a 30%-NULL memo
CREATE TABLE t (id INT NOT NULL AUTO_INCREMENT PRIMARY KEY, account INT NOT NULL, amount DECIMAL(15,2) NOT NULL,
  balance DECIMAL(15,2) NOT NULL, ts TIMESTAMP NOT NULL, memo VARCHAR(30) NULL, KEY k_account (account, ts)) ENGINE=InnoDB DEFAULT CHARSET=latin1;
INSERT INTO t (account, amount, balance, ts, memo) SELECT CONV(LEFT(MD5(seq), 5), 16, 10) % 1000, (seq % 100000) / 100 - 500,
  seq * 1.5, '2025-01-01' + INTERVAL seq * 30 SECOND, IF(seq % 10 < 3, NULL, CONCAT('payment ', seq % 997)) FROM seq_1_to_400000;
