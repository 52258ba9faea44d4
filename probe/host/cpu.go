package host

import (
	"context"
	"fmt"

	"github.com/shirou/gopsutil/v4/cpu"

	"github.com/mytune/mytune/profile"
)

// readCPU fills the logical and physical core counts and the model through
// gopsutil pointed at the roots. Where the topology gives no physical count
// (ARM boards without "physical id" in cpuinfo and no sysfs topology),
// physical is taken as logical: those cores have no SMT siblings. The
// physical count is of the online CPUs' cores (onlineCores) and never
// above the logical count.
func readCPU(ctx context.Context, r Roots, c *profile.CPU) error {
	gctx := r.gopsutilCtx(ctx)
	n, err := cpu.CountsWithContext(gctx, true)
	if err != nil {
		return fmt.Errorf("counting logical CPUs from %s/cpuinfo failed: %w; thread advice falls back to defaults", r.Proc, err)
	}
	if n == 0 {
		return fmt.Errorf("counting logical CPUs from %s/cpuinfo found none: thread advice falls back to defaults", r.Proc)
	}
	c.Logical = n
	if p := onlineCores(r); p > 0 {
		c.Physical = p
	} else if p, err := cpu.CountsWithContext(gctx, false); err == nil && p > 0 {
		c.Physical = p
	} else {
		c.Physical = n
	}
	c.Physical = min(c.Physical, n) // a core has at least one logical CPU that cpuinfo lists
	infos, err := cpu.InfoWithContext(gctx)
	if err != nil {
		return fmt.Errorf("reading the CPU model from %s/cpuinfo failed: %w", r.Proc, err)
	}
	if len(infos) == 0 {
		return fmt.Errorf("reading the CPU model from %s/cpuinfo found no processor", r.Proc)
	}
	c.Model = infos[0].ModelName
	return nil
}
