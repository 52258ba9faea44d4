/*!40101 SET NAMES binary*/;
/*!40014 SET FOREIGN_KEY_CHECKS=0*/;

/*!40103 SET TIME_ZONE='+00:00' */;
CREATE TABLE `mixed` (
  `id` int(11) NOT NULL,
  `c` char(3) CHARACTER SET latin1 COLLATE latin1_swedish_ci DEFAULT 'ä',
  `u` varchar(5) DEFAULT 'ü',
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
