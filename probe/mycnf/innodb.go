package mycnf

import (
	"fmt"
	"strings"

	"github.com/mytune/mytune/profile"
)

// innodbMinPoolMariaDB is the smallest innodb_buffer_pool_size mariadbd
// 10.11 starts InnoDB with at the default 16K page: 6 MiB. Below it
// InnoDB does not load ("innodb_page_size=16384 requires
// innodb_buffer_pool_size >= 6 MiB current 5 MiB", then "Unknown/unsupported
// storage engine: InnoDB" and "Aborting"; mariadbd 10.11.19 with 5M,
// 6291455, 1k and 0, the last two first raised to its 2 MiB floor; 6M
// starts). Other page sizes have other minimums: not checked.
const innodbMinPoolMariaDB = 6 << 20

// innodbPage16K is innodb_page_size's default (MariaDB KB).
const innodbPage16K = 16 << 10

// InnoDBOff is true when the options turn the InnoDB plugin off
// (skip-innodb, innodb=OFF or 0 or FALSE): the server then has no InnoDB
// and no innodb_* variables (mariadbd 10.11.19 with skip-innodb and
// default-storage-engine=MyISAM: information_schema.engines says InnoDB NO).
func InnoDBOff(final map[string]Option) bool {
	o, ok := final["innodb"]
	if !ok || o.Prefix == "enable" {
		return false
	}
	switch strings.ToLower(strings.TrimSpace(o.Value)) {
	case "off", "0", "false":
		return true
	}
	return false
}

// checkInnoDB adds mariadbd 10.11's refusals over InnoDB: a buffer pool
// below innodbMinPoolMariaDB, and InnoDB turned off while it is the
// default storage engine (default_storage_engine's default is InnoDB;
// "Unknown/unsupported storage engine: InnoDB", then "Aborting", mariadbd
// 10.11.19 with skip-innodb alone).
func (r *Reading) checkInnoDB(final map[string]Option) {
	if InnoDBOff(final) {
		o := final["innodb"]
		eng, set := final["default_storage_engine"]
		if set && !strings.EqualFold(strings.TrimSpace(eng.Value), "innodb") {
			return
		}
		where := "default_storage_engine is unset, so InnoDB"
		if set {
			where = "default_storage_engine = " + eng.Value + " (" + eng.Where() + ")"
		}
		r.Warnings = append(r.Warnings, Warning{File: o.File, Line: o.Line, Flavor: flavorMariaDB,
			Version: tableVersion[flavorMariaDB], Refuses: true, Text: fmt.Sprintf("%s turns InnoDB off, but %s: "+
				"mariadbd refuses to start (\"Unknown/unsupported storage engine: InnoDB\"); remove %s, or set "+
				"default_storage_engine to an engine it has, such as Aria or MyISAM", o.Raw, where, o.Raw)})
		return
	}
	o, ok := final["innodb_buffer_pool_size"]
	if !ok || o.Prefix != "" || !o.HasValue {
		return
	}
	if pg, ok := final["innodb_page_size"]; ok && sizeOf(pg.Value) != innodbPage16K {
		return
	}
	n := sizeOf(o.Value)
	if n < 0 || n >= innodbMinPoolMariaDB {
		return
	}
	r.Warnings = append(r.Warnings, Warning{File: o.File, Line: o.Line, Flavor: flavorMariaDB,
		Version: tableVersion[flavorMariaDB], Refuses: true, Text: fmt.Sprintf("innodb_buffer_pool_size = %s is below the 6 MiB "+
			"InnoDB needs with 16K pages: mariadbd refuses to start (\"requires innodb_buffer_pool_size >= 6 MiB\", then "+
			"\"Unknown/unsupported storage engine: InnoDB\"); give it 6M or more", o.Value)})
}

// sizeOf is a size option's bytes as my_getopt reads it; -1 when the
// server would refuse the value (another check says so) or it overflows.
func sizeOf(v string) int64 {
	canon, _, ok := serverNumber(v)
	if !ok || strings.HasPrefix(canon, "-") {
		return -1
	}
	b, err := profile.ParseSize(canon)
	if err != nil || b > 1<<62 {
		return -1
	}
	return int64(b)
}
