package probe

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/internal/shellquote"
	"github.com/mytune/mytune/profile"
)

// staleNotRemovedNote is the note for a test file whose maker is proven
// gone but which could not be deleted: another user's file in a sticky
// directory (/tmp), or one on a mount turned read-only. It names the file
// whole, in a command to paste, and who may run it.
func staleNotRemovedNote(s diskio.Stale) string {
	who := "delete it"
	if errors.Is(s.RemoveErr, fs.ErrPermission) {
		who = "this user may not delete it (another user's file in a sticky directory, or a directory this user " +
			"may not write): its owner or root may"
	}
	return fmt.Sprintf("a test file an earlier run left behind when it was killed could not be removed (%v): "+
		"%.1f MiB, %s; %s: rm -f -- %s", unwrapPath(s.RemoveErr), mib(s.Bytes), s.Why, who, shellquote.Word(s.Path))
}

// unmeasuredStaleNotes is staleNotes for a run that does not measure
// (--no-measure): the test files killed runs left in st.Path are removed
// and reported as a measuring run does (review r59: a SIGKILLed probe's
// 25 MiB test file, 5% of the free space, stayed unreported through any
// number of --no-measure runs), but a probe measuring now competes with no
// figure of this run, and a directory this user may not list (a 0700
// datadir) is no news when nothing is measured: both are left unsaid.
func unmeasuredStaleNotes(st *profile.Storage, found []diskio.Stale, err error) {
	if err != nil {
		return
	}
	var dead []diskio.Stale
	for _, s := range found {
		if s.Removed || s.RemoveErr != nil {
			dead = append(dead, s)
		}
	}
	staleNotes(st, dead, nil)
}
