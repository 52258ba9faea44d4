//go:build linux

package host

import (
	"time"

	"golang.org/x/sys/unix"
)

// threadCPU is the CPU time the calling OS thread has run
// (CLOCK_THREAD_CPUTIME_ID, clock_gettime(2)); ok false when the clock
// cannot be read. The caller locks its goroutine to the thread. On a guest
// kernel with CONFIG_PARAVIRT_TIME_ACCOUNTING the time the hypervisor
// stole is not in it (Documentation/virt/kvm/x86/msr.rst, MSR_KVM_STEAL_TIME).
func threadCPU() (time.Duration, bool) {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
