package main

import (
	"context"

	"github.com/mytune/mytune/probe/installed"
	"github.com/mytune/mytune/profile"
)

// useTools records which of the restore lines' programs (myloader, the
// mysql client, mariadb-backup, …) this machine's PATH holds and their
// versions, so the plan can say which line would not run here; read only
// when a dump or backup is named now (a saved profile keeps its own).
func useTools(ctx context.Context, p *profile.Profile, named bool) {
	if !named {
		return
	}
	t, gaps := installed.ReadTools(ctx, installed.Options{}, installed.ToolNames, installed.VersionlessTools)
	p.Tools = t
	p.Gaps = append(p.Gaps, gaps...)
}
