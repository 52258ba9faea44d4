// Package pool_test reads real MariaDB servers whose buffer pool is
// smaller than their data, or than the 128M default, and checks that
// advise sizes the pool up with the numbers the finding states (issue 20,
// point 2): an idle server that has not yet run its workload must get the
// advice as well.
package pool_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mytune/mytune/advisor"
	"github.com/mytune/mytune/internal/claimcheck"
	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/probe"
	"github.com/mytune/mytune/probe/server"
	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// hostMemBytes and hostAvailBytes are the machine: 23 GiB of RAM,
// mostly free. They are set rather than read so the numbers do not move
// with what else runs on the test machine.
const (
	hostMemBytes   = 23 << 30
	hostAvailBytes = 21 << 30
)

// seed is one table to fill: rows of a wide indexed key and inline padding,
// so information_schema's DATA_LENGTH and INDEX_LENGTH reach the sizes of
// the issue without a workload.
type seed struct {
	table      string
	rows       int
	keyChars   int // width of the secondary-indexed column
	padBytes   int // inline padding per row
	wantDataMB [2]float64
	wantIdxMB  [2]float64
}

func TestMain(m *testing.M) { os.Exit(testmariadb.Main(m)) }

// poolAdviceOnRealServersCases are TestPoolAdviceOnRealServers' cases: the
// server's options, the data seeded into it, and the pool size advise must
// recommend.
var poolAdviceOnRealServersCases = []struct {
	name string
	opts []string
	seed seed
	// wantRec is the advised pool; wantSays what the detail must state.
	wantRec  string
	wantSays []string
}{
	{"128M pool, ~181M data + ~13M indexes", []string{"--innodb-buffer-pool-size=128M"},
		seed{"wide", 57920, 120, 2850, [2]float64{160, 200}, [2]float64{8, 20}}, "384M",
		[]string{"Sized to the data, not to memory", "more than the pool holds", "50% headroom to grow",
			"too short for its hit ratio", "Memory allows up to 17G", "The data sets the size: 384M"}},
	{"32M pool, ~40M data", []string{"--innodb-buffer-pool-size=32M"},
		seed{"forty", 12800, 0, 2950, [2]float64{30, 50}, [2]float64{0, 1}}, "128M",
		[]string{"Sized to the data, not to memory", "no secondary-index bytes",
			"The pool stays at least the server's 128.0 MiB default"}},
}

// TestPoolAdviceOnRealServers covers the two idle servers of issue 20 on a
// 23 GiB machine: a 128M pool under ~181M of data and ~13M of indexes is
// advised up to the data and indexes with headroom, whatever the step; a
// 32M pool under ~40M of data is raised to the 128M default.
func TestPoolAdviceOnRealServers(t *testing.T) {
	for _, tc := range poolAdviceOnRealServersCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			start := time.Now()
			srv := testmariadb.StartWith(t, tc.opts...)
			fill(t, srv, tc.seed)
			p := readProfile(t, srv)
			s := p.Server
			ws := s.Engines["InnoDB"].DataBytes + s.Engines["InnoDB"].IndexBytes
			t.Logf("read in %s: pool %s, InnoDB data %s + indexes %s = %s", time.Since(start).Round(time.Millisecond),
				s.Variables["innodb_buffer_pool_size"], profile.HumanBytes(s.Engines["InnoDB"].DataBytes),
				profile.HumanBytes(s.Engines["InnoDB"].IndexBytes), profile.HumanBytes(ws))
			checkSize(t, "InnoDB data", s.Engines["InnoDB"].DataBytes, tc.seed.wantDataMB)
			checkSize(t, "InnoDB indexes", s.Engines["InnoDB"].IndexBytes, tc.seed.wantIdxMB)
			if tc.wantRec == "384M" && rules.RoundPoolUp(uint64(float64(ws)*1.5)) != 384<<20 {
				t.Fatalf("the seeded working set %s does not round to 384M: adjust the seed", profile.HumanBytes(ws))
			}
			a, err := advisor.Advise(p, advisor.AdviseOptions{ToolVersion: "test"})
			if err != nil {
				t.Fatal(err)
			}
			f, ok := poolFinding(a)
			if !ok {
				t.Fatalf("no buffer pool advice; findings: %v", ids(a))
			}
			t.Logf("%s: %s → %s\n%s", f.ID, f.Current, f.Recommended, f.Detail)
			if f.Recommended != tc.wantRec {
				t.Errorf("recommended %s, want %s", f.Recommended, tc.wantRec)
			}
			says := append([]string{fmt.Sprintf("hold %s of data", profile.HumanBytes(s.Engines["InnoDB"].DataBytes)),
				profile.HumanBytes(ws) + " in all"}, tc.wantSays...)
			for _, w := range says {
				if !strings.Contains(f.Detail, w) {
					t.Errorf("the finding does not say %q", w)
				}
			}
			if !strings.Contains(a.Cnf, "innodb_buffer_pool_size = "+tc.wantRec) {
				t.Errorf("the cnf does not set the pool to %s:\n%s", tc.wantRec, a.Cnf)
			}
			checkClaims(t, p, f)
		})
	}
}

