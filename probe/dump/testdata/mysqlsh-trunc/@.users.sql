-- users
CREATE USER IF NOT EXISTS 'app'@'%' IDENTIFIED WITH 'caching_sha2_password';
