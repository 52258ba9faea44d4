package probe

import (
	"errors"
	"fmt"
	"io/fs"

	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/internal/shellquote"
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
