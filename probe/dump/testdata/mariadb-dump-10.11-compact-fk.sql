/*M!999999\- enable the sandbox mode */ 

CREATE DATABASE /*!32312 IF NOT EXISTS*/ `fk` /*!40100 DEFAULT CHARACTER SET latin1 COLLATE latin1_swedish_ci */;

USE `fk`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `child` (
  `id` int(11) NOT NULL,
  `parent_id` int(11) NOT NULL,
  `qty` int(11) DEFAULT NULL,
  `price` int(11) DEFAULT NULL,
  `total` int(11) GENERATED ALWAYS AS (`qty` * `price`) VIRTUAL,
  PRIMARY KEY (`id`),
  KEY `fk_p` (`parent_id`),
  CONSTRAINT `fk_p` FOREIGN KEY (`parent_id`) REFERENCES `parent` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;
INSERT INTO `child` VALUES
(1,2,1,3,3),
(2,3,2,3,6),
(3,4,3,3,9),
(4,5,4,3,12),
(5,1,5,3,15),
(6,2,6,3,18),
(7,3,7,3,21),
(8,4,8,3,24),
(9,5,9,3,27),
(10,1,10,3,30),
(11,2,11,3,33),
(12,3,12,3,36);
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `parent` (
  `id` int(11) NOT NULL,
  `name` varchar(20) DEFAULT NULL,
  `at` timestamp NOT NULL DEFAULT '2026-01-01 00:00:00',
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;
INSERT INTO `parent` VALUES
(1,'p1','2026-01-01 00:00:00'),
(2,'p2','2026-01-01 00:00:00'),
(3,'p3','2026-01-01 00:00:00'),
(4,'p4','2026-01-01 00:00:00'),
(5,'p5','2026-01-01 00:00:00');
