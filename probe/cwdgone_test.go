//go:build linux

package probe

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mytune/mytune/internal/usage"
)

// TestCheckDirCwdUnreadable: review r10, 'cd /root; runuser -u dba --
// mytune probe --datadir .' ended 'mytune: resolving .: stat .: permission
// denied' with nothing on what to do; a removed working directory fails
// alike (getcwd). The error now says the current directory cannot be
// read and to give an absolute path.
func TestCheckDirCwdUnreadable(t *testing.T) {
	for _, in := range []string{".", "data"} {
		t.Run(in, func(t *testing.T) {
			gone := filepath.Join(t.TempDir(), "gone")
			if err := os.Mkdir(gone, 0o755); err != nil {
				t.Fatal(err)
			}
			t.Chdir(gone)
			t.Setenv("PWD", gone)
			if err := os.Remove(gone); err != nil {
				t.Fatal(err)
			}
			_, err := checkDir(in)
			if err == nil || !usage.Is(err) || !strings.Contains(err.Error(), "give --datadir an absolute path") {
				t.Errorf("checkDir(%q) = %v, want a usage error saying to give an absolute path", in, err)
			}
		})
	}
}
