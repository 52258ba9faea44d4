package threads

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/mytune/mytune/internal/shellquote"
)

// shQuote quotes s as one word for the shell (shellquote.Word): bare,
// in single quotes, or as "$(printf '…')" with octal escapes when s is
// not valid UTF-8 or holds control characters, so the printed line keeps
// its exact bytes in bash, dash, zsh and fish.
func shQuote(s string) string { return shellquote.Word(s) }

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
