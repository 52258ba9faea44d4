package rules

import (
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestParallelApply: review r49, a MariaDB 10.11.19 replica at
// slave_parallel_threads 0, 36 s behind its source, was told only that
// slave_parallel_threads "lets it apply transactions in parallel"; measured,
// 8 threads caught up in 6.8 s where 0 took 55.9 s. replication.parallel_apply
// fires on a lagging MariaDB replica that applies serially, and only there.
func TestParallelApply(t *testing.T) {
	lagging := profile.Replication{Role: profile.RoleReplica, Channels: 1, Running: true, SecondsBehind: 36}
	caughtUp := profile.Replication{Role: profile.RoleReplica, Channels: 1, Running: true}
	stopped := profile.Replication{Role: profile.RoleReplica, Channels: 1, SecondsBehind: -1}
	source := profile.Replication{Role: profile.RoleSource, Replicas: 1}
	cases := []struct {
		name, flavor, version, threads, mode string
		rep                                  profile.Replication
		fires                                bool
		want, wantNot                        []string
	}{
		{"lagging, serial", "mariadb", "10.11.19", "0", "optimistic", lagging, true,
			[]string{"slave_parallel_threads is 0:", "With 8 worker threads", "55.9 s after the load with 0 threads",
				"6.8 s with 8", "STOP SLAVE SQL_THREAD; SET GLOBAL slave_parallel_threads = 8; START SLAVE SQL_THREAD",
				"(2 per commit with the current settings)"},
			[]string{"slave_parallel_mode is"}},
		{"lagging, mode conservative", "mariadb", "10.11.19", "0", "conservative", lagging, true,
			[]string{"slave_parallel_mode is conservative: only transactions the source committed together"}, nil},
		{"lagging, mode none", "mariadb", "10.11.19", "0", "none", lagging, true,
			[]string{"slave_parallel_mode is none, which applies nothing in parallel"}, nil},
		{"lagging, already parallel", "mariadb", "10.11.19", "4", "optimistic", lagging, false, nil, nil},
		{"caught up", "mariadb", "10.11.19", "0", "optimistic", caughtUp, false, nil, nil},
		{"stopped", "mariadb", "10.11.19", "0", "optimistic", stopped, false, nil, nil},
		{"source", "mariadb", "10.11.19", "0", "optimistic", source, false, nil, nil},
		{"MySQL replica", "mysql", "8.4.3", "0", "", lagging, false, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := quietProfile()
			setVersion(c.flavor, c.version)(&p)
			setVar("slave_parallel_threads", c.threads)(&p)
			setVar("slave_parallel_mode", c.mode)(&p)
			setVar("log_bin", "ON")(&p)
			setVar("sync_binlog", "1")(&p)
			setVar("innodb_flush_log_at_trx_commit", "1")(&p)
			replicaOf(c.rep)(&p)
			h := firedAs(t, p, "replication.parallel_apply", c.fires, c.want, c.wantNot)
			if c.fires && h.Recommended != "8" {
				t.Errorf("recommended %q, want 8", h.Recommended)
			}
		})
	}
}

// TestReplicaBehindText: replication.replica_behind says whether the
// replica applies in parallel already (review r49: it suggested
// slave_parallel_threads on a replica at 8) and what it holds to apply.
func TestReplicaBehindText(t *testing.T) {
	queued := int64(229134)
	cases := []struct {
		name, flavor, version, threads string
		queued                         *int64
		relay                          uint64
		want, wantNot                  []string
	}{
		{"MariaDB at 8 threads, backlog known", "mariadb", "10.11.19", "8", &queued, 512 << 20,
			[]string{"it applies in parallel already (slave_parallel_threads 8)",
				"It holds 229134 transactions fetched and not yet applied", "relay logs of 512.0 MiB on disk"},
			[]string{"lets it apply transactions in parallel", ", ,"}},
		{"MariaDB serial: points to the parallel_apply finding", "mariadb", "10.11.19", "0", nil, 0,
			[]string{"applies to it as to its source, and slave_parallel_threads 0 applies one transaction at a time (see the finding on it)"},
			[]string{"It holds", ", ,"}},
		{"MySQL, workers unread: the general advice", "mysql", "8.4.3", "", nil, 0,
			[]string{"replica_parallel_workers lets it apply transactions in parallel"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := quietProfile()
			setVersion(c.flavor, c.version)(&p)
			if c.threads != "" {
				setVar("slave_parallel_threads", c.threads)(&p)
			}
			replicaOf(profile.Replication{Role: profile.RoleReplica, Channels: 1, Running: true, SecondsBehind: 36,
				QueuedTransactions: c.queued, RelayLogBytes: c.relay})(&p)
			firedAs(t, p, "replication.replica_behind", true, c.want, c.wantNot)
		})
	}
}
