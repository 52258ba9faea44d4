package config

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/spf13/viper"
)

// TestReadFileUnreadable: review r10, as user dbard, --config on a root
// 0600 file said 'config file … is not valid YAML: open …: permission
// denied': nothing was wrong with its YAML. An unreadable file now says
// it cannot be read and what to do; bad YAML still says YAML.
func TestReadFileUnreadable(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.yaml")
	if err := os.WriteFile(bad, []byte("duration: [1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, file   string
		want, notWan string
	}{
		{"missing", filepath.Join(dir, "none.yaml"), "no such file", "YAML"},
		{"bad YAML", bad, "is not valid YAML", "cannot be read"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := ReadFile(viper.New(), c.file)
			if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), c.notWan) {
				t.Errorf("ReadFile(%s) = %v, want %q, not %q", c.file, err, c.want, c.notWan)
			}
		})
	}
	for _, c := range []struct {
		err  error
		want string
	}{
		{&os.PathError{Op: "open", Path: "x", Err: syscall.EACCES}, "run mytune as a user who may read it"},
		{&os.PathError{Op: "open", Path: "x", Err: syscall.EIO}, "give --config a readable YAML file"},
	} {
		if got := readHint(c.err); !strings.Contains(got, c.want) {
			t.Errorf("readHint(%v) = %q, want %q", c.err, got, c.want)
		}
	}
}
