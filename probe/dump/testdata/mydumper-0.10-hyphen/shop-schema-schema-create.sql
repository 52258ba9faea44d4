CREATE DATABASE `shop-schema` /*!40100 DEFAULT CHARACTER SET latin1 COLLATE latin1_swedish_ci */;
