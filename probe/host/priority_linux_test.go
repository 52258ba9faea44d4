//go:build linux

package host

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// TestReadPriority: the nice value and I/O class of a process started
// under nice and ionice are what they were set to; a test binary re-run as
// the child reports its own (MYTUNE_PRIORITY_CHILD).
func TestReadPriority(t *testing.T) {
	if os.Getenv("MYTUNE_PRIORITY_CHILD") == "1" {
		p := ReadPriority()
		if p == nil {
			os.Stdout.WriteString("nil\n")
			return
		}
		os.Stdout.WriteString(strconv.Itoa(p.Nice) + " " + p.IOClass + "\n")
		return
	}
	self := ReadPriority()
	if self == nil {
		t.Fatal("ReadPriority: nil on Linux")
	}
	nice := func(add int) string { return strconv.Itoa(min(self.Nice+add, 19)) }
	for _, tc := range []struct {
		name string
		wrap []string
		want string
	}{
		{"as the test runs", nil, nice(0) + " " + self.IOClass},
		{"nice 19", []string{"nice", "-n", "19"}, "19 " + self.IOClass},
		{"ionice -c3", []string{"ionice", "-c3"}, nice(0) + " idle"},
		{"both", []string{"nice", "-n", "7", "ionice", "-c2", "-n7"}, nice(7) + " best-effort"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append(append([]string{}, tc.wrap...), os.Args[0], "-test.run", "^TestReadPriority$")
			cmd := exec.Command(args[0], args[1:]...)
			cmd.Env = append(os.Environ(), "MYTUNE_PRIORITY_CHILD=1")
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%v: %v", args, err)
			}
			if got := strings.SplitN(string(out), "\n", 2)[0]; got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
