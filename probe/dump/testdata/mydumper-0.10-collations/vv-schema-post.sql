SET @PREV_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT;
SET @PREV_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS;
SET @PREV_COLLATION_CONNECTION=@@COLLATION_CONNECTION;
SET character_set_client = utf8mb3;
SET character_set_results = utf8mb3;
SET collation_connection = utf8mb3_general_ci;
DROP FUNCTION IF EXISTS `f`;
CREATE DEFINER=`root`@`localhost` FUNCTION `f`(x varchar(5)) RETURNS varchar(5) CHARSET utf8mb4 COLLATE utf8mb4_general_ci
return x;
SET character_set_client = @PREV_CHARACTER_SET_CLIENT;
SET character_set_results = @PREV_CHARACTER_SET_RESULTS;
SET collation_connection = @PREV_COLLATION_CONNECTION;
SET @PREV_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT;
SET @PREV_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS;
SET @PREV_COLLATION_CONNECTION=@@COLLATION_CONNECTION;
SET character_set_client = utf8mb3;
SET character_set_results = utf8mb3;
SET collation_connection = utf8mb3_general_ci;
DROP PROCEDURE IF EXISTS `p`;
CREATE DEFINER=`root`@`localhost` PROCEDURE `p`()
select 1;
SET character_set_client = @PREV_CHARACTER_SET_CLIENT;
SET character_set_results = @PREV_CHARACTER_SET_RESULTS;
SET collation_connection = @PREV_COLLATION_CONNECTION;
