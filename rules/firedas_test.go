package rules

import (
	"strings"
	"testing"

	"github.com/mytune/mytune/profile"
)

// firedAs runs the catalogue on p (strict) and checks that rule id fired
// as fires says and that its rendered detail holds every want and no
// wantNot; it returns the hit (zero when it did not fire).
func firedAs(t *testing.T, p profile.Profile, id string, fires bool, want, wantNot []string) Hit {
	t.Helper()
	h, ok := fired(t, p, "strict", "")[id]
	if ok != fires {
		t.Fatalf("%s fired %v, want %v: %s", id, ok, fires, h.RenderedDetail)
	}
	for _, w := range want {
		if !strings.Contains(h.RenderedDetail, w) {
			t.Errorf("detail lacks %q: %s", w, h.RenderedDetail)
		}
	}
	for _, w := range wantNot {
		if strings.Contains(h.RenderedDetail, w) {
			t.Errorf("detail has %q: %s", w, h.RenderedDetail)
		}
	}
	return h
}
