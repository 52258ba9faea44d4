package classify

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// TestRotationalUnknown: review r10, queue/rotational readable only by
// root: as user dbard the flag read as 0 ("rotational=0"), so an
// unmeasured SATA disk was an SSD because it "says non-rotational", and a
// measured HDD got "kernel says non-rotational, but …". A flag that could
// not be read tells nothing.
func TestRotationalUnknown(t *testing.T) {
	unread := func(s profile.Storage) profile.Storage {
		s.Device.RotationalFlag, s.Device.RotationalUnknown = false, true
		return s
	}
	unmeasured := func(s profile.Storage) profile.Storage { s.Measured = false; return s }
	cases := []struct {
		name      string
		s         profile.Storage
		wantClass string
		want      string
		notWant   string
	}{
		{"unmeasured SATA, flag unreadable", unread(unmeasured(sataHDD)), profile.ClassUnknown, "could not be read", "says non-rotational"},
		{"unmeasured SATA, flag read 0", with(unmeasured(sataHDD), func(s *profile.Storage) { s.Device.RotationalFlag = false }),
			profile.ClassSSD, "says non-rotational", "could not be read"},
		{"measured SATA HDD, flag unreadable", unread(sataHDD), profile.ClassHDD, "", "kernel says non-rotational"},
		{"measured SATA HDD, flag read 0", with(sataHDD, func(s *profile.Storage) { s.Device.RotationalFlag = false }),
			profile.ClassHDD, "kernel says non-rotational", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			class, ev := Classify(c.s)
			all := strings.Join(ev, "\n")
			if class != c.wantClass || !strings.Contains(all, c.want) || c.notWant != "" && strings.Contains(all, c.notWant) {
				t.Errorf("class %s, evidence:\n%s\nwant %s with %q, without %q", class, all, c.wantClass, c.want, c.notWant)
			}
		})
	}
}
