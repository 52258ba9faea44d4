package usage

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

// TestIs: a usage error is found through %w wrapping, and only there.
func TestIs(t *testing.T) {
	cases := []struct {
		name string
		err  error
		want bool
	}{
		{"nil", nil, false},
		{"plain", errors.New("disk full"), false},
		{"Errorf", Errorf("--duration %q is not a duration", "x"), true},
		{"wrapped twice", fmt.Errorf("advise: %w", Wrap(fs.ErrNotExist)), true},
		{"Wrap(nil)", Wrap(nil), false},
		{"a Marked type", fmt.Errorf("calibrate: %w", marked{true}), true},
		{"a Marked type that says no", marked{false}, false},
		{"formatted with %v loses it", fmt.Errorf("advise: %v", Errorf("bad")), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Is(c.err); got != c.want {
				t.Errorf("Is(%v) = %v, want %v", c.err, got, c.want)
			}
		})
	}
	if err := Wrap(fs.ErrNotExist); !errors.Is(err, fs.ErrNotExist) || err.Error() != fs.ErrNotExist.Error() {
		t.Errorf("Wrap keeps the error and its message: %v", err)
	}
}

// marked is a Marked error for the test.
type marked struct{ usage bool }

func (m marked) Error() string    { return "marked" }
func (m marked) UsageError() bool { return m.usage }
