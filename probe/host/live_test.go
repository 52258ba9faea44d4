package host

import (
	"context"
	"testing"
)

// TestReadLiveSmoke reads the real /proc and /sys and asserts plausible values.
func TestReadLiveSmoke(t *testing.T) {
	h, gaps := Read(context.Background(), DefaultRoots())
	t.Logf("host: %+v gaps: %+v", h, gaps)
	if h.CPU.Logical < 1 || h.CPU.Physical < 1 || h.CPU.Physical > h.CPU.Logical {
		t.Errorf("implausible cores: logical %d physical %d", h.CPU.Logical, h.CPU.Physical)
	}
	if h.Memory.TotalBytes == 0 || h.Memory.AvailableBytes > h.Memory.TotalBytes {
		t.Errorf("implausible memory: total %d available %d", h.Memory.TotalBytes, h.Memory.AvailableBytes)
	}
	if h.Hostname == "" || h.Kernel == "" || h.OS == "" || h.Arch == "" {
		t.Errorf("identity missing: %+v", h)
	}
	if h.Memory.LimitBytes >= noLimitBytes {
		t.Errorf("a no-limit sentinel leaked through: %d", h.Memory.LimitBytes)
	}
}

// BenchmarkReadLive measures one full host read on the real machine.
func BenchmarkReadLive(b *testing.B) {
	for b.Loop() {
		Read(context.Background(), DefaultRoots())
	}
}
