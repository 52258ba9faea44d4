package probe

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mytune/mytune/profile"
)

// SavedProfileNote is the measurement note for a server read now (advise
// --from with server flags) into a profile measured before: when the
// server's @@hostname is not the host the profile was taken on, or its
// @@datadir is not the directory measured, the figures are another disk's
// than this server's, and the note says which and what to do. "" when
// they match or the server does not say (no hostname, no datadir).
func SavedProfileNote(p profile.Profile, srv *profile.Server, where string) string {
	if srv == nil || !srv.Reachable {
		return ""
	}
	host := srv.Variables["hostname"]
	if host != "" && p.Host.Hostname != "" && !strings.EqualFold(host, p.Host.Hostname) {
		return fmt.Sprintf("the saved profile was taken on host %s (measuring %s); the server read now (%s) runs on %s: "+
			"the figures are %s's disk and memory, not this server's; run mytune probe on %s and advise from that profile",
			p.Host.Hostname, p.Storage.Path, where, host, p.Host.Hostname, host)
	}
	dir := srv.Datadir
	if dir == "" || p.Storage.Path == "" || filepath.Clean(dir) == filepath.Clean(p.Storage.Path) {
		return ""
	}
	return fmt.Sprintf("the saved profile measured %s, not the datadir of the server read now (%s: %s); "+
		"if they are on different disks the figures are not this server's: probe %s and advise from that profile",
		p.Storage.Path, where, dir, dir)
}

// savedNotePrefix starts every SavedProfileNote.
const savedNotePrefix = "the saved profile "

// WithSavedProfileNote is the measurement notes with note (a
// SavedProfileNote, "" for none) in place of any such note an earlier run
// left in them: an advice saved with one and advised from again, with the
// same server or another, says it once and for the server read now.
func WithSavedProfileNote(notes []string, note string) []string {
	notes = slices.DeleteFunc(slices.Clone(notes), func(n string) bool { return strings.HasPrefix(n, savedNotePrefix) })
	if note != "" {
		notes = append(notes, note)
	}
	return notes
}
