package threads

import (
	"bytes"
	"encoding/json"
	"strings"
)

// shQuote quotes s as one word for a POSIX shell: unchanged when it holds
// only characters no shell treats specially, else in single quotes, each
// single quote inside written as quote, backslash, quote, quote (POSIX.1-2017,
// Shell Command Language 2.2.3: nothing inside single quotes is special,
// so a quote must end the quoted string, be escaped, and reopen it).
func shQuote(s string) string {
	if s != "" && strings.Trim(s, shellSafe) == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// shellSafe are the characters that never need quoting (those Python's
// shlex.quote leaves bare).
const shellSafe = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@%+=:,./-_"

// jsString writes s as a JavaScript string literal: JSON strings are JS
// string literals (ECMAScript 2019 made U+2028/U+2029 legal; Go escapes
// them anyway). HTML escaping is off so paths stay readable.
func jsString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}
