package host

import (
	"context"
	"fmt"

	"github.com/shirou/gopsutil/v4/mem"

	"github.com/mytune/mytune/profile"
)

// readMemory fills RAM and swap from <proc>/meminfo through gopsutil
// (its VirtualMemory reads meminfo under HOST_PROC; SwapMemory would call
// sysinfo(2), which no root can redirect, so swap comes from meminfo too).
func readMemory(ctx context.Context, r Roots, m *profile.Memory) error {
	vm, err := mem.VirtualMemoryWithContext(r.gopsutilCtx(ctx))
	if err != nil {
		return fmt.Errorf("reading %s/meminfo failed (%w): memory sizing cannot be checked against RAM", r.Proc, err)
	}
	m.TotalBytes = vm.Total
	m.AvailableBytes = vm.Available
	m.SwapTotalBytes = vm.SwapTotal
	m.SwapFreeBytes = vm.SwapFree
	return nil
}
