// Package host reads the facts of the machine mytune runs on: identity,
// CPUs, memory, the cgroup limits that bound a server here, the board and
// any virtualization. Everything comes from the /proc and /sys trees named
// by Roots, so tests run on captured trees. A failed read is a profile.Gap.
package host

import (
	"context"
	"path/filepath"

	"github.com/shirou/gopsutil/v4/common"
)

// Roots points the reader at a real or captured tree: Proc="/proc",
// Sys="/sys" normally; tests use testdata trees. The container marker
// /.dockerenv is looked for in the directory holding Proc.
type Roots struct{ Proc, Sys string }

// DefaultRoots are the live kernel trees.
func DefaultRoots() Roots { return Roots{Proc: "/proc", Sys: "/sys"} }

// gopsutilCtx points gopsutil's readers at the roots (gopsutil v4 common.EnvKey).
func (r Roots) gopsutilCtx(ctx context.Context) context.Context {
	return context.WithValue(ctx, common.EnvKey, common.EnvMap{
		common.HostProcEnvKey: r.Proc,
		common.HostSysEnvKey:  r.Sys,
		common.HostRootEnvKey: filepath.Dir(filepath.Clean(r.Proc)),
	})
}

// sysPath maps an absolute path seen in mountinfo ("/sys/fs/cgroup/memory")
// onto the Sys root; ok is false for paths outside /sys.
func (r Roots) sysPath(p string) (string, bool) {
	rel, err := filepath.Rel("/sys", p)
	if err != nil || rel == ".." || len(rel) > 2 && rel[:3] == "../" {
		return "", false
	}
	return filepath.Join(r.Sys, rel), true
}
