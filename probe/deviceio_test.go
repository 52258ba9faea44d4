package probe

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestOthersSince: what others did on the device is its counters' growth
// less this process's own; an unreadable or reset counter gives nothing.
func TestOthersSince(t *testing.T) {
	stat := func(readSectors, writeSectors string) string {
		return "100 0 " + readSectors + " 50 200 0 " + writeSectors + " 90 0 120 140 0 0 0 0 0 0\n"
	}
	selfIO := func(read, write string) string {
		return "rchar: 1\nwchar: 2\nsyscr: 3\nsyscw: 4\nread_bytes: " + read + "\nwrite_bytes: " + write + "\ncancelled_write_bytes: 0\n"
	}
	cases := []struct {
		name                   string
		statA, statB, ioA, ioB string
		want                   *profile.DeviceIO
	}{
		{"a server wrote beside the probe", stat("0", "0"), stat("2048", "4096"), selfIO("0", "0"), selfIO("524288", "1048576"),
			&profile.DeviceIO{Device: "loop9", WriteBytes: 1 << 20, ReadBytes: 1 << 19, DeviceWriteBytes: 2 << 20, DeviceReadBytes: 1 << 20}},
		{"only the probe", stat("10", "10"), stat("2058", "2058"), selfIO("0", "0"), selfIO("1048576", "1048576"),
			&profile.DeviceIO{Device: "loop9", DeviceWriteBytes: 1 << 20, DeviceReadBytes: 1 << 20}},
		{"the probe counted more than the device", stat("0", "0"), stat("8", "8"), selfIO("0", "0"), selfIO("65536", "65536"),
			&profile.DeviceIO{Device: "loop9", DeviceWriteBytes: 4096, DeviceReadBytes: 4096}},
		{"a counter went back", stat("100", "100"), stat("0", "0"), selfIO("0", "0"), selfIO("0", "0"), nil},
		{"no stat file", "", stat("8", "8"), selfIO("0", "0"), selfIO("0", "0"), nil},
		{"no self io", stat("0", "0"), stat("8", "8"), "", selfIO("0", "0"), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			sys, proc := t.TempDir(), t.TempDir()
			dev, self := filepath.Join(sys, "class", "block", "loop9"), filepath.Join(proc, "self")
			for _, d := range []string{dev, self} {
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			put := func(path, s string) {
				os.Remove(path)
				if s != "" {
					if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
						t.Fatal(err)
					}
				}
			}
			put(filepath.Join(dev, "stat"), c.statA)
			put(filepath.Join(self, "io"), c.ioA)
			before := readIOCounters(sys, proc, "loop9")
			put(filepath.Join(dev, "stat"), c.statB)
			put(filepath.Join(self, "io"), c.ioB)
			got := before.othersSince()
			if (got == nil) != (c.want == nil) {
				t.Fatalf("othersSince = %+v, want %+v", got, c.want)
			}
			if got == nil {
				return
			}
			got.Seconds = 0
			if *got != *c.want {
				t.Errorf("othersSince = %+v, want %+v", *got, *c.want)
			}
		})
	}
}
