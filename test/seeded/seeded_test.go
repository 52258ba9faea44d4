// Package seeded_test starts a real MariaDB seeded with a dozen classic
// misconfigurations, loads data and runs a read workload to move its
// counters, probes it with the mytune binary on a throttled HDD-like bed
// (scripts/testbed.sh "hdd": 150 IOPS, 120 MB/s; as non-root, the storage
// of a 7200 rpm disk is filled in instead), and checks that advise catches
// every fault with the right fix; then that a sane server on the same disk
// gets nothing to change (issue 11).
package seeded_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/mytune/mytune/advisor"
	"github.com/mytune/mytune/internal/claimcheck"
	"github.com/mytune/mytune/internal/testbed"
	"github.com/mytune/mytune/internal/testmariadb"
	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// hostMemBytes is the memory limit the advice is given for: a 4G
// container, so max_connections 5000 is the classic "on small RAM" fault.
const hostMemBytes = 4 << 30

// fault is one seeded misconfiguration: the mariadbd option, and the
// variable advise must change with a check of the value it recommends.
type fault struct {
	option, variable string
	ok               func(rec string) bool
	why              string
}

// is accepts exactly one value (case-insensitive).
func is(v string) func(string) bool { return func(r string) bool { return equalFold(r, v) } }

// sizeIn accepts a size within [lo, hi] bytes.
func sizeIn(lo, hi uint64) func(string) bool {
	return func(r string) bool { b, err := profile.ParseSize(r); return err == nil && b >= lo && b <= hi }
}

// intIn accepts an integer within [lo, hi].
func intIn(lo, hi int) func(string) bool {
	return func(r string) bool { n, err := strconv.Atoi(r); return err == nil && n >= lo && n <= hi }
}

var faults = []fault{
	{"--innodb-buffer-pool-size=32M", "innodb_buffer_pool_size", sizeIn(64<<20, 1<<30), "32M pool under ~100M of data, misses on a slow disk"},
	{"--innodb-flush-method=fsync", "innodb_flush_method", is("O_DIRECT"), "data cached twice on Linux"},
	{"--query-cache-type=1", "query_cache_type", is("OFF"), "query cache on with a low hit ratio"},
	{"--query-cache-size=512M", "query_cache_size", is("0"), "512M query cache"},
	{"--max-connections=5000", "max_connections", intIn(10, 1500), "5000 connections in a 4G container"},
	{"--log-bin", "", nil, "(turns the binary log on for sync_binlog)"},
	{"--sync-binlog=0", "sync_binlog", is("1"), "binary log not synced"},
	{"--innodb-flush-log-at-trx-commit=0", "innodb_flush_log_at_trx_commit", is("1"), "commits not synced"},
	{"--innodb-log-file-size=4M", "innodb_log_file_size", sizeIn(128<<20, 1<<30), "tiny redo log"},
	{"--innodb-io-capacity=20000", "innodb_io_capacity", intIn(100, 400), "io_capacity 20000 on a disk doing ~150 IOPS"},
	{"--innodb-io-capacity-max=40000", "innodb_io_capacity_max", intIn(100, 800), "io_capacity_max 40000"},
	// 696 connections (after the buffer advice) x a 256M temporary table do not fit the 4G container next to
	// the pool: tmp_table_size is lowered to at most max_heap_table_size, which also ends the mismatch (fix13b).
	{"--tmp-table-size=256M", "tmp_table_size", sizeIn(1<<20, 16<<20), "tmp_table_size 256M above max_heap_table_size 16M"},
	{"--innodb-file-per-table=OFF", "innodb_file_per_table", is("ON"), "tables in ibdata1"},
	{"--sort-buffer-size=64M", "sort_buffer_size", is("2M"), "64M per-connection sort buffer"},
	{"--innodb-doublewrite=0", "innodb_doublewrite", is("ON"), "torn pages unprotected"},
	{"--innodb-flush-neighbors=0", "innodb_flush_neighbors", is("1"), "no neighbour flushing on a disk that seeks"},
}

