package probe

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"

	"github.com/mytune/mytune/internal/docread"
	"github.com/mytune/mytune/profile"
)

// LoadProfile reads a saved profile (or the profile inside a saved advice)
// to stand in for a probe (advise --from), from stdin when path is "-"
// (as compare reads it; review r17); a file that cannot be read or is no
// profile is a usage error naming it. A read that blocks (a FIFO, a
// terminal) ends with ctx: the error is then ctx's.
func LoadProfile(ctx context.Context, path string, stdin io.Reader) (*profile.Profile, error) {
	data, err := docread.ReadFile(ctx, path, stdin, profile.MaxDocumentBytes)
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, profileReadErr(path, err)
	}
	p, err := profile.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, inputf("%s: %v", path, err)
	}
	return p, nil
}

// profileReadErr is the usage error for a profile that cannot be read; on
// a permission error it says what to do.
func profileReadErr(path string, err error) error {
	if errors.Is(err, fs.ErrPermission) {
		return inputf("cannot read profile %s: %v: run mytune as a user who may read it, or copy it where this user may",
			path, errors.Unwrap(err))
	}
	return inputf("cannot read profile %s: %v: give a file saved with `mytune probe --format json --out FILE`", path, errors.Unwrap(err))
}
