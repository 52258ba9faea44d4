package render

import (
	"fmt"
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// openPTY opens a pseudo-terminal pair (pty(7)) and returns its terminal
// end, or skips the test where the system offers none.
func openPTY(t *testing.T) *os.File {
	t.Helper()
	master, err := os.OpenFile("/dev/ptmx", os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no /dev/ptmx: %v", err)
	}
	t.Cleanup(func() { master.Close() })
	if err := unix.IoctlSetPointerInt(int(master.Fd()), unix.TIOCSPTLCK, 0); err != nil {
		t.Skipf("unlockpt: %v", err)
	}
	n, err := unix.IoctlGetInt(int(master.Fd()), unix.TIOCGPTN)
	if err != nil {
		t.Skipf("ptsname: %v", err)
	}
	slave, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open pts: %v", err)
	}
	t.Cleanup(func() { slave.Close() })
	return slave
}

func TestColorWantedTerminal(t *testing.T) {
	tty := openPTY(t)
	cases := []struct {
		name string
		env  map[string]string
		want bool
	}{
		{"plain terminal", map[string]string{"TERM": "xterm-256color"}, true},
		{"NO_COLOR set", map[string]string{"TERM": "xterm", "NO_COLOR": "1"}, false},
		{"NO_COLOR empty counts as unset", map[string]string{"TERM": "xterm", "NO_COLOR": ""}, true},
		{"dumb terminal", map[string]string{"TERM": "dumb"}, false},
		{"TERM unset", map[string]string{}, false},
		{"TERM empty", map[string]string{"TERM": ""}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := ColorWanted(tty, envOf(c.env)); got != c.want {
				t.Errorf("ColorWanted = %v, want %v", got, c.want)
			}
		})
	}
}
