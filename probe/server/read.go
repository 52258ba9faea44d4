package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log"
	"strings"
	"sync"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/mytune/mytune/probe/profile"
)

// maxOpenConns keeps mytune's footprint on the server small.
const maxOpenConns = 2

var quietDriver sync.Once

// Read connects (trying c.Endpoints in order) and reads what the server
// says about itself. A server that cannot be reached gives
// Server{Reachable:false, Error} and a nil error; an access-denied answer
// gives an *AuthError; a cancelled ctx gives ctx.Err(). Queries the
// account may not run are listed in Server.Unread.
func Read(ctx context.Context, c Conn) (*profile.Server, error) {
	quietDriver.Do(func() { _ = mysql.SetLogger(log.New(io.Discard, "", 0)) })
	db, err := connect(ctx, c)
	if err != nil {
		var ae *AuthError
		if errors.As(err, &ae) {
			return nil, ae
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return &profile.Server{Reachable: false, Error: redact(err.Error(), c.password),
			BufferPoolHitRatio: -1, BufferPoolDirtyPct: -1, SyncBinlog: -1}, nil // -1: unknown, as for a server that hides them
	}
	defer db.Close()
	r := &reader{db: db, c: c, s: &profile.Server{Reachable: true, Source: "server"}}
	r.version(ctx)
	r.s.Variables = r.pairs(ctx, qVariables)
	r.s.Status = r.pairs(ctx, qStatus)
	statusAt := time.Now()
	r.tables(ctx)
	r.largest(ctx)
	r.replication(ctx)
	r.sampleRedo(ctx, statusAt)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	derive(r.s)
	return r.s, nil
}

// connect opens a small pool on the first endpoint that answers.
func connect(ctx context.Context, c Conn) (*sql.DB, error) {
	var tried []string
	for _, ep := range c.Endpoints {
		db, err := open(ctx, c, ep)
		if err == nil {
			return db, nil
		}
		if ae, ok := asAuthError(err, c, ep); ok {
			return nil, ae
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		tried = append(tried, fmt.Sprintf("%s: %v", ep, err))
	}
	if len(tried) == 0 {
		return nil, fmt.Errorf("no server address to try: give --host/--port or --socket")
	}
	return nil, fmt.Errorf("no server reachable (%s): start the server or give --host/--port/--socket", strings.Join(tried, "; "))
}

// open dials one endpoint with Read's small pool and pings it within the
// connect timeout.
func open(ctx context.Context, c Conn, ep Endpoint) (*sql.DB, error) {
	return openPool(ctx, c, ep, OpenOptions{MaxConns: maxOpenConns})
}

// reader runs the queries of one Read and records what failed.
type reader struct {
	db *sql.DB
	c  Conn
	s  *profile.Server
}

func (r *reader) unread(what string, err error) {
	r.s.Unread = append(r.s.Unread, fmt.Sprintf("%s: %s", what, redact(unreadReason(err), r.c.password)))
}

// qctx bounds one query by the query timeout.
func (r *reader) qctx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, r.c.QueryTimeout)
}

func (r *reader) version(ctx context.Context) {
	qc, cancel := r.qctx(ctx)
	defer cancel()
	var v, comment sql.NullString
	if err := r.db.QueryRowContext(qc, string(qVersion)).Scan(&v, &comment); err != nil {
		r.unread("@@version", err)
		return
	}
	r.s.Version = profile.CleanVersion(v.String)
	r.s.VersionComment = comment.String
	r.s.Flavor = DetectFlavor(r.s.Version, r.s.VersionComment)
}

// label names a query in Server.Unread: the statement without its tag.
func label(q query) string { return strings.TrimPrefix(string(q), "/* mytune */ ") }

// pairs runs a two-column SHOW and returns lower-case name → value.
func (r *reader) pairs(ctx context.Context, q query) map[string]string {
	what := label(q)
	qc, cancel := r.qctx(ctx)
	defer cancel()
	rows, err := r.db.QueryContext(qc, string(q))
	if err != nil {
		r.unread(what, err)
		return nil
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var name string
		var val sql.NullString
		if err := rows.Scan(&name, &val); err != nil {
			r.unread(what, err)
			return out
		}
		out[strings.ToLower(name)] = val.String
	}
	if err := rows.Err(); err != nil {
		r.unread(what, err)
	}
	return out
}
