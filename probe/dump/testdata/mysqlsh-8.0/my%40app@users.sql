CREATE TABLE x (id int);
