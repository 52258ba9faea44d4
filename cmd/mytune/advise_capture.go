package main

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mytune/mytune/probe/server"
	"github.com/mytune/mytune/profile"
)

// captureHelp explains --variables and --status in advise's long help.
const captureHelp = "Captured server: --variables FILE (and --status FILE) advise for the server whose saved\n" +
	"SHOW GLOBAL VARIABLES (and STATUS) output they hold — mysql -B, table or \\G format — instead of a\n" +
	"live one, for a server mytune may not log in to. Take them on the machine measured (or the --from\n" +
	"profile's): host and disk figures are this machine's. Table sizes are not in such captures."

// addCaptureFlags registers --variables and --status.
func addCaptureFlags(f *pflag.FlagSet) {
	f.String("variables", "", "advise for the server whose saved SHOW GLOBAL VARIABLES output FILE holds, instead of a live one (see Captured server)")
	f.String("status", "", "with --variables: that server's saved SHOW GLOBAL STATUS output (hit ratio, lifetime redo rate)")
}

// readCapture reads --variables/--status into a Server, or returns nil
// when --variables is not given. It refuses --status alone and a capture
// given together with flags that name a live server.
func (a *app) readCapture(cmd *cobra.Command) (*profile.Server, error) {
	vars, status := a.v.GetString("variables"), a.v.GetString("status")
	if vars == "" {
		if status != "" {
			return nil, usagef("--status needs --variables: give the same server's SHOW GLOBAL VARIABLES output too")
		}
		return nil, nil
	}
	if named := a.connSource(cmd).Named(); len(named) > 0 {
		return nil, usagef("--variables advises for a captured server, and %s names a live one: give one or the other",
			strings.Join(named, ", "))
	}
	srv, err := server.FromCaptures(vars, status)
	if err != nil {
		return nil, usagef("--variables/--status: %v", err)
	}
	return srv, nil
}

// captureDatadir is the directory to measure for a captured server when
// --datadir is not given: its @@datadir when that exists on this
// machine; otherwise the run needs --datadir.
func (a *app) captureDatadir(srv *profile.Server) (string, error) {
	if srv == nil || a.v.GetString("datadir") != "" || a.v.GetString("from") != "" {
		return "", nil
	}
	dir := srv.Datadir
	if dir == "" {
		return "", usagef("--datadir is required: the captured variables name no datadir; give the directory that holds (or will hold) the MySQL data")
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return "", usagef("--datadir is required: the captured server's datadir %s is not on this machine; "+
			"give the directory on this machine's disk that holds (or will hold) the MySQL data", dir)
	}
	a.notef("measuring %s, the captured server's datadir (give --datadir to measure another)", dir)
	return dir, nil
}

// attachCapture puts a captured server into the profile in place of any
// server read or saved, drops the server gaps, and says in the storage
// notes whether the measured directory is the captured datadir.
func attachCapture(p *profile.Profile, srv *profile.Server) {
	if srv == nil {
		return
	}
	p.Server = srv
	dropGaps(p, "server", gapServerNames)
	// an advice saved with a capture and advised from again with one had
	// the note twice (review r17): the capture read now says it once
	p.Storage.Notes = slices.DeleteFunc(p.Storage.Notes, func(n string) bool {
		return strings.HasPrefix(n, capturedNotePrefix) || strings.HasPrefix(n, capturedHostPrefix)
	})
	if srv.Datadir != "" && p.Storage.Path != "" && !sameDir(srv.Datadir, p.Storage.Path) {
		p.Storage.Notes = append(p.Storage.Notes, fmt.Sprintf("%s%s; the figures are "+
			"this machine's disk under %s", capturedNotePrefix, srv.Datadir, p.Storage.Path))
	}
	if note := capturedHostNote(srv.Variables["hostname"], p.Host.Hostname); note != "" {
		p.Storage.Notes = append(p.Storage.Notes, note)
	}
}

// capturedHostPrefix starts capturedHostNote's note.
const capturedHostPrefix = "the captured server runs on host "

// capturedHostNote says that the capture's server (its @@hostname) runs on
// another host than the one whose memory, CPUs and disk the advice is
// sized for, "" when they match (the first name, case aside: "db1" is
// "db1.example.com") or either is unknown. Review r19: a capture of an RDS
// instance (hostname ip-10-0-1-23, datadir /rdsdbdata/db/) got
// "innodb_buffer_pool_size is 128M while 23.5 GiB is usable" from the
// laptop mytune ran on, with only the datadir noted.
func capturedHostNote(captured, here string) string {
	first := func(h string) string { return strings.ToLower(strings.SplitN(strings.TrimSpace(h), ".", 2)[0]) }
	if first(captured) == "" || first(here) == "" || first(captured) == first(here) {
		return ""
	}
	return fmt.Sprintf("%s%s, and the host and disk figures are %s's, where mytune ran: the memory, CPUs and disk every "+
		"size here is fitted to are %s's, not the server's; take the capture on the database host (or run mytune "+
		"there) for advice that fits it", capturedHostPrefix, captured, here, here)
}

// capturedNotePrefix starts attachCapture's storage note.
const capturedNotePrefix = "the captured server's datadir is "

// sameDir compares two directory paths, trailing slashes aside.
func sameDir(a, b string) bool {
	return strings.TrimRight(a, "/") == strings.TrimRight(b, "/")
}
