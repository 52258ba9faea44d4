package advisor

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/mytune/mytune/advisor/threads"
	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// plainValue is a value SET GLOBAL takes as it is: a number or a word.
var plainValue = regexp.MustCompile(`^(-?[0-9]+(\.[0-9]+)?|[A-Za-z_][A-Za-z0-9_]*)$`)

// suffixedSize is a whole number with a K/M/G/T suffix (my.cnf spelling).
var suffixedSize = regexp.MustCompile(`^[0-9]+[KMGTkmgt]$`)

// ApplyNow is the SET GLOBAL statements that put the cnf's settings that
// need no restart into effect on the running server: the my.cnf lines only
// take effect at its next start (QA: "append it, then restart where
// marked" left five dynamic settings waiting for a restart no one
// planned). Sizes are given in bytes, since SET GLOBAL takes no K/M/G
// suffix (MySQL manual, "Using System Variables": suffixes are for option
// files and the command line only). Findings marked restart_required,
// variables the target does not accept and those a read-only InnoDB
// refuses (readOnlyRefuses) are left out. A line that stalled a server
// under load says so beside it (loadNote).
func ApplyNow(a Advice, v profile.Version) []string {
	out := []string{}
	for _, f := range ioCapacityOrder(a.Findings) {
		if f.Variable == "" || f.Recommended == "" || f.RestartRequired || !rules.Accepts(a.Target.Flavor, v, f.Variable) ||
			readOnlyRefuses(a, f.Variable) {
			continue
		}
		line := fmt.Sprintf("SET GLOBAL %s = %s;", f.Variable, sqlValue(f.Variable, f.Recommended))
		if f.Variable == "innodb_buffer_pool_size" {
			line = onlinePoolLine(a, v, f.Recommended, line)
		}
		if f.Variable == "slave_parallel_threads" {
			line = sqlThreadStopped(a, line)
		}
		out = append(out, withNote(line, loadNote(f)))
	}
	return out
}

// onlinePoolLine is the SET GLOBAL for a MySQL or Percona buffer pool,
// taken down to a multiple of innodb_buffer_pool_chunk_size × the
// instances the running server has: an online resize aligns the size up
// to that (MySQL 8.4 manual, "Configuring InnoDB Buffer Pool Size": also
// "while the server is running"; instances are read-only), while the
// cnf's value is laid out afresh at a restart (one instance below 1G). QA:
// 896M on a server running 2 instances would have become 1024M online,
// above what the memory check allowed. MariaDB 10.2.2-10.4 resize the
// same way (their buffer pool code is MySQL 5.7's, instances included:
// MariaDB KB, "Setting Innodb Buffer Pool Size Dynamically"); 10.5
// ignores the instances and 10.6 removed them (MDEV-15058).
func onlinePoolLine(a Advice, v profile.Version, rec, line string) string {
	s := a.Profile.Server
	if (a.Target.IsMariaDB() && v.AtLeast(10, 5, 0)) || s == nil || !s.Reachable {
		return line
	}
	want, err1 := profile.ParseSize(rec)
	chunk, err2 := profile.ParseSize(s.Variables["innodb_buffer_pool_chunk_size"])
	inst, err3 := profile.ParseSize(s.Variables["innodb_buffer_pool_instances"])
	if err1 != nil || err2 != nil || err3 != nil || chunk == 0 || inst == 0 {
		return line
	}
	unit := chunk * inst
	if want%unit == 0 || want < unit {
		return line
	}
	down := want / unit * unit
	return fmt.Sprintf("SET GLOBAL innodb_buffer_pool_size = %d; -- %s taken down to a multiple of the running %d instance(s) "+
		"x %s chunks, as an online resize rounds up to it; the my.cnf's %s applies at the next start", down, rec, inst,
		profile.FormatSize(chunk), rec)
}

// sqlValue spells a cnf value for SET GLOBAL: a size in bytes, a number
// or word as it is, anything else quoted.
func sqlValue(name, value string) string {
	if rules.VariableKind(name) == rules.KindSize || suffixedSize.MatchString(value) {
		if n, err := profile.ParseSize(value); err == nil {
			return fmt.Sprint(n)
		}
	}
	if plainValue.MatchString(value) {
		return value
	}
	return "'" + strings.ReplaceAll(strings.ReplaceAll(value, `\`, `\\`), "'", `\'`) + "'"
}

// ioCapacityOrder puts innodb_io_capacity_max before innodb_io_capacity
// when the new capacity is above the max in effect: the server checks
// each SET GLOBAL against the other (MySQL 8.4 manual,
// innodb_io_capacity_max: innodb_io_capacity may not exceed it; MariaDB
// KB likewise), so raising both in the other order trips that check.
func ioCapacityOrder(fs []Finding) []Finding {
	ci, mi := -1, -1
	for i, f := range fs {
		switch f.Variable {
		case "innodb_io_capacity":
			ci = i
		case "innodb_io_capacity_max":
			mi = i
		}
	}
	if ci < 0 || mi < 0 || mi < ci {
		return fs
	}
	newCap, err1 := profile.ParseSize(fs[ci].Recommended)
	curMax, err2 := profile.ParseSize(fs[mi].Current)
	if err1 != nil || err2 != nil || newCap <= curMax {
		return fs
	}
	out := append([]Finding(nil), fs...)
	out[ci], out[mi] = out[mi], out[ci]
	return out
}

// readOnlyRefuses is true for a variable whose SET GLOBAL a server with
// innodb_read_only ON refuses: MariaDB 10.11.19 started with
// --innodb-read-only=ON answered SET GLOBAL innodb_log_file_size with
// "ERROR 1836 (HY000): Running in read-only mode" (review r19: the line
// was printed to be pasted); innodb_buffer_pool_size, innodb_io_capacity,
// sync_binlog and thread_cache_size were taken.
func readOnlyRefuses(a Advice, name string) bool {
	return name == "innodb_log_file_size" && threads.InnoDBReadOnly(&a.Profile)
}

// sqlThreadStopped wraps a SET GLOBAL slave_parallel_threads in a stop and
// start of the replication SQL thread: MariaDB 10.11.19 refuses it while a
// replica runs (ERROR 1198, "This operation cannot be performed as you have
// a running slave", review r49), and takes it with only the SQL thread
// stopped, the I/O thread still fetching. Several connections are stopped
// and started together (STOP ALL SLAVES SQL_THREAD, also taken live).
func sqlThreadStopped(a Advice, line string) string {
	stop, start := "STOP SLAVE SQL_THREAD;", "START SLAVE SQL_THREAD;"
	if s := a.Profile.Server; s != nil && s.Replication != nil && s.Replication.Channels > 1 {
		stop, start = "STOP ALL SLAVES SQL_THREAD;", "START ALL SLAVES SQL_THREAD;"
	}
	return stop + " " + line + " " + start
}
