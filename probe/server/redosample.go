package server

import "fmt"

// redoSample is the redo rate between two readings of
// Innodb_os_log_written elapsed seconds apart, -1 when it cannot be told.
// A counter that went back says the server restarted between them (the
// counter starts at 0 with the process, and FLUSH STATUS does not reset
// it): why then says so, since the settings read before may not be the
// ones it runs with now (review r12: a MariaDB restarted during advise
// left the rate silently on the lifetime average of the old process, and
// nothing said the server read was gone).
func redoSample(first, second, elapsed float64) (rate float64, why string) {
	switch {
	case second < first:
		return -1, fmt.Sprintf("Innodb_os_log_written went back from %.0f to %.0f bytes: the server restarted during the "+
			"measurement, so its redo rate is its lifetime average and the settings read before the restart may not be "+
			"the ones it runs with now; run mytune again", first, second)
	case elapsed <= 0:
		return -1, ""
	}
	return (second - first) / elapsed, ""
}
