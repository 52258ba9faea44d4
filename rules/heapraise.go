package rules

import "fmt"

// heapRaisedText says, after "an in-memory temporary table of up to X"
// with tmp_table_size tmp, that X assumes max_heap_table_size raised to
// match tmp_table_size (heapAfter: memory.tmp_table_size_mismatch), and
// what bounds the tables now; "" when X is what bounds them now. Without
// it a MariaDB my.cnf with tmp_table_size 64M and max_heap_table_size 8M
// read "40 connections, each with 2.9 MiB of buffers and an in-memory
// temporary table of up to 64.0 MiB, may take 2.6 GiB at once" right
// after "the smaller of tmp_table_size (64.0 MiB) and max_heap_table_size
// (8.0 MiB)": the 40 connections take 436 MiB now.
func (e Env) heapRaisedText(tmp uint64, conns int) string {
	now := min(tmp, e.F.MaxHeapTableBytes)
	if !e.heapLimited() || e.tmpCap(tmp, conns) <= now {
		return ""
	}
	return fmt.Sprintf(" once max_heap_table_size is raised to match tmp_table_size (memory.tmp_table_size_mismatch; "+
		"max_heap_table_size %s holds each to %s now)", e.Human(e.F.MaxHeapTableBytes), e.Human(now))
}

// PerConnNowText follows memory.max_connections_memory's figure for one
// connection (ConnPlanBytes) with what it is now when that differs, and
// why: the buffer advice lowers it, or it assumes max_heap_table_size
// raised to tmp_table_size (heapRaisedText). It said "lowered by the
// buffer advice here" of 66.9 MiB against 10.9 MiB now.
func (e Env) PerConnNowText() string {
	plan, now := e.ConnPlanBytes(), e.PerConnBytes()
	switch {
	case plan == now:
		return ""
	case plan < now:
		return "; " + e.Human(now) + " now, lowered by the buffer advice here"
	}
	return e.heapRaisedText(e.F.TmpTableBytes, e.F.MaxConnections) + "; " + e.Human(now) + " a connection now"
}

// HeapRaisedText is heapRaisedText for tmp_table_size as set and
// max_connections, for rule templates.
func (e Env) HeapRaisedText() string {
	return e.heapRaisedText(e.F.TmpTableBytes, e.bufConns())
}
