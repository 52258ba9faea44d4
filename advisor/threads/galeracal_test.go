package threads

import (
	"strings"
	"testing"
)

// TestGaleraCalibrated: a calibration used for a Galera node is said to
// have measured with wsrep_on = 0 (review r39's open item, fixed in r46).
func TestGaleraCalibrated(t *testing.T) {
	cases := []struct {
		name string
		vars map[string]string
		cal  *Calibration
		want bool
	}{
		{"Galera node, calibrated: said", galeraVars(nil), cardCalibration(), true},
		{"Galera node, no calibration: not said", galeraVars(nil), nil, false},
		{"wsrep_on OFF, calibrated: not said", galeraVars(map[string]string{"wsrep_on": "OFF"}), cardCalibration(), false},
		{"no Galera variables, calibrated: not said", map[string]string{}, cardCalibration(), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := cardProfile("db1")
			for k, v := range c.vars {
				p.Server.Variables[k] = v
			}
			plan := Size(p, Options{Task: TaskLoad, Calibration: c.cal})
			got := strings.Contains(strings.Join(plan.Notes, "\n"), "ran its sessions with wsrep_on = 0")
			if got != c.want {
				t.Errorf("said %v, want %v; basis %q, notes %q", got, c.want, plan.Load.Basis, plan.Notes)
			}
		})
	}
}
