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

	"github.com/mytune/mytune/profile"
)

// Server error numbers of a server that runs but takes no more
// connections (MySQL and MariaDB error references): ER_CON_COUNT_ERROR
// 1040, max_connections in use; ER_TOO_MANY_USER_CONNECTIONS 1203, the
// global max_user_connections in use by this user; ER_USER_LIMIT_REACHED
// 1226, the account's own MAX_USER_CONNECTIONS.
const (
	erTooManyConnections     = 1040
	erTooManyUserConnections = 1203
	erUserLimitReached       = 1226
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
	s, err := Dial(ctx, c)
	if err != nil {
		var ue *UnreachableError
		if errors.As(err, &ue) {
			return NotReached(ue), nil
		}
		return nil, err
	}
	return s.Read(ctx, nil)
}

// NotReached is the server block of a server that did not answer: the
// reason, and -1 for the figures it would have given (unknown, as for a
// server that hides them).
func NotReached(err error) *profile.Server {
	return &profile.Server{Reachable: false, Error: err.Error(),
		BufferPoolHitRatio: -1, BufferPoolDirtyPct: -1, SyncBinlog: -1}
}

// Session is an open, small pool on the first endpoint that answered.
type Session struct {
	db *sql.DB
	c  Conn
	// Endpoint is the address that answered.
	Endpoint Endpoint
}

