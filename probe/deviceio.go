package probe

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/mytune/mytune/profile"
)

// ioCounters is one reading of a device's bytes read and written and of
// the probe process's own.
type ioCounters struct {
	at                       time.Time
	devRead, devWrite        uint64
	selfRead, selfWrite      uint64
	okDev, okSelf            bool
	device, sysRoot, procDir string
}

// readIOCounters reads /sys/class/block/DEVICE/stat (fields 3 and 7:
// sectors read and written, 512 bytes each, Documentation/block/stat.rst)
// and /proc/self/io (read_bytes, write_bytes: what this process fetched
// from and sent to storage, proc(5)).
func readIOCounters(sysRoot, procRoot, device string) ioCounters {
	c := ioCounters{at: time.Now(), device: device, sysRoot: sysRoot, procDir: procRoot}
	if device == "" {
		return c
	}
	if b, err := os.ReadFile(filepath.Join(sysRoot, "class", "block", device, "stat")); err == nil {
		f := strings.Fields(string(b))
		if len(f) >= 7 {
			r, err1 := strconv.ParseUint(f[2], 10, 64)
			w, err2 := strconv.ParseUint(f[6], 10, 64)
			c.devRead, c.devWrite, c.okDev = r*512, w*512, err1 == nil && err2 == nil
		}
	}
	f, err := os.Open(filepath.Join(procRoot, "self", "io"))
	if err != nil {
		return c
	}
	defer f.Close()
	var seen int
	for sc := bufio.NewScanner(f); sc.Scan(); {
		k, v, ok := strings.Cut(sc.Text(), ": ")
		n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
		switch {
		case !ok || err != nil:
		case k == "read_bytes":
			c.selfRead, seen = n, seen+1
		case k == "write_bytes":
			c.selfWrite, seen = n, seen+1
		}
	}
	c.okSelf = seen == 2
	return c
}

// othersSince is what others than this process did on the device between
// c and a reading now; nil when either reading is incomplete or a counter
// went back (a device detached and attached again).
func (c ioCounters) othersSince() *profile.DeviceIO {
	now := readIOCounters(c.sysRoot, c.procDir, c.device)
	if !c.okDev || !c.okSelf || !now.okDev || !now.okSelf || now.devRead < c.devRead || now.devWrite < c.devWrite ||
		now.selfRead < c.selfRead || now.selfWrite < c.selfWrite {
		return nil
	}
	dw, dr := now.devWrite-c.devWrite, now.devRead-c.devRead
	sw, sr := now.selfWrite-c.selfWrite, now.selfRead-c.selfRead
	return &profile.DeviceIO{Device: c.device, Seconds: round(now.at.Sub(c.at).Seconds(), 2),
		WriteBytes: dw - min(dw, sw), ReadBytes: dr - min(dr, sr), DeviceWriteBytes: dw, DeviceReadBytes: dr}
}