// fill creates and fills the seed table in one INSERT ... SELECT from the
// sequence engine, then ANALYZE TABLE so information_schema has its sizes.
func fill(t *testing.T, srv *testmariadb.Server, s seed) {
	t.Helper()
	db, err := srv.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	create := fmt.Sprintf("CREATE TABLE %s.%s (id INT PRIMARY KEY, pad VARBINARY(%d) NOT NULL) ENGINE=InnoDB",
		testmariadb.TestDatabase, s.table, s.padBytes)
	insert := fmt.Sprintf("INSERT INTO %s.%s SELECT seq, REPEAT('p', %d) FROM %s.seq_1_to_%d",
		testmariadb.TestDatabase, s.table, s.padBytes, testmariadb.TestDatabase, s.rows)
	if s.keyChars > 0 {
		create = fmt.Sprintf("CREATE TABLE %s.%s (id INT PRIMARY KEY, k CHAR(%d) NOT NULL, pad VARBINARY(%d) NOT NULL, KEY (k)) ENGINE=InnoDB",
			testmariadb.TestDatabase, s.table, s.keyChars, s.padBytes)
		insert = fmt.Sprintf("INSERT INTO %s.%s SELECT seq, LEFT(REPEAT(MD5(seq), 4), %d), REPEAT('p', %d) FROM %s.seq_1_to_%d",
			testmariadb.TestDatabase, s.table, s.keyChars, s.padBytes, testmariadb.TestDatabase, s.rows)
	}
	for _, q := range []string{create, insert, "ANALYZE TABLE " + testmariadb.TestDatabase + "." + s.table} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// readProfile probes the host and the server's datadir without measuring
// and reads the server through probe/server with the full test account,
// as mytune probe does; only the host memory is set (hostMemBytes).
func readProfile(t *testing.T, srv *testmariadb.Server) profile.Profile {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p, err := probe.Run(ctx, probe.Options{Datadir: srv.Datadir, Roots: probe.DefaultRoots, ToolVersion: "test"})
	if err != nil {
		t.Fatal(err)
	}
	conn, err := server.ResolveConn(server.ConnOptions{User: testmariadb.FullUser, Password: testmariadb.FullPassword,
		PasswordGiven: true, Socket: srv.Socket}, func(string) string { return "" }, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	conn.RedoSample = 200 * time.Millisecond
	if p.Server, err = server.Read(ctx, conn); err != nil {
		t.Fatal(err)
	}
	if !p.Server.Reachable || len(p.Server.Unread) > 0 {
		t.Fatalf("the server was not read in full: %s %v", p.Server.Error, p.Server.Unread)
	}
	p.Host.Memory = profile.Memory{TotalBytes: hostMemBytes, AvailableBytes: hostAvailBytes}
	return *p
}

// checkClaims fails when the finding's words and numbers disagree with the
// profile it was made from (internal/claimcheck).
func checkClaims(t *testing.T, p profile.Profile, f advisor.Finding) {
	t.Helper()
	cat, err := rules.Load(rules.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tg, _, err := rules.ResolveTarget(p, "")
	if err != nil {
		t.Fatal(err)
	}
	facts, err := rules.BuildFacts(p, tg)
	if err != nil {
		t.Fatal(err)
	}
	e := rules.NewEnv(p, facts, cat.Thresholds, advisor.DurabilityStrict)
	for _, msg := range claimcheck.Check(claimcheck.Finding{ID: f.ID, Summary: f.Summary, Detail: f.Detail,
		Variable: f.Variable, Current: f.Current, Recommended: f.Recommended}, e) {
		t.Errorf("claim: %s", msg)
	}
}

// checkSize fails when b is outside [lo, hi] MiB.
func checkSize(t *testing.T, what string, b uint64, mib [2]float64) {
	t.Helper()
	if got := float64(b) / (1 << 20); got < mib[0] || got > mib[1] {
		t.Errorf("%s is %.1f MiB, the seed aims at %.0f..%.0f MiB", what, got, mib[0], mib[1])
	}
}

// poolFinding is the finding that changes innodb_buffer_pool_size.
func poolFinding(a advisor.Advice) (advisor.Finding, bool) {
	for _, f := range a.Findings {
		if f.Variable == "innodb_buffer_pool_size" {
			return f, true
		}
	}
	return advisor.Finding{}, false
}

// ids lists the findings' ids.
func ids(a advisor.Advice) []string {
	var out []string
	for _, f := range a.Findings {
		out = append(out, f.ID)
	}
	return out
}