// saneOptions fit the same disk and container: nothing should change.
var saneOptions = []string{"--innodb-buffer-pool-size=256M", "--innodb-log-file-size=256M",
	"--innodb-io-capacity=100", "--innodb-io-capacity-max=200"}

func TestSeededMisconfigurations(t *testing.T) {
	if testing.Short() {
		t.Skip("starts three MariaDB servers and measures a bed for about a minute; skipped with -short")
	}
	bin := buildMytune(t)
	var opts []string
	for _, f := range faults {
		opts = append(opts, f.option)
	}
	bad := testmariadb.StartWith(t, opts...)
	workload(t, bad)
	dir, bed := measureDir(t)
	badProfile := probeServer(t, bin, bad, dir, bed, nil)
	a := advise(t, bin, badProfile)
	checkClaims(t, a, badProfile)
	checkCaught(t, a)

	// The advice applied: the faulty server restarted with the cnf lines
	// after its faults must start, and be advised nothing more.
	fixOpts := append(append([]string{}, opts...), cnfOptions(a.Cnf)...)
	t.Logf("restarting with the advice: %q", cnfOptions(a.Cnf))
	fixed := testmariadb.StartWith(t, fixOpts...)
	workload(t, fixed)
	fixedProfile := probeServer(t, bin, fixed, dir, bed, &badProfile.Storage)
	a = advise(t, bin, fixedProfile)
	checkClaims(t, a, fixedProfile)
	checkNoChange(t, "after the advice", a)

	sane := testmariadb.StartWith(t, saneOptions...)
	workload(t, sane)
	saneProfile := probeServer(t, bin, sane, dir, bed, &badProfile.Storage)
	a = advise(t, bin, saneProfile)
	checkClaims(t, a, saneProfile)
	checkNoChange(t, "sane server", a)
}

// checkCaught fails for every seeded fault the advice misses or fixes wrongly.
func checkCaught(t *testing.T, a advisor.Advice) {
	t.Helper()
	got := map[string]advisor.Finding{}
	for _, f := range a.Findings {
		if f.Variable != "" {
			got[f.Variable] = f
		}
	}
	caught := 0
	for _, f := range faults {
		if f.variable == "" {
			continue
		}
		fd, ok := got[f.variable]
		switch {
		case !ok:
			t.Errorf("missed %s (%s): no finding changes %s", f.option, f.why, f.variable)
		case !f.ok(fd.Recommended):
			t.Errorf("%s (%s): %s recommends %s → %s, not the right fix [%s]: %s", f.option, f.why, fd.ID, fd.Current, fd.Recommended, fd.ID, fd.Detail)
		default:
			caught++
			t.Logf("caught %-36s %s: %s → %s [%s]", f.option, f.variable, fd.Current, fd.Recommended, fd.ID)
		}
	}
	t.Logf("caught %d of %d seeded faults", caught, len(faults)-1)
}

// checkNoChange fails for every finding that would change a setting, and
// for a cnf fragment with an option line.
func checkNoChange(t *testing.T, who string, a advisor.Advice) {
	t.Helper()
	for _, f := range a.Findings {
		if f.Variable != "" {
			t.Errorf("%s: %s would change %s %s → %s: %s", who, f.ID, f.Variable, f.Current, f.Recommended, f.Detail)
		}
	}
	if containsSetting(a.Cnf) {
		t.Errorf("%s got a my.cnf fragment:\n%s", who, a.Cnf)
	}
}

