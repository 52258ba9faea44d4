package host

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

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
	m.OvercommitMemory = readOvercommit(r)
	m.CommitLimitBytes = vm.CommitLimit
	m.CommittedBytes = vm.CommittedAS
	m.HugePagesBytes = vm.HugePagesTotal * vm.HugePageSize
	return nil
}

// readOvercommit reads <proc>/sys/vm/overcommit_memory: "0", "1" or "2",
// "" when it cannot be read (a captured tree without it).
func readOvercommit(r Roots) string {
	b, err := os.ReadFile(filepath.Join(r.Proc, "sys", "vm", "overcommit_memory"))
	if err != nil {
		return ""
	}
	switch v := strings.TrimSpace(string(b)); v {
	case "0", "1", "2":
		return v
	}
	return ""
}
