package threads

import (
	"cmp"
	"fmt"
)

// myloaderLine loads the mydumper dump in dir into TARGET at threads
// sessions, qpt statements per transaction (0: QueriesPerTransaction),
// writing the binary log when enableBinlog.
func myloaderLine(threads int, dir string, qpt int, enableBinlog bool) string {
	line := fmt.Sprintf("myloader --host TARGET --user USER --ask-password --threads %d --directory %s --queries-per-transaction %d",
		threads, shQuote(dir), cmp.Or(qpt, QueriesPerTransaction))
	if enableBinlog { // myloader --help (0.10): "-e, --enable-binlog  Enable binary logging of the restore data"
		line += " --enable-binlog"
	}
	return glibCharset(line)
}

// glibCharset prefixes a mydumper or myloader line whose words hold a
// byte beyond ASCII with CHARSET=UTF-8. mydumper and myloader 0.10
// (Debian 12) parse their options with GLib, which converts each string
// option from the charset GLib finds (g_get_charset: the CHARSET variable,
// else the locale's, and 0.10 never sets its locale, so ASCII): review r11
// pasted myloader --directory '/var/tmp/…/é日本/dump' and got "option
// parsing failed: Invalid byte sequence in conversion input" (exit 1)
// under LANG=C.UTF-8 and LC_ALL=C.UTF-8 alike; with CHARSET=UTF-8 in
// front the same line loaded every table, in bash, dash, zsh and fish
// (VAR=value before a command: POSIX, and fish since 3.1).
func glibCharset(line string) string {
	for i := 0; i < len(line); i++ {
		if line[i] >= 0x80 {
			return "CHARSET=UTF-8 " + line
		}
	}
	return line
}

// loaderLinkNote says why a myloader line reads a dump whose directory
// name is not valid UTF-8 through ShellLinkDir: myloader 0.10 converts
// --directory to UTF-8 (glibCharset), which such bytes are not, so the
// name cannot reach it (review r11: --directory $'/var/tmp/…/lat\xe9n
// dump' stopped at "option parsing failed: Invalid byte sequence in
// conversion input", and CHARSET=UTF-8 cannot help bytes that are not UTF-8).
const loaderLinkNote = "the dump's directory name is not valid UTF-8, which myloader 0.10 cannot take as --directory (\"option parsing " +
	"failed: Invalid byte sequence in conversion input\"): the line before it links the directory as " + ShellLinkDir +
	" (its name written with printf's octal escapes) and myloader reads it through the link; remove the link after the load (rm " +
	ShellLinkDir + ")"
