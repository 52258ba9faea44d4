package completion

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFishInstallLineWorksPasted: the fish line of the help, pasted as it
// is into bash or fish on a fresh account, installs the script. It used to
// redirect into ~/.config/fish/completions, which a fresh account lacks
// ("No such file or directory", nothing installed).
func TestFishInstallLineWorksPasted(t *testing.T) {
	line := helpLine(t, "fish:")
	cases := []struct {
		name  string
		shell []string
		stub  string // mytune stands in as a function printing a script
	}{
		{"pasted into bash", []string{"bash", "-c"}, `mytune() { echo "complete -c mytune"; }; `},
		{"pasted into fish", []string{"fish", "-c"}, `function mytune; echo "complete -c mytune"; end; `},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if _, err := exec.LookPath(c.shell[0]); err != nil {
				if os.Getenv("CI") != "" {
					t.Fatalf("%s not installed, and CI is set: scripts/install-deps.sh installs it", c.shell[0])
				}
				t.Skipf("%s not installed (scripts/install-deps.sh installs it)", c.shell[0])
			}
			home := t.TempDir()
			cmd := exec.Command(c.shell[0], c.shell[1], c.stub+line)
			cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+filepath.Join(home, ".config"))
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", line, err, out)
			}
			data, err := os.ReadFile(filepath.Join(home, ".config", "fish", "completions", "mytune.fish"))
			if err != nil || !strings.Contains(string(data), "complete -c mytune") {
				t.Errorf("the script was not installed: %v %q", err, data)
			}
		})
	}
}

// helpLine is the command the completion help prints after label.
func helpLine(t *testing.T, label string) string {
	t.Helper()
	for _, l := range strings.Split(Command(nil).Long, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(l), label); ok {
			return strings.TrimSpace(rest)
		}
	}
	t.Fatalf("no %q line in the help", label)
	return ""
}
