/*!40101 SET NAMES binary*/;
/*!40014 SET FOREIGN_KEY_CHECKS=0*/;

/*!40103 SET TIME_ZONE='+00:00' */;
CREATE TABLE `lat` (
  `id` int(11) NOT NULL,
  `e` enum('ä','b') DEFAULT 'ä',
  `c` varchar(10) DEFAULT 'ö' COMMENT 'ü',
  `n` int(11) DEFAULT 3 COMMENT 'größe',
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci;
