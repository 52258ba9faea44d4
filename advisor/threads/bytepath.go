package threads

import "fmt"

// ShellLinkDir is the name the mysqlsh load reaches a dump by when the
// dump's directory name is not valid UTF-8: util.loadDump takes the path as
// a JavaScript string, which holds Unicode only (ECMAScript: a string is
// UTF-16 code units), so a byte such as Latin-1's \xe9 cannot be named in
// it; the shell line before it links the real directory under this name.
const ShellLinkDir = "/tmp/mytune-dump-utf8"

// shellLoadByLink is the mysqlsh load of a dump whose directory name is not
// valid UTF-8: a symbolic link with a UTF-8 name to it (the real name
// quoted with \xNN escapes), then util.loadDump through the link.
func shellLoadByLink(dd dirs, threads int) ([]string, []string) {
	link := fmt.Sprintf("ln -sfn -- %s %s", shQuote(dd.load), ShellLinkDir)
	shell := mysqlsh("USER@TARGET:3306", fmt.Sprintf(`util.loadDump(%s, {threads: %d, deferTableIndexes: "all", skipBinlog: true})`,
		jsString(ShellLinkDir), threads))
	note := "the dump's directory name is not valid UTF-8 and mysqlsh takes the path as a JavaScript string, which cannot hold those bytes: " +
		"the first line links the directory as " + ShellLinkDir + " (its name written with \\xNN escapes, for bash) and util.loadDump reads it through the link; " +
		"remove the link after the load (rm " + ShellLinkDir + ")"
	return []string{link, shell}, []string{note}
}
