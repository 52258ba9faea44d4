package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestGaleraCommitText: on a Galera node the commit-cost findings add the
// group's replication latency to each commit (review r43: a 2-node
// MariaDB 10.11.19 cluster whose disk synced 1914 times a second reported
// wsrep_evs_repl_latency 175 µs on average; "about 1914 commits/s" alone
// was said where one session made 493-1313/s).
func TestGaleraCommitText(t *testing.T) {
	galera := map[string]string{"wsrep_cluster_size": "2", "wsrep_evs_repl_latency": "1.962e-05/0.00017537/0.0573831/0.00104202/23069"}
	cases := []struct {
		name   string
		galera bool
		flush  int
		status map[string]string
		want   []string
	}{
		{"2 nodes, redo synced", true, 1, galera,
			[]string{"Galera cluster node of 2:", "averaged 175 µs (wsrep_evs_repl_latency, 23069 messages)", "at most about 1433 times a second"}},
		{"nothing synced at commit: the latency alone", true, 0, galera, []string{"at most about 5702 times a second"}},
		{"no samples yet", true, 1, map[string]string{"wsrep_cluster_size": "2", "wsrep_evs_repl_latency": "0/0/0/0/0"},
			[]string{"of 2:", "no samples to price it"}},
		{"alone in its cluster", true, 1, map[string]string{"wsrep_cluster_size": "1", "wsrep_evs_repl_latency": "3.74e-07/2.74439e-06/0.00147785/2.07513e-05/6051"},
			[]string{"node alone in its cluster:", "averaged 3 µs", "at most about 1904 times a second"}},
		{"no status read", true, 1, nil, []string{"Galera cluster node: a commit", "no samples"}},
		{"not a Galera node", false, 1, galera, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := Facts{Galera: c.galera, FlushLogAtTrxCommit: c.flush}
			f.readGaleraStatus(c.status)
			e := Env{F: f, Measured: true, Storage: profile.Storage{Fsync: profile.Latency{OpsPerS: 1914, MeanUS: 522}}}
			got := e.GaleraCommitText()
			if len(c.want) == 0 && got != "" {
				t.Fatalf("said %q", got)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q:\n%s", w, got)
				}
			}
		})
	}
}
