package main

import (
	"github.com/mytune/mytune/internal/shellquote"
	"github.com/mytune/mytune/profile"
)

// savedMyCnfGap records a gap when a profile loaded with --from (and no
// --mycnf now) holds my.cnf facts saved by a mytune that did not check
// which lines the server refuses: its "mycnf" block has no "warnings"
// (mytune writes [] when there are none). Without the gap the advice
// reported no line the server will not start with (review r17: a profile
// of 6fd2d57 with bogus_option_xyz=1 in [mysqld] gave 0 crit, where the
// file read again gives 'MariaDB will not start with this my.cnf').
func savedMyCnfGap(p *profile.Profile) {
	m := p.MyCnf
	if m == nil || m.Warnings != nil {
		return
	}
	p.AddGap(gapMyCnfWarnings, "the saved my.cnf facts of "+profile.OrUnknown(m.Path)+" come from a mytune that did not check "+
		"which of its lines the server refuses (no mycnf.warnings), so lines it would not start with are not reported: "+
		"give --mycnf "+shellquote.Word(profile.OrUnknown(m.Path))+" to read it again")
}
