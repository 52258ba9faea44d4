package server

import (
	"context"
	"database/sql"
	"strconv"
	"strings"

	"github.com/mytune/mytune/profile"
)

// perfSchemaTotal is the row that sums the others.
const perfSchemaTotal = "performance_schema.memory"

// perfSchema reads the performance schema's memory when it is on: a
// server with max_connections 2000 held 142 MB of it (MariaDB 10.11.19,
// 2026-12-06), memory the connection and pool sums do not count.
func (r *reader) perfSchema(ctx context.Context) {
	if on, err := profile.ParseBool(r.s.Variables["performance_schema"]); err != nil || !on {
		return
	}
	if r.skip(ctx, "performance schema memory (SHOW ENGINE PERFORMANCE_SCHEMA STATUS)") {
		return
	}
	qc, cancel := r.qctx(ctx)
	defer cancel()
	rows, err := r.db.QueryContext(qc, string(qPerfSchema))
	if err != nil {
		r.unread("performance schema memory (SHOW ENGINE PERFORMANCE_SCHEMA STATUS; needs PROCESS)", err)
		return
	}
	defer rows.Close()
	for rows.Next() {
		var typ, name string
		var status sql.NullString
		if err := rows.Scan(&typ, &name, &status); err != nil {
			r.unread("performance schema memory", err)
			return
		}
		if strings.EqualFold(name, perfSchemaTotal) {
			r.s.PerfSchemaBytes, _ = strconv.ParseUint(strings.TrimSpace(status.String), 10, 64)
		}
	}
	if err := rows.Err(); err != nil {
		r.unread("performance schema memory", err)
	}
}
