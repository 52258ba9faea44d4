package rules

import (
	"strconv"
	"strings"
)

// The thread cache as rule expressions see it. With thread_cache_size 0
// every connection creates a thread and every disconnect ends it (MySQL
// 8.4 manual, thread_cache_size; Threads_created counts the threads made
// because the cache had none).

// ThreadCacheSize is thread_cache_size as the server reads it (-1 when it
// is not known or does not parse).
func (e Env) ThreadCacheSize() int {
	n, err := strconv.Atoi(strings.TrimSpace(e.F.Raw["thread_cache_size"]))
	if err != nil {
		return -1
	}
	return n
}

// ThreadPerConnection is true when each connection runs on a thread of
// its own, the only handling the thread cache serves: thread_handling
// one-thread-per-connection, or not known (the default of both flavors).
// Under pool-of-threads (MariaDB's thread pool) or loaded-dynamically (a
// thread pool plugin) a pool of workers serves every connection: measured
// on MariaDB 10.11.19 with pool-of-threads and thread_cache_size 0, 31
// connections made 2 threads (Threads_created 2 → 4, Connections 3 → 34);
// MariaDB KB, Threads_cached: always 0 with pool-of-threads.
func (e Env) ThreadPerConnection() bool {
	h := strings.ToLower(strings.TrimSpace(e.F.Raw["thread_handling"]))
	return h == "" || h == "one-thread-per-connection"
}

// ThreadCacheTarget is the flavor's own default for the current
// max_connections: MariaDB 256, at most max_connections (MariaDB KB,
// thread_cache_size); MySQL 8 + max_connections / 100, at most 100 (MySQL
// 8.4 manual, thread_cache_size autosizing).
func (e Env) ThreadCacheTarget() int {
	mc := max(e.F.MaxConnections, 1)
	if e.F.IsMariaDB() {
		return min(256, mc)
	}
	return min(8+mc/100, 100)
}

// ThreadsCreatedText gives Threads_created of Connections since start, or
// "" when the server's status does not say.
func (e Env) ThreadsCreatedText() string {
	u := e.F.Usage
	if !e.F.HasServer || u.ThreadsCreated < 0 || u.Connections <= 0 {
		return ""
	}
	return " Since the server started, " + e.N(u.ThreadsCreated) + " of its " + e.N(u.Connections) +
		" connections had to create a thread (Threads_created / Connections)."
}
