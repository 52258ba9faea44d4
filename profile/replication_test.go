package profile

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestReplicationJSON: a caught-up replica writes seconds_behind 0 (QA: the
// key was left out, so a script read a healthy replica as unknown).
func TestReplicationJSON(t *testing.T) {
	b, err := json.Marshal(Replication{Role: RoleReplica, Channels: 1, Running: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"seconds_behind":0`) {
		t.Errorf("%s lacks seconds_behind 0", b)
	}
}

func TestLagBeyondDelay(t *testing.T) {
	for _, c := range []struct {
		name          string
		behind, delay int64
		want          int64
	}{
		{"no delay", 30, 0, 30}, {"at its delay", 40, 40, 0}, {"beyond", 100, 40, 60}, {"unknown", -1, 40, -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := (Replication{SecondsBehind: c.behind, SQLDelayS: c.delay}).LagBeyondDelay(); got != c.want {
				t.Errorf("got %d, want %d", got, c.want)
			}
		})
	}
}
