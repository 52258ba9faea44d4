package calibrate

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
)

// sessionRoom is how many more sessions calibrate may open on the server
// and what bounds that (0: unknown, nothing is capped by it).
type sessionRoom struct {
	free int
	why  string
}

// capThreads keeps the counts the sample's files and the room for sessions
// allow, and says why the others were left out.
func capThreads(want []int, files int, room sessionRoom) ([]int, []string) {
	var out []int
	var capped []string
	for _, n := range want {
		switch {
		case n > files:
			capped = append(capped, fmt.Sprintf("%d sessions: the sample has %d data files, and a loader's session loads whole files", n, files))
		case room.free > 0 && n > room.free:
			capped = append(capped, fmt.Sprintf("%d sessions: %s", n, room.why))
		default:
			out = append(out, n)
		}
	}
	return out, capped
}

// roomFor is the smallest of the server's free sessions (freeSessions),
// those the account may still open (accountRoom) and those this process's
// open-file limit leaves room for (fdRoom): an account limited by
// MAX_USER_CONNECTIONS or the global max_user_connections failed a whole
// run with error 1226 at the first count above its limit.
func roomFor(ctx context.Context, db *sql.DB, maxConns int) sessionRoom {
	room := sessionRoom{free: freeSessions(ctx, db, maxConns)}
	room.why = fmt.Sprintf("the server has %d free connections (max_connections less those open)", room.free)
	if acc, why := accountRoom(ctx, db); acc > 0 && (room.free <= 0 || acc < room.free) {
		room = sessionRoom{free: acc, why: why}
	}
	if fds, why := fdRoom(fdLimit()); fds > 0 && (room.free <= 0 || fds < room.free) {
		room = sessionRoom{free: fds, why: why}
	}
	return room
}

// freeSessions is max_connections less the open sessions and one for
// calibrate's own DDL; 0 when unknown (then nothing is capped by it).
func freeSessions(ctx context.Context, db *sql.DB, maxConns int) int {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	var name, val string
	if maxConns <= 0 || db.QueryRowContext(qc, qThreadsConnected.in("")).Scan(&name, &val) != nil {
		return 0
	}
	open, err := strconv.Atoi(val)
	if err != nil {
		return 0
	}
	return max(maxConns-open-1, 1)
}

// accountRoom is how many load sessions the account may open besides the
// one calibrate keeps for its DDL: the session's max_user_connections
// (the account's MAX_USER_CONNECTIONS when set, else the global one; the
// MySQL and MariaDB manuals, "Setting Account Resource Limits") less the
// account's sessions open now, this one included; 0 when unlimited or
// unknown.
func accountRoom(ctx context.Context, db *sql.DB) (int, string) {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	var limit int
	var account string
	if db.QueryRowContext(qc, qUserConnections.in("")).Scan(&limit, &account) != nil || limit <= 0 {
		return 0, ""
	}
	user := account
	if at := strings.LastIndexByte(account, '@'); at >= 0 {
		user = account[:at]
	}
	var open int
	if db.QueryRowContext(qc, qUserSessions.in(""), user).Scan(&open) != nil {
		return 0, ""
	}
	free := max(limit-open, 1)
	return free, fmt.Sprintf("account %s may open %d more connections (max_user_connections %d less its %d open)",
		account, free, limit, open)
}
