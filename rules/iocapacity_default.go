package rules

import (
	"strconv"

	"github.com/mytune/mytune/profile"
)

// minIOCapacityMaxDefault is the least innodb_io_capacity_max the servers
// derive when it is not set (2000).
const minIOCapacityMaxDefault = 2000

// ioCapacityMaxDefault makes the default of an unset innodb_io_capacity_max
// follow a set innodb_io_capacity, as both servers derive it at startup:
// twice innodb_io_capacity, at least 2000 (MySQL 8.0 and 8.4 manuals,
// innodb_io_capacity_max: "defaults to twice the value of
// innodb_io_capacity or 2000, whichever value is greater"; MariaDB
// innodb_init_params; mariadbd 10.11.19 started with only
// innodb_io_capacity = 5000 runs with innodb_io_capacity_max 10000). The
// fixed 2000 made a my.cnf with innodb_io_capacity 5000 read as
// contradicting itself ("runs with innodb_io_capacity 2000").
func (f *Facts) ioCapacityMaxDefault() {
	if f.Set["innodb_io_capacity_max"] || !f.Set["innodb_io_capacity"] {
		return
	}
	io, err := profile.ParseSize(f.Raw["innodb_io_capacity"])
	if err != nil {
		return // fill's fallback says so and keeps the defaults
	}
	d := max(2*io, minIOCapacityMaxDefault)
	if io > 1<<62 {
		d = io // held to the server's maximum, never below innodb_io_capacity
	}
	f.Raw["innodb_io_capacity_max"] = strconv.FormatUint(d, 10)
	f.DefaultSource["innodb_io_capacity_max"] = srcMy80 + " (innodb_io_capacity_max: twice innodb_io_capacity, at least 2000, when unset); " + srcMaria
}