// Dial connects, trying c.Endpoints in order. No endpoint answering gives
// an *UnreachableError naming each one tried, an access-denied answer an
// *AuthError, a cancelled ctx ctx.Err(). The caller reads or closes the session.
func Dial(ctx context.Context, c Conn) (*Session, error) {
	quietDriver.Do(func() { _ = mysql.SetLogger(log.New(io.Discard, "", 0)) })
	var tried []string
	for _, ep := range c.Endpoints {
		db, err := open(ctx, c, ep)
		if err == nil {
			return &Session{db: db, c: c, Endpoint: ep}, nil
		}
		if ae, ok := asAuthError(err, c, ep); ok {
			return nil, ae
		}
		if ce := (*CAFileError)(nil); errors.As(err, &ce) {
			return nil, ce
		}
		if fe := fullServerError(err, ep); fe != nil {
			return nil, fe
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		tried = append(tried, fmt.Sprintf("%s: %s", ep, redact(err.Error(), c.password)))
	}
	return nil, &UnreachableError{Tried: tried}
}

// fullServerError is the error for a server that answered "Too many
// connections" (it runs, but is full) or that this account has all the
// connections it may have (review r58: MAX_USER_CONNECTIONS 1 and one
// session open was told to check that the server runs), nil for any
// other error. Read needs one connection.
func fullServerError(err error, ep Endpoint) error {
	var me *mysql.MySQLError
	if !errors.As(err, &me) {
		return nil
	}
	switch me.Number {
	case erTooManyConnections:
		return fmt.Errorf("the server at %s answered but is full (error %d: %s): end idle sessions or raise "+
			"max_connections, then try again (on MariaDB an account with SUPER or CONNECTION ADMIN gets one connection more, "+
			"and a server with extra_port set takes connections there: -P EXTRA_PORT)", ep, me.Number, me.Message)
	case erTooManyUserConnections, erUserLimitReached:
		return fmt.Errorf("the server at %s answered but this account has all the connections it may have (error %d: %s): "+
			"mytune needs one; end this account's other sessions, or run mytune as another account", ep, me.Number, me.Message)
	}
	return nil
}

// Close closes the session's pool.
func (s *Session) Close() error { return s.db.Close() }

// Datadir asks the server for its data directory (@@datadir), as the
// server sees it, with its version, so that a server mytune does not
// advise is refused first (datadirAnswer).
func (s *Session) Datadir(ctx context.Context) (string, error) {
	qc, cancel := context.WithTimeout(ctx, s.c.QueryTimeout)
	defer cancel()
	var dir, version, comment sql.NullString
	if err := s.db.QueryRowContext(qc, string(qDatadir)).Scan(&dir, &version, &comment); err != nil {
		return "", fmt.Errorf("asking %s for its datadir: %s", s.Endpoint, redact(unreadReason(err, s.c.QueryTimeout), s.c.password))
	}
	return datadirAnswer(dir.String, version.String, comment.String)
}

// datadirAnswer is the datadir a server reported, or the refusal of a
// server that is not MySQL, MariaDB or Percona (foreignServer): a TiDB
// reports a @@datadir that is no directory of its own, and without
// --datadir the user met "the server's datadir … is not usable here"
// before the refusal that says what the server is (review r19).
func datadirAnswer(dir, version, comment string) (string, error) {
	if err := foreignServer(version, comment, "give --no-server and --datadir to measure a disk alone"); err != nil {
		return "", err
	}
	return dir, nil
}

// Read reads what the server says about itself and closes the session.
// The second redo reading waits for until to close (when not nil) and
// for c.RedoSample after the first. A cancelled ctx gives ctx.Err().
func (s *Session) Read(ctx context.Context, until <-chan struct{}) (*profile.Server, error) {
	return s.ReadSampled(ctx, until, nil)
}

// ReadSampled is Read that calls sampled (when not nil) once the redo
// sample is over, taken or not, so a caller can hold back work that would
// slow the server (the probe's disk measurement) until then.
func (s *Session) ReadSampled(ctx context.Context, until <-chan struct{}, sampled func()) (*profile.Server, error) {
	defer s.Close()
	r := &reader{db: s.db, c: s.c, ep: s.Endpoint, until: until, sampled: sampled, s: &profile.Server{Reachable: true, Source: "server"}}
	r.version(ctx)
	if err := foreignServer(r.s.Version, r.s.VersionComment, "give --no-server to measure this disk alone"); err != nil {
		return nil, err
	}
	r.s.Variables = r.pairs(ctx, qVariables)
	if r.s.Variables == nil && ctx.Err() == nil {
		// SHOW GLOBAL VARIABLES needs no privilege: failing, the server
		// stopped answering after it connected; nothing it says is known,
		// and defaults must not pass for its settings: the run fails (exit 1).
		return nil, fmt.Errorf("the server answered, then stopped answering (%s): check it is still running and try again, "+
			"or give --no-server", strings.Join(r.s.Unread, "; "))
	}
	r.s.Status = r.pairs(ctx, qStatus)
	r.s.ReaderConnections = r.db.Stats().OpenConnections
	r.perfSchema(ctx)
	r.rocksDBMemtables(ctx)
	statusAt := time.Now()
	r.s.ReadAt = time.Now().UTC().Truncate(time.Second)
	r.tables(ctx)
	r.backtickNames(ctx)
	r.quoteNames(ctx)
	r.replication(ctx)
	r.charsetNames(ctx)
	r.sampleRedo(ctx, statusAt)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	derive(r.s)
	return r.s, nil
}

// UnreachableError says no endpoint answered; Tried holds one
// "endpoint: the driver's message" per address, without the password.
// Its text says what to do: start the server or name it, or, when an
// endpoint answered but its TLS failed, change --ssl-mode or --ssl-ca.
type UnreachableError struct{ Tried []string }

// Error lists each endpoint tried and why it failed.
func (e *UnreachableError) Error() string {
	if len(e.Tried) == 0 {
		return "no server address to try: give --host/--port or --socket"
	}
	tried := strings.Join(e.Tried, "; ")
	if low := strings.ToLower(tried); strings.Contains(low, "tls") || strings.Contains(low, "x509") {
		return fmt.Sprintf("no server reachable (%s): a server answered but the TLS asked for failed: give --ssl-mode PREFERRED "+
			"(TLS when the server has it), --ssl-ca CA.pem for a certificate of a private CA, or set up the server's TLS", tried)
	}
	if sock := deniedSocket(e.Tried); sock != "" {
		return fmt.Sprintf("no server reachable (%s): the socket %s is there but this user may not open it (it or a directory "+
			"above it lets only the server's user or group in): run mytune as a member of that group (often mysql) or root, "+
			"or give --host 127.0.0.1 --port PORT", tried, sock)
	}
	return fmt.Sprintf("no server reachable (%s): start the server or give --host/--port/--socket", tried)
}

// deniedSocket is the first Unix socket of tried ("unix PATH: message")
// whose connect failed with permission denied: a server is likely there.
func deniedSocket(tried []string) string {
	for _, t := range tried {
		addr, msg, ok := strings.Cut(strings.TrimPrefix(t, "unix "), ": ")
		if ok && strings.HasPrefix(t, "unix ") && strings.Contains(strings.ToLower(msg), "permission denied") {
			return addr
		}
	}
	return ""
}

// open dials one endpoint with Read's small pool and pings it within the
// connect timeout.
func open(ctx context.Context, c Conn, ep Endpoint) (*sql.DB, error) {
	return openPool(ctx, c, ep, OpenOptions{MaxConns: maxOpenConns, ReadTimeout: listingLimit(c)})
}

// reader runs the queries of one Read and records what failed.
type reader struct {
	db *sql.DB
	c  Conn
	// ep is the endpoint db reached.
	ep Endpoint
	// slowListings is set when the table-size listing ran out of time:
	// the other information_schema listings are not tried (each would
	// take as long again).
	slowListings bool
	// until, when not nil, holds the second redo reading until it closes.
	until <-chan struct{}
	// sampled, when not nil, is called once the redo sample is over.
	sampled func()
	s       *profile.Server
	// silent names the last query that got no answer in time, until
	// stalled has checked the server; gone says why the server is taken
	// to have stopped answering (stalled), and later queries are skipped.
	silent, gone string
	// goneSaid is set once an Unread entry has said why (gone).
	goneSaid bool
}

func (r *reader) unread(what string, err error) {
	r.heard(what, err)
	r.s.Unread = append(r.s.Unread, fmt.Sprintf("%s: %s", what, redact(unreadReason(err, r.c.QueryTimeout), r.c.password)))
}

// qctx bounds one query by the query timeout.
func (r *reader) qctx(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, r.c.QueryTimeout)
}

