package server

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/mytune/mytune/profile"
)

// tables sums data and index bytes and counts tables per engine from
// information_schema.TABLES. An account sees only the tables it has
// privileges on, so a small account under-counts.
func (r *reader) tables(ctx context.Context) {
	if r.skip(ctx, "table sizes (information_schema.TABLES)") {
		return
	}
	qc, cancel := context.WithTimeout(ctx, listingLimit(r.c))
	defer cancel()
	db := r.db
	schemas, err := r.tableSizes(qc)
	if err != nil {
		r.tablesUnread(err)
		return
	}
	r.s.Schemas, r.s.SchemasOmitted = schemaList(schemas)
	var sys int
	if db.QueryRowContext(qc, string(qSystemTables)).Scan(&sys) == nil {
		r.s.SystemTables = &sys
	}
	r.fileBytes(qc)
	if r.s.Tables > 0 && r.s.SystemTables != nil && *r.s.SystemTables == 0 {
		// QA: an account with SELECT on one schema saw 3.5 MiB of 163 MiB
		r.s.Unread = append(r.s.Unread, fmt.Sprintf("data size: this account sees %d table(s) (%s) in information_schema.TABLES "+
			"but none of the mysql schema's, so it may not see every schema: the sizes are a lower bound; "+
			"run mytune as an account with SELECT on every schema", r.s.Tables, profile.HumanBytes(r.s.DataBytes+r.s.IndexBytes)))
	}
	if r.s.Tables == 0 {
		// information_schema lists only what the account may see: no table
		// at all is an empty server or an account without SELECT.
		r.s.Unread = append(r.s.Unread, "data size: information_schema.TABLES shows this account no user table "+
			"(an empty server, or an account without SELECT): the table sizes cannot size the buffer pool (it is sized to the "+
			"data pages the pool holds when they show all the data fits, else to memory); if the server has tables, "+
			"run mytune as an account with SELECT on every schema")
	}
}

// TablesTimeout bounds the table-size query when the query timeout is
// shorter: information_schema.TABLES opens every table, and on MariaDB
// 10.11 with 20,300 tables it took about 6 s alone and more than the 10 s
// query timeout beside the disk probe (QA run, 2026-12-03).
const TablesTimeout = 30 * time.Second

// The table-size query and the other listings run on the session's own
// connection, whose driver read timeout is listingLimit (open): a second
// pool with a longer one (QA 18) took a second connection, which an
// account with MAX_USER_CONNECTIONS 1 is refused; the listings then ran on
// the session's 10 s read timeout, were cut there while the server kept
// running them, and every later read failed with error 1226 (review r7).

