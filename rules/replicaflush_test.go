package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// replicaOf sets the replication block the probe read.
func replicaOf(r profile.Replication) func(*profile.Profile) {
	return func(p *profile.Profile) { p.Server.Replication = &r }
}

// TestReplicaFlushText: review r24, a MariaDB 10.11 GTID replica at
// innodb_flush_log_at_trx_commit = 2 was told an OS crash "loses up to
// about a second of committed transactions", as a source is; its position
// goes back with what a crash loses and it fetches those again. The text
// says so on a replica by GTID position only: not on one by file and
// position, a source or a Galera node.
func TestReplicaFlushText(t *testing.T) {
	gtidReplica := profile.Replication{Role: profile.RoleReplica, Channels: 1, Running: true, GTIDPosition: true}
	filePos := gtidReplica
	filePos.GTIDPosition = false
	source := profile.Replication{Role: profile.RoleSource, Replicas: 1, GTIDPosition: true}
	cases := []struct {
		name   string
		mutate func(*profile.Profile)
		said   bool
	}{
		{"GTID replica", replicaOf(gtidReplica), true},
		{"replica by file and position", replicaOf(filePos), false},
		{"source", replicaOf(source), false},
		{"GTID replica that is a Galera node", all(replicaOf(gtidReplica), setVar("wsrep_on", "ON"),
			setVar("wsrep_provider", "/usr/lib/galera/libgalera_smm.so")), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := quietProfile()
			setVersion("mariadb", "10.11.19")(&p)
			setVar("innodb_flush_log_at_trx_commit", "2")(&p)
			c.mutate(&p)
			h, ok := fired(t, p, "strict", "")["durability.flush_log_strict"]
			if !ok || h.Recommended != "1" {
				t.Fatalf("durability.flush_log_strict did not fire with 1 (fired %v)", ok)
			}
			said := strings.Contains(h.RenderedDetail, "fetches and applies them again")
			if said != c.said {
				t.Errorf("replica text said %v, want %v: %s", said, c.said, h.RenderedDetail)
			}
		})
	}
}

// TestReplicaRelaxedText: review r49, a MariaDB 10.11.19 GTID replica
// advised with --durability relaxed on a slow disk was told an OS crash
// "can lose up to about a second of committed transactions", and that
// sync_binlog 1000 loses events "a replica that had not received them"
// misses, as a source is told. Each relaxed rule says what a crash takes
// from a replica by GTID position, and only there.
func TestReplicaRelaxedText(t *testing.T) {
	gtidReplica := profile.Replication{Role: profile.RoleReplica, Channels: 1, Running: true, GTIDPosition: true}
	withReplica := gtidReplica
	withReplica.Replicas = 1
	filePos := gtidReplica
	filePos.GTIDPosition = false
	cases := []struct {
		name string
		rep  profile.Replication
		said bool
		who  string
	}{
		{"GTID replica", gtidReplica, true, "(no replica of its own was connected when it was read)"},
		{"GTID replica with a replica of its own", withReplica, true, "(1 replica of its own reads it)"},
		{"replica by file and position", filePos, false, ""},
		{"source", profile.Replication{Role: profile.RoleSource, Replicas: 1}, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := quietProfile()
			setVersion("mariadb", "10.11.19")(&p)
			all(setVar("innodb_flush_log_at_trx_commit", "1"), setVar("log_bin", "ON"), setVar("sync_binlog", "1"),
				setVar("innodb_log_file_buffering", "OFF"), slowSync, replicaOf(c.rep))(&p)
			hits := fired(t, p, "relaxed", "")
			for _, id := range []string{"durability.flush_log_relaxed", "durability.log_file_buffering_relaxed",
				"durability.sync_binlog_relaxed"} {
				h, ok := hits[id]
				if !ok {
					t.Fatalf("%s did not fire", id)
				}
				said := strings.Contains(h.RenderedDetail, "fetches and applies them again") ||
					strings.Contains(h.RenderedDetail, "goes on replicating from its source")
				if said != c.said || (c.who != "" && id == "durability.sync_binlog_relaxed" &&
					!strings.Contains(h.RenderedDetail, c.who)) {
					t.Errorf("%s: replica text said %v, want %v (%q): %s", id, said, c.said, c.who, h.RenderedDetail)
				}
			}
		})
	}
}
