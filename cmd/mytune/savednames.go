package main

import "github.com/mytune/mytune/profile"

// savedNamesGap records a gap when the saved server a dump line is made
// for (advise --from, task all, dump or copy, no --dump, the server not
// read now) comes from a mytune that did not list its names holding a
// backtick or a single quote: its "server" block has no "backtick_names"
// or "quote_names" (mytune writes [] when there are none). The mydumper
// line then cannot leave out the tables mydumper 0.10 crashes on, nor the
// warning name the objects it leaves out (review r17: a profile of
// 6fd2d57's time printed the line without a word).
func savedNamesGap(p *profile.Profile, task string) {
	s := p.Server
	if s == nil || !s.Reachable || p.Dump != nil || s.Source == profile.ServerSourceCapture {
		return
	}
	if task != "all" && task != "dump" && task != "copy" {
		return
	}
	if s.BacktickNames != nil && s.QuoteNames != nil {
		return
	}
	p.AddGap(gapServerNames, "the saved server facts come from a mytune that did not list the names holding a backtick "+
		"or a single quote (no backtick_names or quote_names), so the mydumper line does not leave out or warn of the tables "+
		"mydumper 0.10 fails on: give the server's flags with --from to read it again")
}
