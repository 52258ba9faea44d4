//go:build unix

package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteRefusesAPlantedSymlink: as root, --out /tmp/report.json that
// another user had made a symlink to a root-owned file replaced that file
// with the report (review r15: a 0600 root file became the profile JSON;
// fs.protected_symlinks=1 refuses a shell's '>' there, but Write resolved
// the link itself). A link owned by this user or by the directory's owner,
// or in a directory only its owner may write to, is still followed.
func TestWriteRefusesAPlantedSymlink(t *testing.T) {
	if os.Geteuid() != 0 {
		if os.Getenv("MYTUNE_REQUIRE_BEDS") == "1" {
			t.Fatal("this test needs root (MYTUNE_REQUIRE_BEDS=1 is set)")
		}
		t.Skip("needs root: makes a symlink owned by another user")
	}
	const other = 65534 // nobody
	cases := []struct {
		name     string
		dirMode  os.FileMode
		dirOwner int
		linkUID  int
		refused  bool
	}{
		{"another user's link in a sticky world-writable dir", 0o1777, 0, other, true},
		{"another user's link in a world-writable dir", 0o777, 0, other, true},
		{"this user's link in a sticky world-writable dir", 0o1777, 0, 0, false},
		{"the dir owner's link in its world-writable dir", 0o1777, other, other, false},
		{"another user's link in a dir only root may write", 0o755, 0, other, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := t.TempDir()
			target := filepath.Join(base, "precious")
			mustWrite(t, os.WriteFile(target, []byte("precious"), 0o600))
			dir := filepath.Join(base, "shared")
			mustWrite(t, os.Mkdir(dir, 0o755))
			mustWrite(t, os.Chmod(dir, c.dirMode))
			mustWrite(t, os.Chown(dir, c.dirOwner, c.dirOwner))
			link := filepath.Join(dir, "report.json")
			mustWrite(t, os.Symlink(target, link))
			mustWrite(t, os.Lchown(link, c.linkUID, c.linkUID))
			err := Write(link, []byte("report"))
			got, _ := os.ReadFile(target)
			if c.refused && (err == nil || string(got) != "precious") {
				t.Errorf("Write: err %v, target now %q; want refused, target untouched", err, got)
			}
			if !c.refused && (err != nil || string(got) != "report") {
				t.Errorf("Write: err %v, target now %q; want the link followed", err, got)
			}
		})
	}
}

func mustWrite(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
