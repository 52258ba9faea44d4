package profile

// DefaultBufferPoolBytes is innodb_buffer_pool_size when nothing sets it:
// 128 MiB in MySQL 5.7, 8.0, 8.4 and MariaDB 10.x (their manuals,
// innodb_buffer_pool_size). The rules' table of compiled-in defaults and
// the thread sizing both read it from here.
const DefaultBufferPoolBytes = 128 << 20
