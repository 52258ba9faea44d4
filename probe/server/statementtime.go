package server

import (
	"errors"

	"github.com/go-sql-driver/mysql"
)

// erStatementTimeout is MariaDB's ER_STATEMENT_TIMEOUT: "Query execution
// was interrupted (max_statement_time exceeded)" (MariaDB KB, "MariaDB
// Error Codes", 1969).
const erStatementTimeout = 1969

// erQueryTimeout is MySQL's ER_QUERY_TIMEOUT: "Query execution was
// interrupted, maximum statement execution time exceeded" (MySQL 8.4
// "Server Error Message Reference", 3024).
const erQueryTimeout = 3024

// boundedReads maps a read the whole run rests on to its variant with its
// own max_statement_time (queries.go).
var boundedReads = map[query]query{
	qVersion:   qVersionBounded,
	qVariables: qVariablesBounded,
	qStatus:    qStatusBounded,
	qRedo:      qRedoBounded,
}

// statementBounded is the variant of q to send again after err, and true,
// when err is MariaDB's max_statement_time interrupting q and q has one;
// else q and false. Review r7: with SET GLOBAL max_statement_time=0.001 on
// MariaDB 10.11, SHOW GLOBAL VARIABLES was interrupted and advise stopped
// (exit 1) with "the server answered, then stopped answering … check it is
// still running", of a server that was running.
func statementBounded(q query, err error) (query, bool) {
	var me *mysql.MySQLError
	if !errors.As(err, &me) || me.Number != erStatementTimeout {
		return q, false
	}
	b, ok := boundedReads[q]
	if !ok {
		return q, false
	}
	return b, true
}
