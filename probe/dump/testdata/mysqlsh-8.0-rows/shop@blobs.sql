-- MySQLShell dump 1.0.2  Distrib Ver 8.0.33 for Linux on x86_64 - for MySQL 8.0.33 (MySQL Community Server (GPL)), for Linux (x86_64)
--
-- Host: db1    Database: shop    Table: blobs
-- ------------------------------------------------------
-- Server version	8.0.33

/*!40101 SET NAMES binary*/;
CREATE TABLE IF NOT EXISTS `blobs` (
  `id` int NOT NULL,
  `b` blob,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