// checkClaims fails on a finding whose words and numbers disagree with
// the profile it was made from (internal/claimcheck).
func checkClaims(t *testing.T, a advisor.Advice, p profile.Profile) {
	t.Helper()
	cat, err := rules.Load(rules.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	tg, _, err := rules.ResolveTarget(p, "")
	if err != nil {
		t.Fatal(err)
	}
	f, err := rules.BuildFacts(p, tg)
	if err != nil {
		t.Fatal(err)
	}
	e := rules.NewEnv(p, f, cat.Thresholds, "strict")
	for _, fd := range a.Findings {
		for _, msg := range claimcheck.Check(claimcheck.Finding{ID: fd.ID, Summary: fd.Summary, Detail: fd.Detail,
			Variable: fd.Variable, Current: fd.Current, Recommended: fd.Recommended}, e) {
			t.Errorf("claim: %s\n  %s", msg, fd.Detail)
		}
	}
	for _, msg := range claimcheck.CheckText(a.Verdict, e) {
		t.Errorf("verdict: %s", msg)
	}
}

// equalFold compares case-insensitively.
func equalFold(a, b string) bool { return len(a) == len(b) && (a == b || upper(a) == upper(b)) }

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 32
		}
	}
	return string(b)
}

// cnfOptions turns the "name = value" lines of a cnf fragment into
// mariadbd command-line options (later options win over the faults).
func cnfOptions(cnf string) []string {
	var out []string
	for _, l := range splitLines(cnf) {
		if l == "" || l[0] == '#' || l[0] == '[' {
			continue
		}
		for i := 0; i < len(l); i++ {
			if l[i] == '=' {
				out = append(out, "--"+trim(l[:i])+"="+trim(l[i+1:]))
				break
			}
		}
	}
	return out
}

// trim drops surrounding blanks.
func trim(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
		s = s[:len(s)-1]
	}
	return s
}

// containsSetting is true when a cnf fragment has an option line.
func containsSetting(cnf string) bool {
	for _, l := range splitLines(cnf) {
		if l != "" && l[0] != '#' && l[0] != '[' {
			return true
		}
	}
	return false
}

func splitLines(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '\n' {
			line := s[start:i]
			for len(line) > 0 && (line[0] == ' ' || line[0] == '\t') {
				line = line[1:]
			}
			out = append(out, line)
			start = i + 1
		}
	}
	return out
}

// workload loads ~100M of rows and runs random point reads and a few
// repeated ones, so the pool misses and the query cache counters move.
func workload(t *testing.T, s *testmariadb.Server) {
	t.Helper()
	db, err := s.Root()
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	for _, q := range []string{"CREATE DATABASE seed",
		"CREATE TABLE seed.t (id INT PRIMARY KEY, k INT NOT NULL, pad CHAR(250) NOT NULL) ENGINE=InnoDB",
		"INSERT INTO seed.t SELECT seq, seq % 1000, REPEAT(CHAR(65 + seq % 26), 250) FROM seed.seq_1_to_300000",
		"ANALYZE TABLE seed.t"} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.SetMaxOpenConns(4)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(seed int64) {
			defer wg.Done()
			errs <- reads(ctx, db, rand.New(rand.NewSource(seed)))
		}(int64(w))
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
}

// reads runs random point SELECTs and a few repeated ones.
func reads(ctx context.Context, db *sql.DB, r *rand.Rand) error {
	var pad string
	for i := 0; i < 15000; i++ {
		id := r.Intn(300000) + 1
		if i%50 == 0 {
			id = 1
		}
		if err := db.QueryRowContext(ctx, "SELECT pad FROM seed.t WHERE id = "+strconv.Itoa(id)).Scan(&pad); err != nil {
			return fmt.Errorf("reading row %d: %w", id, err)
		}
	}
	return nil
}

// measureDir gives the directory to measure: a throttled HDD bed as root,
// else "" (the storage is then filled in by hddStorage, as it is with
// MYTUNE_SEEDED_CANNED=1, which checks that path as root).
func measureDir(t *testing.T) (string, *testbed.Bed) {
	t.Helper()
	if os.Geteuid() != 0 || os.Getenv("MYTUNE_SEEDED_CANNED") == "1" {
		return "", nil
	}
	b := testbed.Up(t, "claims-seed", "hdd")
	return b.Dir, b
}

