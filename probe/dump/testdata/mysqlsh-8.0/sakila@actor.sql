-- MySQLShell dump 1.0.2  Distrib Ver 8.0.33 for Linux on x86_64 - for MySQL 8.0.33 (MySQL Community Server (GPL)), for Linux (x86_64)
/*!40101 SET NAMES binary*/;
CREATE TABLE IF NOT EXISTS `actor` (
  `actor_id` smallint unsigned NOT NULL AUTO_INCREMENT,
  `engine` varchar(16) DEFAULT 'InnoDB' COMMENT 'a column named engine, and a ) in a comment',
  PRIMARY KEY (`actor_id`)
) ENGINE=MyISAM DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci;
