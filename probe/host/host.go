package host

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/mytune/mytune/profile"
)

// readTimeout bounds the whole host read. Every source is a small file in
// /proc or /sys that the kernel answers from memory; 5 s only trips on a
// hung filesystem (e.g. a stuck FUSE mount under a captured tree).
const readTimeout = 5 * time.Second

// Read fills profile.Host from the roots. It never fails: each sub-read
// that cannot give its facts becomes a profile.Gap and leaves zero values.
func Read(ctx context.Context, r Roots) (profile.Host, []profile.Gap) {
	ctx, cancel := context.WithTimeout(ctx, readTimeout)
	defer cancel()
	h := profile.Host{OS: runtime.GOOS, Arch: runtime.GOARCH}
	var gaps []profile.Gap
	steps := []struct {
		probe string
		run   func() error
	}{
		{"host.identity", func() error { return readIdentity(r, &h) }},
		{"host.cpu", func() error { return readCPU(ctx, r, &h.CPU) }},
		{"host.memory", func() error { return readMemory(ctx, r, &h.Memory) }},
		{"host.cgroup", func() error { return readCgroup(r, &h) }},
		{"host.cpuset", func() error { return readAllowedCPUs(r, &h.CPU) }},
		{"host.board", func() error { h.Board = readBoard(r); return nil }},
		{"host.virtualization", func() error { h.Virtualization, h.VirtRole = readVirtualization(r); return nil }},
	}
	for _, s := range steps {
		if err := ctx.Err(); err != nil {
			gaps = append(gaps, profile.Gap{Probe: s.probe, Reason: fmt.Sprintf("not read: %v", err)})
			continue
		}
		if err := s.run(); err != nil {
			gaps = append(gaps, profile.Gap{Probe: s.probe, Reason: err.Error()})
		}
	}
	return h, gaps
}
