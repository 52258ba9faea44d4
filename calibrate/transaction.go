package calibrate

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"time"
)

// sendTx runs one of a transaction's statements (qBegin, qCommit,
// qRollback) on conn within timeout. calibrate sends them itself, tagged,
// on the connection that holds the transaction: database/sql's BeginTx and
// Commit would have the driver send them untagged.
func sendTx(ctx context.Context, conn *sql.Conn, q stmt, timeout time.Duration) error {
	qc, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	_, err := conn.ExecContext(qc, q.in(""))
	return err
}

// abandonTx rolls back whatever transaction a failed or cancelled batch
// left open on conn, also once ctx has ended: a connection that went back
// to the pool inside a transaction would keep its metadata locks, and the
// scratch schema's drop would wait on them. A connection that cannot roll
// back is closed instead of pooled (Raw returning driver.ErrBadConn).
func abandonTx(ctx context.Context, conn *sql.Conn, timeout time.Duration) {
	if sendTx(context.WithoutCancel(ctx), conn, qRollback, timeout) != nil {
		_ = conn.Raw(func(any) error { return driver.ErrBadConn })
	}
}
