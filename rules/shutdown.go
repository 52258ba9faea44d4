package rules

import "strings"

// FastShutdownCrashLike is true when innodb_fast_shutdown is 2: InnoDB
// shuts down as if it crashed, writing its log but no page (MySQL 8.4
// manual, innodb_fast_shutdown: "InnoDB flushes its logs and shuts down
// cold, as if MySQL had crashed; no committed transactions are lost, but
// the crash recovery operation makes the next startup take longer").
func (e Env) FastShutdownCrashLike() bool {
	v, set := e.F.Raw["innodb_fast_shutdown"]
	return set && strings.TrimSpace(v) == "2"
}
