package probe

import (
	"errors"
	"os"

	"github.com/mytune/mytune/profile"
)

// LoadProfile reads a saved profile (or the profile inside a saved advice)
// to stand in for a probe (advise --from); a file that cannot be read or
// is no profile is a usage error naming it.
func LoadProfile(path string) (*profile.Profile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, inputf("cannot read profile %s: %v", path, errors.Unwrap(err))
	}
	defer f.Close()
	p, err := profile.Decode(f)
	if err != nil {
		return nil, inputf("%s: %v", path, err)
	}
	return p, nil
}
