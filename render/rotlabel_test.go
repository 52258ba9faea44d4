package render

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestDeviceLabelsRotationalUnknown: a rotational flag this user could not
// read shows as "rotational=?", not "rotational=0" (review r10).
func TestDeviceLabelsRotationalUnknown(t *testing.T) {
	for _, c := range []struct {
		d    profile.Device
		want string
	}{
		{profile.Device{RotationalFlag: true}, "rotational=1"},
		{profile.Device{}, "rotational=0"},
		{profile.Device{RotationalUnknown: true}, "rotational=?"},
	} {
		if got := deviceLabels(c.d); !strings.HasPrefix(got, c.want) {
			t.Errorf("deviceLabels(%+v) = %q, want %q", c.d, got, c.want)
		}
	}
}
