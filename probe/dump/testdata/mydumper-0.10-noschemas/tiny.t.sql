/*!40101 SET NAMES binary*/;
/*!40014 SET FOREIGN_KEY_CHECKS=0*/;
/*!40103 SET TIME_ZONE='+00:00' */;
INSERT INTO `t` VALUES
(1,"v1"),
(2,"v2"),
(3,"v3"),
(4,"v4"),
(5,"v5"),
(6,"v6");