func (r *reader) version(ctx context.Context) {
	qc, cancel := r.qctx(ctx)
	defer cancel()
	var v, comment sql.NullString
	q := qVersion
	err := r.db.QueryRowContext(qc, string(q)).Scan(&v, &comment)
	if q, retry := statementBounded(q, err); retry {
		err = r.db.QueryRowContext(qc, string(q)).Scan(&v, &comment)
	}
	if err != nil {
		r.unread("@@version", err)
		return
	}
	r.s.Version = profile.CleanVersion(v.String)
	r.s.VersionComment = comment.String
	r.s.Flavor = DetectFlavor(r.s.Version, r.s.VersionComment)
}

// label names a query in Server.Unread: the statement without its tag.
func label(q query) string { return strings.TrimPrefix(string(q), "/* mytune */ ") }

// pairs runs a two-column SHOW and returns lower-case name → value, or
// nil when it failed, even part way: a partial SHOW GLOBAL VARIABLES would
// let defaults pass for the server's settings. A MariaDB max_statement_time
// that interrupts it, at its start or while its rows come, gets it sent
// once more with its own limit (statementBounded).
func (r *reader) pairs(ctx context.Context, q query) map[string]string {
	if r.skip(ctx, label(q)) {
		return nil
	}
	out, err := r.pairsOnce(ctx, q)
	if b, retry := statementBounded(q, err); retry {
		out, err = r.pairsOnce(ctx, b)
	}
	if err != nil {
		r.unread(label(q), err)
		return nil
	}
	return out
}

// pairsOnce runs q once for pairs.
func (r *reader) pairsOnce(ctx context.Context, q query) (map[string]string, error) {
	qc, cancel := r.qctx(ctx)
	defer cancel()
	rows, err := r.db.QueryContext(qc, string(q))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var name string
		var val sql.NullString
		if err := rows.Scan(&name, &val); err != nil {
			return nil, err
		}
		out[strings.ToLower(name)] = val.String
	}
	return out, rows.Err()
}
