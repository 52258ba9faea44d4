/*!40101 SET NAMES binary*/;
CREATE TABLE `w`(
`id` int,
`s` int
)ENGINE=MyISAM;
