package connflags

import (
	"strings"
	"unsafe"
)

// HideSecrets returns a copy of args to parse and overwrites with 'x', in
// args' own memory, every password they hold: -pSECRET, -p=SECRET,
// --password=SECRET, the password of --dsn user:SECRET@… (either
// spelling), and a word after a bare -p or --password ("-p SECRET", which
// the parser then refuses as a stray word: a password goes right after -p). Given the process's own arguments (main's os.Args, whose
// strings point into the argv block the kernel shows), ps and
// /proc/PID/cmdline then show "-pxxxxxx" for the whole run, as the mysql
// client hides its own (review r15: ps showed -pSekr3tPw!x during a probe,
// mariadb -p… showed "-px xxxxxxxx"). Nothing after "--" changes. args'
// strings must be writable memory, never string literals.
func HideSecrets(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = strings.Clone(a)
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return out
		case strings.HasPrefix(a, "--password="):
			blank(a, len("--password="), len(a))
		case len(a) > 2 && strings.HasPrefix(a, "-p"):
			blank(a, len("-p")+strings.Count(a[2:3], "="), len(a))
		case (a == "-p" || a == "--password") && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-"):
			// "-p SECRET": the parser refuses the stray word, but ps
			// showed it until the exit (session 47).
			i++
			blank(args[i], 0, len(args[i]))
		case strings.HasPrefix(a, "--dsn="):
			blankDSN(a, len("--dsn="))
		case a == "--dsn" && i+1 < len(args):
			i++
			blankDSN(args[i], 0)
		}
	}
	return out
}

// blankDSN overwrites the password of the DSN s[from:] (user:PASSWORD@…).
func blankDSN(s string, from int) {
	dsn := s[from:]
	at := strings.LastIndex(dsn, "@")
	if at < 0 {
		return
	}
	if colon := strings.IndexByte(dsn[:at], ':'); colon >= 0 {
		blank(s, from+colon+1, from+at)
	}
}

// blank overwrites s[from:to] with 'x' where s is stored.
func blank(s string, from, to int) {
	if from >= to {
		return
	}
	b := unsafe.Slice(unsafe.StringData(s), len(s))
	for i := from; i < to; i++ {
		b[i] = 'x'
	}
}
