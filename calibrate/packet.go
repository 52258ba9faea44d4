package calibrate

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/mytune/mytune/profile"
)

// maxAllowedPacket is the server's @@global.max_allowed_packet, the
// largest statement the sessions calibrate opens may send; 0 when unknown.
func maxAllowedPacket(ctx context.Context, db *sql.DB) uint64 {
	qc, cancel := context.WithTimeout(ctx, DefaultQueryTimeout)
	defer cancel()
	var v sql.NullInt64
	if db.QueryRowContext(qc, qMaxAllowedPacket.in("")).Scan(&v) != nil || v.Int64 <= 0 {
		return 0
	}
	return uint64(v.Int64)
}

// packetError explains a failed INSERT of sent bytes that the server's
// max_allowed_packet (maxPacket) could not hold: the server drops the
// connection and the driver reports only that ("write: broken pipe",
// QA: a 37.2 MiB row of a mariadb-dump file against MariaDB 10.11.19's
// 16 MiB), so the error says why and what to run; nil when the statement
// fits or the limit is unknown (the caller reports err as it is).
func packetError(err error, path string, offset int64, sent int, maxPacket uint64) error {
	if maxPacket == 0 || uint64(sent) <= maxPacket {
		return nil
	}
	need := (uint64(sent)>>20 + 2) << 20 // whole MiB, a MiB over the statement, as advise --dump sizes it
	return fmt.Errorf("an INSERT of %s at byte %d is %s, more than the server's max_allowed_packet of %s, and the server dropped "+
		"the connection (%w): raise it while calibrating (SET GLOBAL max_allowed_packet = %d;), run calibrate again, then put it back "+
		"(SET GLOBAL max_allowed_packet = %d;)", path, offset, profile.HumanBytes(uint64(sent)), profile.HumanBytes(maxPacket), err, need, maxPacket)
}
