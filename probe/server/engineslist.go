package server

import (
	"context"
	"database/sql"
	"strings"
)

// enginesAvailable reads SHOW ENGINES into Server.EnginesAvailable when
// the dump names storage engines (r.c.Ask.Engines): the engines whose
// Support is YES or DEFAULT, the default first. MariaDB 10.11.19 lists a
// plugin engine only once it is loaded (ARCHIVE, ROCKSDB: not by default).
func (r *reader) enginesAvailable(ctx context.Context) {
	if len(r.c.Ask.Engines) == 0 || r.gone != "" || r.skip(ctx, "the server's storage engines") {
		return
	}
	qc, cancel := r.qctx(ctx)
	defer cancel()
	rows, err := r.db.QueryContext(qc, string(qShowEngines))
	if err != nil {
		r.unread("the server's storage engines (SHOW ENGINES)", err)
		return
	}
	defer rows.Close()
	list, err := engineRows(rows)
	if err != nil {
		r.unread("the server's storage engines (SHOW ENGINES)", err)
		return
	}
	r.s.EnginesAvailable = list
}

// engineRows reads SHOW ENGINES's Engine and Support columns (the first
// two, MySQL and MariaDB alike) into the usable engines, the default
// first.
func engineRows(rows *sql.Rows) ([]string, error) {
	cols, err := rows.Columns()
	if err != nil {
		return nil, err
	}
	raw := make([]sql.RawBytes, len(cols))
	dest := make([]any, len(cols))
	for i := range raw {
		dest[i] = &raw[i]
	}
	var list []string
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return nil, err
		}
		if len(raw) < 2 {
			continue
		}
		name, support := string(raw[0]), strings.ToUpper(string(raw[1]))
		switch support {
		case "DEFAULT":
			list = append([]string{name}, list...)
		case "YES":
			list = append(list, name)
		}
	}
	return list, rows.Err()
}
