package probe

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mytune/mytune/internal/shellquote"
	"github.com/mytune/mytune/profile"
)

// ServerDatadir says where a server keeps its data, as far as the probe
// needs to compare it with the directory it measured.
type ServerDatadir struct {
	Dir   string // @@datadir as the server reports it
	Where string // the address that answered, e.g. "unix /run/mysqld/mysqld.sock"
	// OnThisHost is false for a server reached over TCP at an address that
	// is not this machine's: its datadir is on another machine's disk.
	OnThisHost bool
}

// DatadirNote compares the measured directory st.Path with the server's
// datadir and returns a measurement note when they differ: another
// machine, a datadir not visible here, the same filesystem (the figures
// still apply, naming the mount) or another filesystem (they do not).
// It returns "" when the measured directory is the datadir, by path or by
// identity (a bind mount of it). The
// --datadir it suggests is one shell word (shellquote.Word), safe to paste.
func DatadirNote(st profile.Storage, srv ServerDatadir) string {
	if srv.Dir == "" {
		return ""
	}
	if !srv.OnThisHost {
		return fmt.Sprintf("the server (%s) is not on this machine as far as mytune can tell: its datadir %s was not measured; "+
			"the figures are this machine's disk under %s", srv.Where, srv.Dir, st.Path)
	}
	real, err := filepath.EvalSymlinks(srv.Dir)
	if err != nil {
		return hiddenDatadirNote(srv, st.Path, err)
	}
	if filepath.Clean(real) == filepath.Clean(st.Path) || sameDir(real, st.Path) {
		return ""
	}
	same, err := sameFilesystem(real, st.Path)
	switch {
	case err != nil:
		return fmt.Sprintf("%s is not the server's datadir (%s), and whether both are on one filesystem is unknown (%v)", st.Path, real, err)
	case same:
		return fmt.Sprintf("%s is not the server's datadir (%s) but is on the same filesystem (mount %s, %s): the figures apply to the server's disk",
			st.Path, real, profile.OrUnknown(st.MountPoint), profile.OrUnknown(st.Device.Name))
	}
	return fmt.Sprintf("%s is not the server's datadir (%s), which is on another filesystem: the figures describe the disk under %s "+
		"(mount %s), not the server's; give --datadir %s to measure the disk the server uses now", st.Path, real, st.Path,
		profile.OrUnknown(st.MountPoint), shellquote.Word(real))
}

// hiddenDatadirNote is DatadirNote's note for a datadir that cannot be
// resolved here: one this user may not reach (a 0700 parent) is no sign
// of a container.
func hiddenDatadirNote(srv ServerDatadir, measured string, err error) string {
	if errors.Is(err, fs.ErrPermission) {
		return fmt.Sprintf("the server's datadir %s (%s) is not reachable by this user (%v): whether %s shares its disk "+
			"is unknown; run mytune as root or the server's user to compare them", srv.Dir, srv.Where, unwrapPath(err), measured)
	}
	return fmt.Sprintf("the server's datadir %s (%s) is not visible here (%v; a container?): whether %s shares its disk is unknown",
		srv.Dir, srv.Where, unwrapPath(err), measured)
}

// sameDir reports whether a and b are one directory by identity (device
// and inode, os.SameFile), so a bind mount of the datadir is the datadir.
func sameDir(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}

// FromServerNote is the measurement note for a probe that took the
// server's datadir because --datadir was not given: measured, or with
// --no-measure its storage read only.
func FromServerNote(srv ServerDatadir, measured bool) string {
	verb := "measured"
	if !measured {
		verb = "read the storage of (not measured: --no-measure)"
	}
	return fmt.Sprintf("no --datadir given: %s the server's datadir %s (@@datadir of %s)", verb, srv.Dir, srv.Where)
}

// unwrapPath drops the "op path:" prefix of a *fs.PathError, since the
// caller's message names the path already.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
