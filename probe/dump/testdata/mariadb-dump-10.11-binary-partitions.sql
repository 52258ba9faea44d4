/*M!999999\- enable the sandbox mode */ 
-- MariaDB dump 10.19  Distrib 10.11.19-MariaDB, for debian-linux-gnu (x86_64)
--
-- Host: localhost    Database: sp
-- ------------------------------------------------------
-- Server version	10.11.19-MariaDB-0+deb12u1

/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET @OLD_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS */;
/*!40101 SET @OLD_COLLATION_CONNECTION=@@COLLATION_CONNECTION */;
/*!40101 SET NAMES binary */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;

--
-- Current Database: `sp`
--

CREATE DATABASE /*!32312 IF NOT EXISTS*/ `sp` /*!40100 DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_general_ci */;

USE `sp`;

--
-- Table structure for table `pcomm`
--

DROP TABLE IF EXISTS `pcomm`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `pcomm` (
  `id` int(11) NOT NULL,
  `c` varchar(5) NOT NULL,
  PRIMARY KEY (`id`,`c`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci
 PARTITION BY LIST  COLUMNS(`c`)
(PARTITION `p0` VALUES IN ('a') COMMENT = 'nur ü' ENGINE = InnoDB,
 PARTITION `p1` VALUES IN ('b') ENGINE = InnoDB);
/*!40101 SET character_set_client = @saved_cs_client */;

--
-- Dumping data for table `pcomm`
--

LOCK TABLES `pcomm` WRITE;
/*!40000 ALTER TABLE `pcomm` DISABLE KEYS */;
INSERT INTO `pcomm` VALUES
(1,'a');
/*!40000 ALTER TABLE `pcomm` ENABLE KEYS */;
UNLOCK TABLES;

--
-- Table structure for table `plist`
--

DROP TABLE IF EXISTS `plist`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `plist` (
  `id` int(11) NOT NULL,
  `c` varchar(5) NOT NULL,
  PRIMARY KEY (`id`,`c`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci
 PARTITION BY LIST  COLUMNS(`c`)
(PARTITION `p0` VALUES IN ('ä') ENGINE = InnoDB,
 PARTITION `p1` VALUES IN ('b') ENGINE = InnoDB);
/*!40101 SET character_set_client = @saved_cs_client */;

--
-- Dumping data for table `plist`
--

LOCK TABLES `plist` WRITE;
/*!40000 ALTER TABLE `plist` DISABLE KEYS */;
INSERT INTO `plist` VALUES
(1,'�'),
(2,'b');
/*!40000 ALTER TABLE `plist` ENABLE KEYS */;
UNLOCK TABLES;

--
-- Table structure for table `prange`
--

DROP TABLE IF EXISTS `prange`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `prange` (
  `id` int(11) NOT NULL,
  `c` varchar(5) NOT NULL,
  PRIMARY KEY (`id`,`c`)
) ENGINE=InnoDB DEFAULT CHARSET=latin1 COLLATE=latin1_swedish_ci
 PARTITION BY RANGE  COLUMNS(`c`)
(PARTITION `p0` VALUES LESS THAN ('ö') COMMENT = 'für' ENGINE = InnoDB,
 PARTITION `p1` VALUES LESS THAN (MAXVALUE) ENGINE = InnoDB);
/*!40101 SET character_set_client = @saved_cs_client */;

--
-- Dumping data for table `prange`
--

LOCK TABLES `prange` WRITE;
/*!40000 ALTER TABLE `prange` DISABLE KEYS */;
INSERT INTO `prange` VALUES
(1,'a'),
(2,'�');
/*!40000 ALTER TABLE `prange` ENABLE KEYS */;
UNLOCK TABLES;
/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;

/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;
/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*!40101 SET CHARACTER_SET_RESULTS=@OLD_CHARACTER_SET_RESULTS */;
/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;
/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */;

-- Dump completed on 2026-12-07 18:36:52
