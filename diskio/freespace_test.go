//go:build linux || darwin

package diskio

import (
	"path/filepath"
	"testing"
)

func TestFreeBytes(t *testing.T) {
	tests := []struct {
		name    string
		dir     string
		wantErr bool
	}{
		{name: "temp dir has space", dir: t.TempDir()},
		{name: "missing dir", dir: filepath.Join(t.TempDir(), "missing"), wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := FreeBytes(tc.dir)
			if (err != nil) != tc.wantErr {
				t.Fatalf("FreeBytes(%s) err = %v, wantErr %v", tc.dir, err, tc.wantErr)
			}
			if !tc.wantErr && got == 0 {
				t.Errorf("FreeBytes(%s) = 0", tc.dir)
			}
		})
	}
}