// schemaList is the schemas sorted by name, or none and their count
// when they are more than profile.MaxSchemas.
func schemaList(m map[string]profile.SchemaUsage) ([]profile.SchemaUsage, int) {
	if len(m) > profile.MaxSchemas {
		return nil, len(m)
	}
	out := make([]profile.SchemaUsage, 0, len(m))
	for _, u := range m {
		out = append(out, u)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, 0
}

// tableSizes sums the user tables' sizes into the server's totals and
// returns the per-schema sums: by opening every table (tablesQuery), or,
// on a server with more tables than table_open_cache holds, without
// (sizesWithoutOpening).
func (r *reader) tableSizes(qc context.Context) (map[string]profile.SchemaUsage, error) {
	if n, many := r.manyTables(qc); many {
		if stats, ok := r.innodbStats(qc); ok {
			return r.sizesWithoutOpening(qc, n, stats)
		}
	}
	q := tablesQuery(r.s.Flavor, r.s.Version)
	rows, err := r.db.QueryContext(qc, string(q))
	if err != nil {
		return nil, err
	}
	defer rows.Close() // its connection serves the next query
	return r.sumTables(rows)
}

// sums is what the table listing adds up: per engine, per schema, the
// largest tables, and the server's totals.
type sums struct {
	engines map[string]profile.EngineUsage
	schemas map[string]profile.SchemaUsage
	largest []profile.TableSize
}

func newSums() *sums {
	return &sums{engines: map[string]profile.EngineUsage{}, schemas: map[string]profile.SchemaUsage{}}
}

// add counts one table of data d and index i bytes.
func (t *sums) add(s *profile.Server, schema, name, engine string, d, i uint64) {
	e := t.engines[engine]
	t.engines[engine] = profile.EngineUsage{DataBytes: e.DataBytes + d, IndexBytes: e.IndexBytes + i, Tables: e.Tables + 1}
	u := t.schemas[schema]
	t.schemas[schema] = profile.SchemaUsage{Name: schema, Tables: u.Tables + 1, Bytes: u.Bytes + d + i}
	s.DataBytes += d
	s.IndexBytes += i
	s.Tables++
	t.largest = keepLargest(t.largest, profile.TableSize{Name: schema + "." + name, Bytes: d + i})
}

// sumTables reads qEngines' rows (schema, table, engine, data and index
// bytes), sums them into the server's totals and Engines, ranks
// LargestTables, and returns the per-schema sums.
func (r *reader) sumTables(rows *sql.Rows) (map[string]profile.SchemaUsage, error) {
	t := newSums()
	for rows.Next() {
		var schema, name, engine string
		var data, index sql.NullString
		if err := rows.Scan(&schema, &name, &engine, &data, &index); err != nil {
			return nil, err
		}
		t.add(r.s, schema, name, engine, parseUint(data.String), parseUint(index.String))
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	r.s.Engines, r.s.LargestTables = t.engines, t.largest
	return t.schemas, nil
}

// largestKept is how many tables LargestTables holds.
const largestKept = 10

// keepLargest inserts t into top, sorted by bytes (largest first, then by
// name), keeping at most largestKept.
func keepLargest(top []profile.TableSize, t profile.TableSize) []profile.TableSize {
	at := sort.Search(len(top), func(k int) bool {
		return top[k].Bytes < t.Bytes || (top[k].Bytes == t.Bytes && top[k].Name > t.Name)
	})
	if at >= largestKept {
		return top
	}
	top = append(top, profile.TableSize{})
	copy(top[at+1:], top[at:])
	top[at] = t
	return top[:min(len(top), largestKept)]
}

// tablesQuery is the table-size query for the server: qEnginesMariaDB on
// MariaDB 10.1.2+ (SET STATEMENT's first release, MariaDB KB "SET
// STATEMENT"), else qEngines, whose MAX_EXECUTION_TIME hint MySQL 5.7.8+
// obeys and others read as a comment. Both stop at TablesTimeout.
func tablesQuery(flavor, version string) query {
	if v, ok := profile.ParseVersion(version); flavor == profile.FlavorMariaDB && ok && v.AtLeast(10, 1, 2) {
		return qEnginesMariaDB
	}
	return qEngines
}

// tablesUnread records why the table sizes are unknown, in Unread and in
// Server.TablesError (the rules then say that, not "no table").
func (r *reader) tablesUnread(err error) {
	r.heard("the table sizes (information_schema.TABLES)", err)
	reason := redact(listingReason(err, listingLimit(r.c)), r.c.password)
	r.s.Unread = append(r.s.Unread, "table sizes (information_schema.TABLES): "+reason)
	r.s.DataBytes, r.s.IndexBytes, r.s.Tables, r.s.Engines, r.s.Schemas, r.s.SchemasOmitted = 0, 0, 0, nil, nil, 0
	r.s.TablesError = reason
	r.slowListings = listingTimedOut(err)
}

// parseUint reads a DECIMAL/BIGINT rendered as text; bad or negative
// values count as 0.
func parseUint(s string) uint64 {
	if n, err := strconv.ParseUint(s, 10, 64); err == nil {
		return n
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && f > 0 && f < 1.8e19 {
		return uint64(f)
	}
	return 0
}

// innodbFileBytes is the size of the user tables' InnoDB tablespace files
// (Server.InnoDBFileBytes), 0 when the server has no such table or is a
// MySQL before 8.0 (not asked); err is the query's failure, which on
// MariaDB 10.11.19 is error 1227 for an account without PROCESS (review
// r58).
func innodbFileBytes(ctx context.Context, db *sql.DB, flavor, version string) (uint64, error) {
	q := qFilesMariaDB
	if flavor != profile.FlavorMariaDB {
		v, ok := profile.ParseVersion(version)
		if !ok || !v.AtLeast(8, 0, 0) {
			return 0, nil
		}
		q = qFilesMySQL8
	}
	var n sql.NullString
	if err := db.QueryRowContext(ctx, string(q)).Scan(&n); err != nil {
		return 0, err
	}
	return parseUint(n.String), nil
}
