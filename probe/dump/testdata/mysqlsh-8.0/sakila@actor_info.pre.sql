CREATE TABLE actor_info (x int);
