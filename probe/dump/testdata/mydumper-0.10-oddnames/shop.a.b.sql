/*!40101 SET NAMES binary*/;
/*!40014 SET FOREIGN_KEY_CHECKS=0*/;
/*!40103 SET TIME_ZONE='+00:00' */;
INSERT INTO `a.b` VALUES
(1),
(2),
(3),
(4),
(5),
(6),
(7);