// probeServer runs mytune probe on the server (inside the bed's cgroup
// when there is a bed) and returns the profile, with the host memory
// limited to hostMemBytes and, when given, the storage replaced.
func probeServer(t *testing.T, bin string, s *testmariadb.Server, dir string, bed *testbed.Bed, st *profile.Storage) profile.Profile {
	t.Helper()
	out := filepath.Join(t.TempDir(), "profile.json")
	args := []string{"probe", "-h", "127.0.0.1", "-P", strconv.Itoa(s.Port), "-u", testmariadb.FullUser,
		"--format", "json", "--out", out}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	var cmd *exec.Cmd
	switch {
	case st != nil || bed == nil:
		cmd = exec.CommandContext(ctx, bin, append(args, "--datadir", t.TempDir(), "--no-measure")...)
	default:
		cmd = bed.Command(ctx, bin, append(args, "--datadir", dir, "--duration", "15s")...)
	}
	cmd.Env = append(os.Environ(), "MYSQL_PWD="+testmariadb.FullPassword, "NO_COLOR=1")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mytune probe: %v\n%s", err, b)
	}
	p := readProfile(t, out)
	if p.Server == nil || !p.Server.Reachable {
		t.Fatalf("the probe did not read the server: %+v", p.Server)
	}
	switch {
	case st != nil:
		p.Storage = *st
	case bed == nil:
		p.Storage = hddStorage()
	}
	p.Host.Memory.LimitBytes = hostMemBytes
	t.Logf("storage %s: seq write %.0f MB/s, QD1 random write %v, read %v, fsync p50 %.0f µs (%.0f/s); pool hit ratio %.4f, %d tables, %d data bytes",
		p.Storage.Class, p.Storage.SeqWrite.MBPerS, p.Storage.RandWrite, p.Storage.RandRead, p.Storage.Fsync.P50US,
		p.Storage.Fsync.OpsPerS, p.Server.BufferPoolHitRatio, p.Server.Tables, p.Server.DataBytes)
	return p
}

// readProfile loads a profile written by the probe.
func readProfile(t *testing.T, path string) profile.Profile {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var p profile.Profile
	if err := json.Unmarshal(b, &p); err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	return p
}

// hddStorage is a 7200 rpm SATA disk as measured (the hdd-mariadb1011
// scenario of advisor/testdata): for runs without root and beds.
func hddStorage() profile.Storage {
	curve := func(iops float64, p50 float64) []profile.ThreadPoint {
		var out []profile.ThreadPoint
		for _, n := range []int{1, 2, 4, 8, 16} {
			out = append(out, profile.ThreadPoint{Threads: n, IOPS: iops, P50US: p50 * float64(n), P99US: 3 * p50 * float64(n)})
		}
		return out
	}
	return profile.Storage{Path: "/srv/mysql", FSType: "ext4", Measured: true, DirectIO: true, Class: profile.ClassHDD,
		Device:   profile.Device{Name: "sda1", Transport: "sata", RotationalFlag: true},
		SeqWrite: profile.Throughput{MBPerS: 160}, Fsync: profile.Latency{P50US: 8300, P99US: 16500, MaxUS: 40000, OpsPerS: 120},
		RandWrite: curve(150, 6600), RandRead: curve(140, 7000), FreeBytes: 400 << 30, TotalBytes: 900 << 30}
}

// advise runs mytune advise on the profile and returns the advice.
func advise(t *testing.T, bin string, p profile.Profile) advisor.Advice {
	t.Helper()
	dir := t.TempDir()
	in := filepath.Join(dir, "in.json")
	b, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, b, 0o600); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, "advise", "--from", in, "--format", "json").Output()
	if err != nil {
		t.Fatalf("mytune advise: %v", err)
	}
	var a advisor.Advice
	if err := json.Unmarshal(out, &a); err != nil {
		t.Fatalf("reading the advice: %v\n%s", err, out)
	}
	text, _ := exec.CommandContext(ctx, bin, "advise", "--from", in).Output()
	t.Logf("mytune advise:\n%s", text)
	return a
}

// buildMytune builds the binary under test.
func buildMytune(t *testing.T) string {
	t.Helper()
	root, err := testbed.ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "mytune")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./cmd/mytune")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}
