CREATE TABLE IF NOT EXISTS `big                                        two` (`id` int NOT NULL, `v` varchar(200), PRIMARY KEY (`id`)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
