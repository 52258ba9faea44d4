package fsstat

import (
	"errors"
	"os"
	"runtime"
	"testing"
)

// TestOf: the filesystem of a temporary directory has a size, free space
// no larger than it and inodes (where the OS reports them); a missing path
// is an error naming it.
func TestOf(t *testing.T) {
	for _, tc := range []struct {
		name    string
		path    string
		wantErr bool
	}{
		{"temporary directory", t.TempDir(), false},
		{"missing path", "/nonexistent/mytune-fsstat", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			info, err := Of(tc.path)
			if errors.Is(err, ErrUnsupported) {
				t.Skipf("not supported on %s", runtime.GOOS)
			}
			if tc.wantErr {
				var pe *os.PathError
				if !errors.As(err, &pe) || pe.Path != tc.path {
					t.Fatalf("err %v, want a PathError for %s", err, tc.path)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if info.TotalBytes == 0 || info.AvailBytes > info.TotalBytes {
				t.Errorf("total %d, avail %d: want a size and no more free than it", info.TotalBytes, info.AvailBytes)
			}
		})
	}
}
