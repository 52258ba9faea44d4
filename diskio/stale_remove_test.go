//go:build linux

package diskio

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestRemoveStaleCannotRemove: a file whose maker is proven gone but which
// cannot be deleted (review r10: as a non-root user, root's file in a
// sticky directory, EPERM) is listed with RemoveErr, not Removed and not
// Live, and is no error of RemoveStale: the caller says so once, where
// before it said both "left alone ... the two probes competed" and
// "could not be removed".
func TestRemoveStaleCannotRemove(t *testing.T) {
	dead := deadPID(t)
	proc := fakeProc(t, nil, nil)
	cases := []struct {
		name    string
		err     error
		wantErr error
	}{
		{"operation not permitted", &os.PathError{Op: "remove", Path: "x", Err: syscall.EPERM}, syscall.EPERM},
		{"read-only file system", &os.PathError{Op: "remove", Path: "x", Err: syscall.EROFS}, syscall.EROFS},
		{"already gone", &os.PathError{Op: "remove", Path: "x", Err: syscall.ENOENT}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			old := removeStaleFile
			removeStaleFile = func(string) error { return c.err }
			defer func() { removeStaleFile = old }()
			dir := t.TempDir()
			path := filepath.Join(dir, nameOf(owner{PID: dead, PidNS: 111, BootID: meBoot, Start: 9}))
			if err := os.WriteFile(path, make([]byte, 1000), 0o600); err != nil {
				t.Fatal(err)
			}
			got, err := RemoveStale(dir, proc)
			if err != nil {
				t.Fatalf("RemoveStale: %v, want the failure in RemoveErr", err)
			}
			if len(got) != 1 {
				t.Fatalf("listed %+v, want 1", got)
			}
			s := got[0]
			if s.Live || s.Removed != (c.wantErr == nil) || !errors.Is(s.RemoveErr, c.wantErr) {
				t.Errorf("live %v removed %v RemoveErr %v; want removed %v, RemoveErr %v", s.Live, s.Removed, s.RemoveErr, c.wantErr == nil, c.wantErr)
			}
		})
	}
}
