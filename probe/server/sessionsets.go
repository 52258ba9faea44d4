package server

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"
)

// sessionConnector is the driver's connector whose every new connection
// runs sets, each a tagged statement of queries.go, before database/sql
// uses it: the pool's sessions skip the binary log (or Galera replication)
// and commit each statement from the first one on.
type sessionConnector struct {
	driver.Connector
	sets []sessionSet
}

// Connect dials through the driver and sets the session up; a refused
// setting closes the connection and comes back as a *sessionSetError.
func (c sessionConnector) Connect(ctx context.Context) (driver.Conn, error) {
	dc, err := c.Connector.Connect(ctx)
	if err != nil || len(c.sets) == 0 {
		return dc, err
	}
	ex, ok := dc.(driver.ExecerContext)
	if !ok {
		dc.Close()
		return nil, errors.New("the MySQL driver's connection runs no statements: cannot set up the session (a bug in mytune: please report it)")
	}
	for _, s := range c.sets {
		if _, err := ex.ExecContext(ctx, string(s), nil); err != nil {
			dc.Close()
			return nil, &sessionSetError{Set: s, Err: err}
		}
	}
	return dc, nil
}

// sessionSets are the settings o asks for, in the order they are sent.
func sessionSets(o OpenOptions) []sessionSet {
	var sets []sessionSet
	if o.SkipBinlog {
		sets = append(sets, qSkipBinlog)
	}
	if o.SkipWsrep {
		sets = append(sets, qSkipWsrep)
	}
	if o.Autocommit {
		sets = append(sets, qAutocommit)
	}
	return sets
}

// sessionSetError is a session setting the server refused.
type sessionSetError struct {
	Set sessionSet
	Err error
}

// Error names the setting (without the tag) and the server's answer.
func (e *sessionSetError) Error() string {
	return fmt.Sprintf("%s: %v", strings.TrimPrefix(string(e.Set), "/* mytune */ "), e.Err)
}

// Unwrap is the server's answer.
func (e *sessionSetError) Unwrap() error { return e.Err }
