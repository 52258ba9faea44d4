package testmariadb

import (
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
)

// PortsEnv names a range of TCP ports ("36500-36599") the throw-away
// servers must use, for machines where only some ports may be taken;
// unset, the kernel picks a free one.
const PortsEnv = "MYTUNE_TEST_PORTS"

// freePort returns an unused TCP port on 127.0.0.1: one of PortsEnv's
// range, tried from a random place so parallel test binaries rarely
// collide, else one the kernel picks.
func freePort() (int, error) {
	spec := strings.TrimSpace(os.Getenv(PortsEnv))
	if spec == "" {
		return listenFree(0)
	}
	lo, hi, err := portRange(spec)
	if err != nil {
		return 0, err
	}
	n := hi - lo + 1
	start := rand.IntN(n)
	for i := range n {
		if p, err := listenFree(lo + (start+i)%n); err == nil {
			return p, nil
		}
	}
	return 0, fmt.Errorf("no free port in %s=%s: stop the servers holding them or widen the range", PortsEnv, spec)
}

// portRange parses "LO-HI" (1..65535, LO <= HI).
func portRange(spec string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(spec, "-")
	lo, errLo := strconv.Atoi(strings.TrimSpace(a))
	hi, errHi := strconv.Atoi(strings.TrimSpace(b))
	if !ok || errLo != nil || errHi != nil || lo < 1 || hi > 65535 || lo > hi {
		return 0, 0, fmt.Errorf("%s=%q is not a port range: give it as LO-HI, for example 36500-36599", PortsEnv, spec)
	}
	return lo, hi, nil
}

// listenFree listens on 127.0.0.1:port (0: any) and returns the port it got.
func listenFree(port int) (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(port))
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
