package calibrate

import (
	"errors"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestTxnCredit: only committed statements reach the step's counts; a
// transaction a deadlock rolled back adds nothing (issue 10: a 4-session
// calibrate step stopped on "Deadlock found when trying to get lock").
func TestTxnCredit(t *testing.T) {
	tests := []struct {
		name       string
		batched    bool
		steps      func(tx *txn)
		bytes, rws uint64
		stmts      int
	}{
		{"autocommit: each statement counts", false, func(tx *txn) {
			tx.pend(100, 10, true)
			_ = tx.done(t.Context())
			tx.pend(50, 5, true)
			_ = tx.done(t.Context())
		}, 150, 15, 2},
		{"batched, not yet committed: nothing counts", true, func(tx *txn) {
			tx.pend(100, 10, true)
			_ = tx.done(t.Context())
		}, 0, 0, 0},
		{"batched, a deadlock rolls the batch back", true, func(tx *txn) {
			tx.pend(100, 10, true)
			_ = tx.done(t.Context())
			tx.rollback(t.Context())
			tx.pend(40, 4, true)
			_ = tx.done(t.Context())
			// the second batch is still open: nothing of it counts yet
		}, 0, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var commits atomic.Int64
			tx := &txn{batched: tc.batched, every: 1000, commits: &commits}
			tc.steps(tx)
			s := &loadStep{}
			var tl tally
			s.credit(tx, &tl, 0)
			if tl.bytes != tc.bytes || tl.rows != tc.rws || s.statements.Load() != int64(tc.stmts) || s.rows.Load() != tc.rws {
				t.Errorf("credited %d bytes, %d rows, %d statements (step rows %d); want %d, %d, %d",
					tl.bytes, tl.rows, s.statements.Load(), s.rows.Load(), tc.bytes, tc.rws, tc.stmts)
			}
		})
	}
}

func TestIsDeadlock(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"1213 wrapped", fmt.Errorf("an INSERT: %w", &mysql.MySQLError{Number: 1213, Message: "Deadlock found when trying to get lock"}), true},
		{"lock wait timeout is not a rollback of the transaction", &mysql.MySQLError{Number: 1205}, false},
		{"other error", errors.New("broken pipe"), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := isDeadlock(tc.err); got != tc.want {
				t.Errorf("isDeadlock = %v, want %v", got, tc.want)
			}
		})
	}
}
