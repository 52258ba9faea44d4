package profile

import (
	"errors"
	"fmt"
	"math"
)

// Plausibility bounds for a saved profile. They are far beyond any real
// device (the fastest NVMe drives of 2026 do ~15 GB/s and a few million
// IOPS; a sync slower than 1000 s is a hung disk), so they only refuse
// corrupt or hand-edited files before their numbers reach a ratio.
const (
	maxMBPerS   = 1e6 // 1 TB/s
	maxIOPS     = 1e9
	maxLatency  = 1e9 // µs: 1000 s
	maxThreads  = 1 << 16
	maxCPUCount = 1 << 20
)

// Check refuses a profile whose numbers cannot be real: negative, NaN or
// infinite values, or values beyond the bounds above. It says which field.
func (p *Profile) Check() error {
	if p.Storage.Path == "" {
		return errors.New("storage.path is empty: not a profile mytune wrote")
	}
	if p.Host.CPU.Logical < 0 || p.Host.CPU.Logical > maxCPUCount || p.Host.CPU.Physical < 0 || p.Host.CPU.Physical > maxCPUCount {
		return fmt.Errorf("host.cpu counts %d/%d are impossible", p.Host.CPU.Logical, p.Host.CPU.Physical)
	}
	s := p.Storage
	checks := []struct {
		name string
		v    float64
		max  float64
	}{
		{"storage.seq_write.mb_per_s", s.SeqWrite.MBPerS, maxMBPerS},
		{"storage.seq_read.mb_per_s", s.SeqRead.MBPerS, maxMBPerS},
		{"storage.fsync.p50_us", s.Fsync.P50US, maxLatency},
		{"storage.fsync.p99_us", s.Fsync.P99US, maxLatency},
		{"storage.fsync.max_us", s.Fsync.MaxUS, maxLatency},
		{"storage.fsync.ops_per_s", s.Fsync.OpsPerS, maxIOPS},
		{"storage.duration_s", s.DurationS, maxLatency},
	}
	for _, c := range checks {
		if err := inRange(c.name, c.v, c.max); err != nil {
			return err
		}
	}
	for name, curve := range map[string][]ThreadPoint{"storage.rand_write": s.RandWrite, "storage.rand_read": s.RandRead} {
		for _, pt := range curve {
			if pt.Threads < 1 || pt.Threads > maxThreads {
				return fmt.Errorf("%s has a point at %d threads", name, pt.Threads)
			}
			for _, v := range []float64{pt.IOPS, pt.P50US, pt.P99US, pt.MBPerS} {
				if err := inRange(fmt.Sprintf("%s[threads=%d]", name, pt.Threads), v, maxIOPS); err != nil {
					return err
				}
			}
		}
	}
	if c := p.Host.CPU; c.Physical > c.Logical || c.AllowedCPUs > c.Logical {
		return fmt.Errorf("host.cpu.logical is %d, fewer than its %d physical cores or %d allowed CPUs: "+
			"a machine has at least as many logical CPUs as either; give the count it has, or probe it again",
			c.Logical, c.Physical, c.AllowedCPUs)
	}
	return p.checkFlavor()
}

// inRange refuses v outside [0, max] and NaN.
func inRange(name string, v, max float64) error {
	if math.IsNaN(v) || v < 0 || v > max {
		return fmt.Errorf("%s = %v is outside 0..%g", name, v, max)
	}
	return nil
}

// checkFlavor refuses a server flavor outside the contract's: "mysql",
// "mariadb" or "percona" (or none, when the server was not read).
func (p *Profile) checkFlavor() error {
	if p.Server == nil {
		return nil
	}
	switch p.Server.Flavor {
	case "", FlavorMySQL, FlavorMariaDB, FlavorPercona:
		return nil
	}
	return fmt.Errorf("server.flavor %q is none of %q, %q and %q (CONTRACT.md): give the one the server is",
		p.Server.Flavor, FlavorMySQL, FlavorMariaDB, FlavorPercona)
}
