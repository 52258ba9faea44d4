package server

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log"
	"time"

	"github.com/go-sql-driver/mysql"
)

// OpenOptions says how large a pool Open makes and how it talks to the server.
type OpenOptions struct {
	// MaxConns is the pool size; 0 keeps Read's small footprint (maxOpenConns).
	MaxConns int
	// InterpolateParams sends statements with their arguments filled in
	// client-side (one round trip) instead of as server-side prepared
	// statements (prepare, execute, close: three round trips).
	InterpolateParams bool
	// SkipBinlog sets sql_log_bin=0 on every connection of the pool, so
	// the caller's writes reach neither the binary log nor replicas. It
	// needs SUPER, BINLOG ADMIN (MariaDB 10.5.2+) or SYSTEM_VARIABLES_ADMIN /
	// SESSION_VARIABLES_ADMIN (MySQL 8); without it Open returns an
	// error wrapping ErrSkipBinlogDenied.
	SkipBinlog bool
	// SkipWsrep sets wsrep_on=0 on every connection of the pool, so that
	// on a Galera node (MariaDB Cluster, Percona XtraDB Cluster) the
	// caller's writes are not replicated to the other nodes, which
	// sql_log_bin=0 does not prevent. It needs SUPER; without it Open
	// returns an error wrapping ErrSkipWsrepDenied.
	SkipWsrep bool
	// ReadTimeout is the driver's read and write timeout when longer than
	// the query timeout (each query still has its own context).
	ReadTimeout time.Duration
	// Autocommit sets autocommit=1 on every connection of the pool: a
	// writer whose statements must each commit (calibrate) is not at the
	// mercy of a global autocommit=0, under which its sessions held
	// their inserts open and the scratch schema's drop waited on their
	// metadata locks ("Lock wait timeout exceeded", MariaDB 10.11).
	Autocommit bool
}

// ErrSkipBinlogDenied says the account may not turn the binary log off for
// its own sessions (MySQL/MariaDB error 1227).
var ErrSkipBinlogDenied = errors.New("this account may not set sql_log_bin (SUPER needed, or BINLOG ADMIN on MariaDB 10.5.2+, SYSTEM_VARIABLES_ADMIN on MySQL 8)")

// ErrSkipWsrepDenied says the account may not turn Galera replication off
// for its own sessions (error 1227 on SET wsrep_on).
var ErrSkipWsrepDenied = errors.New("this account may not set wsrep_on (SUPER needed)")

// erSpecificAccessDenied is ER_SPECIFIC_ACCESS_DENIED_ERROR (MySQL and
// MariaDB error reference): "you need (at least one of) the X privilege(s)".
const erSpecificAccessDenied = 1227

// Open connects the way Read does (c.Endpoints in order, the connect
// timeout, read and write timeouts of c.QueryTimeout) and returns the pool,
// for a caller that sends statements of its own (calibrate). An
// access-denied answer gives an *AuthError, a cancelled ctx gives
// ctx.Err(), and no reachable endpoint an error naming each one tried
// (without the password). The caller closes the pool.
func Open(ctx context.Context, c Conn, o OpenOptions) (*sql.DB, error) {
	quietDriver.Do(func() { _ = mysql.SetLogger(log.New(io.Discard, "", 0)) })
	n := o.MaxConns
	if n <= 0 {
		n = maxOpenConns
	}
	var tried []string
	for _, ep := range c.Endpoints {
		o.MaxConns = n
		db, err := openPool(ctx, c, ep, o)
		if err == nil {
			return db, nil
		}
		if err := sessionDenied(err); err != nil {
			return nil, err
		}
		if ae, ok := asAuthError(err, c, ep); ok {
			return nil, ae
		}
		if ce := (*CAFileError)(nil); errors.As(err, &ce) {
			return nil, ce
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		tried = append(tried, fmt.Sprintf("%s: %s", ep, redact(err.Error(), c.password)))
	}
	return nil, &UnreachableError{Tried: tried}
}

// sessionDenied is the refusal of a session variable Open sets (error
// 1227), as ErrSkipWsrepDenied or ErrSkipBinlogDenied; nil for any other error.
func sessionDenied(err error) error {
	var se *sessionSetError
	var me *mysql.MySQLError
	if !errors.As(err, &se) || !errors.As(se.Err, &me) || me.Number != erSpecificAccessDenied {
		return nil
	}
	switch se.Set {
	case qSkipWsrep:
		return fmt.Errorf("%w: %s", ErrSkipWsrepDenied, me.Message)
	case qSkipBinlog:
		return fmt.Errorf("%w: %s", ErrSkipBinlogDenied, me.Message)
	}
	return nil
}

// openPool dials one endpoint with a pool of o.MaxConns connections and
// pings it within the connect timeout.
func openPool(ctx context.Context, c Conn, ep Endpoint, o OpenOptions) (*sql.DB, error) {
	cfg := mysql.NewConfig()
	cfg.User, cfg.Passwd = c.User, c.password
	cfg.Net, cfg.Addr = ep.Net, ep.Addr
	cfg.Timeout = c.ConnectTimeout
	rt := max(c.QueryTimeout, o.ReadTimeout)
	cfg.ReadTimeout, cfg.WriteTimeout = rt, rt
	cfg.InterpolateParams = o.InterpolateParams
	tlsName, err := c.tlsFor(ep)
	if err != nil {
		return nil, err
	}
	cfg.TLSConfig = tlsName
	conn, err := mysql.NewConnector(cfg)
	if err != nil {
		return nil, fmt.Errorf("configuring the connection: %w", err)
	}
	db := sql.OpenDB(sessionConnector{Connector: conn, sets: sessionSets(o)})
	db.SetMaxOpenConns(o.MaxConns)
	db.SetMaxIdleConns(o.MaxConns)
	pctx, cancel := context.WithTimeout(ctx, c.ConnectTimeout)
	defer cancel()
	if err := db.PingContext(pctx); err != nil {
		db.Close()
		if errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			return nil, silentDial(ctx, ep, c.ConnectTimeout)
		}
		return nil, err
	}
	return db, nil
}
