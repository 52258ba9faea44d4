package advisor

import (
	"math/rand"
	"strconv"
	"testing"

	"github.com/mytune/mytune/profile"
	"github.com/mytune/mytune/rules"
)

// randomProfile builds a profile from a seeded generator: memory from
// 512M to 256G with or without a cgroup limit, with or without swap in
// use and with little or much available, random settings and storage.
func randomProfile(r *rand.Rand) (profile.Profile, string) {
	const mib = uint64(1) << 20
	total := (512 + uint64(r.Intn(256*1024))) * mib
	var limit uint64
	if r.Intn(2) == 0 {
		limit = (256 + uint64(r.Intn(int(total/mib)))) * mib
	}
	ops := []float64{30, 120, 900, 5000, 20000}[r.Intn(5)]
	qd1 := []float64{45, 150, 6500, 40000}[r.Intn(4)]
	swap := []uint64{0, 2 << 30, 8 << 30}[r.Intn(3)]
	mem := profile.Memory{TotalBytes: total, LimitBytes: limit, SwapTotalBytes: swap,
		SwapFreeBytes:  uint64(float64(swap) * r.Float64()),
		AvailableBytes: uint64(float64(total) * []float64{0.02, 0.05, 0.3, 0.5, 0.9}[r.Intn(5)])}
	p := profile.Profile{
		Host: profile.Host{OS: "linux", CPU: profile.CPU{Logical: 1 + r.Intn(64)}, Memory: mem},
		Storage: profile.Storage{Measured: true, DirectIO: r.Intn(4) > 0, FSType: "ext4",
			Class:     []string{"nvme", "ssd", "hdd", "sd-card"}[r.Intn(4)],
			Fsync:     profile.Latency{P50US: 1e6 / ops, P99US: 3e6 / ops, OpsPerS: ops},
			RandWrite: []profile.ThreadPoint{{Threads: 1, IOPS: qd1}, {Threads: 16, IOPS: qd1 * float64(1+r.Intn(8))}}},
	}
	vars := map[string]string{
		"innodb_buffer_pool_size":        strconv.FormatUint(uint64(1+r.Intn(64))<<27, 10),
		"max_connections":                strconv.Itoa(10 + r.Intn(5000)),
		"sort_buffer_size":               []string{"256K", "2M", "8M"}[r.Intn(3)],
		"join_buffer_size":               []string{"256K", "4M", "16M"}[r.Intn(3)],
		"read_rnd_buffer_size":           []string{"256K", "4M"}[r.Intn(2)],
		"binlog_cache_size":              []string{"32K", "4M"}[r.Intn(2)],
		"innodb_io_capacity":             []string{"100", "200", "2000", "10000"}[r.Intn(4)],
		"innodb_io_capacity_max":         []string{"100", "2000", "20000"}[r.Intn(3)],
		"innodb_flush_log_at_trx_commit": []string{"0", "1", "2"}[r.Intn(3)],
		"sync_binlog":                    []string{"0", "1", "100"}[r.Intn(3)],
		"innodb_flush_neighbors":         []string{"0", "1"}[r.Intn(2)],
	}
	target := []string{"mysql-8.0.36", "mysql-8.4.2", "mariadb-10.11.6", "mysql-5.7.44", "mariadb-10.6.16"}[r.Intn(5)]
	p.MyCnf = &profile.MyCnf{Variables: vars}
	return p, target
}

// TestAdviceProperties: on 500 seeded random profiles no finding
// recommends the value in effect, no memory value exceeds EffectiveBytes,
// the cnf sets each variable once, and io_capacity_max never ends below
// io_capacity.
func TestAdviceProperties(t *testing.T) {
	cat, err := rules.Load(rules.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(42))
	for i := 0; i < 500; i++ {
		p, target := randomProfile(r)
		durability := []string{DurabilityStrict, DurabilityRelaxed}[i%2]
		a, err := Advise(p, AdviseOptions{Catalogue: cat, Target: target, Durability: durability})
		if err != nil {
			t.Fatalf("profile %d: %v", i, err)
		}
		eff := p.Host.Memory.EffectiveBytes()
		set := map[string]string{}
		for _, f := range a.Findings {
			if f.Variable == "" {
				continue
			}
			if _, dup := set[f.Variable]; dup {
				t.Errorf("profile %d: %s recommended twice", i, f.Variable)
			}
			set[f.Variable] = f.Recommended
			if rules.SameValue(f.Variable, f.Current, f.Recommended) {
				t.Errorf("profile %d: %s recommends current %s = %s", i, f.ID, f.Variable, f.Current)
			}
			if memoryVars[f.Variable] {
				if b, err := profile.ParseSize(f.Recommended); err != nil || b > eff {
					t.Errorf("profile %d: %s = %s above usable %d", i, f.Variable, f.Recommended, eff)
				}
			}
			if durability == DurabilityStrict && (f.Variable == "innodb_flush_log_at_trx_commit" || f.Variable == "sync_binlog") && f.Recommended != "1" {
				t.Errorf("profile %d: strict durability traded commits: %s = %s", i, f.Variable, f.Recommended)
			}
		}
		capNow, _ := strconv.Atoi(p.MyCnf.Variables["innodb_io_capacity"])
		maxNow, _ := strconv.Atoi(p.MyCnf.Variables["innodb_io_capacity_max"])
		if v, ok := set["innodb_io_capacity"]; ok {
			capNow, _ = strconv.Atoi(v)
		}
		if v, ok := set["innodb_io_capacity_max"]; ok {
			maxNow, _ = strconv.Atoi(v)
		}
		if maxNow < capNow {
			t.Errorf("profile %d (%s): after the advice io_capacity_max %d < io_capacity %d", i, target, maxNow, capNow)
		}
	}
}
