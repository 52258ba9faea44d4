package server

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"

	"github.com/go-sql-driver/mysql"
)

// noAnswer is true for an error that says the server sent nothing back in
// time (mytune's time limit, the driver's read timeout, or a connection
// the driver gave up on), not an answer such as an error number.
func noAnswer(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, mysql.ErrInvalidConn) || errors.Is(err, driver.ErrBadConn)
}

// stalled reports whether the server stopped answering. After a query
// that got no answer in time (r.silent names it), it asks SELECT
// @@version once within the connect timeout: a server that answers that
// was slow on one statement (a lock), and the read goes on; one that does
// not is hung or gone, and every later query is skipped. Each used to wait
// its own time limit in turn: a server stopped after SHOW GLOBAL
// VARIABLES held advise 65 s with --duration 4s (review r12).
func (r *reader) stalled(ctx context.Context) bool {
	if r.gone != "" || r.silent == "" || ctx.Err() != nil {
		return r.gone != ""
	}
	what := r.silent
	r.silent = ""
	limit := min(r.c.ConnectTimeout, r.c.QueryTimeout)
	qc, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	var v, comment sql.NullString
	err := r.db.QueryRowContext(qc, string(qVersion)).Scan(&v, &comment)
	if err == nil || !noAnswer(err) || ctx.Err() != nil {
		return false
	}
	r.gone = fmt.Sprintf("the server gave no answer to %s within its time limit, nor to SELECT @@version within %g s "+
		"after it: it is hung or gone (check its error log, SHOW PROCESSLIST from another session, and the network "+
		"between), so the rest was not asked, each would have waited as long", what, limit.Seconds())
	return true
}

// skip is true, and records what as not tried, when the server stopped
// answering (stalled): the first with why, the others in short.
func (r *reader) skip(ctx context.Context, what string) bool {
	if !r.stalled(ctx) {
		return false
	}
	reason := r.gone
	if r.goneSaid {
		reason = "the server stopped answering (said above)"
	}
	r.goneSaid = true
	r.s.Unread = append(r.s.Unread, what+": not tried: "+reason)
	return true
}

// heard notes a query that got no answer (noAnswer), for stalled.
func (r *reader) heard(what string, err error) {
	if r.silent == "" && r.gone == "" && noAnswer(err) {
		r.silent = what
	}
}
