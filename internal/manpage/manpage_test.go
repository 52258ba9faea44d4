package manpage

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// TestWrite: a page per command, each with its flags and the release in
// its footer; hidden commands get none.
func TestWrite(t *testing.T) {
	root := &cobra.Command{Use: "mytune", Short: "measure the disk"}
	probe := &cobra.Command{Use: "probe", Short: "measure", Run: func(*cobra.Command, []string) {}}
	probe.Flags().String("datadir", "", "directory whose disk is measured")
	hidden := &cobra.Command{Use: "secret", Hidden: true, Run: func(*cobra.Command, []string) {}}
	root.AddCommand(probe, hidden)
	t.Setenv("SOURCE_DATE_EPOCH", "1764547200") // 2025-12-01
	dir := filepath.Join(t.TempDir(), "man1")
	if err := Write(root, dir, "v1.2.3"); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, file string
		has        []string
	}{
		{"the root page", "mytune.1", []string{`.TH "MYTUNE" "1" "Dec 2025" "mytune v1.2.3" "mytune manual"`, "\\fBmytune-probe(1)\\fP"}},
		{"a command's page", "mytune-probe.1", []string{"\\fB--datadir\\fP", "directory whose disk is measured"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join(dir, c.file))
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range c.has {
				if !strings.Contains(string(b), h) {
					t.Errorf("%s lacks %q:\n%s", c.file, h, b)
				}
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "mytune-secret.1")); err == nil {
		t.Errorf("a hidden command got a page")
	}
}
