package mycnf

import (
	"fmt"
	"strings"
	"sync"
)

// collationFile lists mariadbd 10.11's collations and their character
// sets (its header says how it was captured).
const collationFile = "options/mariadb-10.11-collations.txt"

var (
	collationsOnce sync.Once
	collations     map[string]string // collation → character set
	charsets       map[string]bool
)

func loadCollations() {
	collationsOnce.Do(func() {
		collations, charsets = readTable(collationFile), map[string]bool{}
		for _, cs := range collations {
			charsets[cs] = true
		}
	})
}

// utf8Alias is how mariadbd 10.11 reads the names "utf8" and "utf8_…":
// as utf8mb3 (old_mode UTF8_IS_UTF8MB3, its default; MariaDB manual,
// "Unicode").
func utf8Alias(name string) string {
	if name == "utf8" {
		return "utf8mb3"
	}
	if rest, ok := strings.CutPrefix(name, "utf8_"); ok {
		return "utf8mb3_" + rest
	}
	return name
}

// checkCollation warns where mariadbd 10.11 does not know the collation or
// character set the server is told to use: it refuses to start ("Unknown
// collation: 'utf8mb4_0900_ai_ci'", "Character set 'x' is not a compiled
// character set", both seen with mariadbd 10.11.19). MySQL 8.0's
// utf8mb4_0900_* collations are the usual cause in a file moved from MySQL.
func (r *Reading) checkCollation(o Option) {
	if o.Prefix != "" || !o.HasValue || o.Value == "" {
		return
	}
	loadCollations()
	v := utf8Alias(strings.ToLower(strings.TrimSpace(o.Value)))
	var text string
	switch o.Name {
	case "collation_server":
		if _, ok := collations[v]; ok {
			return
		}
		text = fmt.Sprintf("mariadbd %s knows no collation %q: it refuses to start (\"Unknown collation\"); ", tableVersion[flavorMariaDB], o.Value)
		if strings.Contains(v, "_0900_") {
			text += "the _0900_ collations are MySQL 8.0's: write utf8mb4_unicode_520_ci (or utf8mb4_general_ci)"
		} else {
			text += "SHOW COLLATION on the server lists the ones it has"
		}
	case "character_set_server":
		if charsets[v] {
			return
		}
		text = fmt.Sprintf("mariadbd %s knows no character set %q: it refuses to start (\"not a compiled character set\"); "+
			"SHOW CHARACTER SET on the server lists the ones it has", tableVersion[flavorMariaDB], o.Value)
	default:
		return
	}
	r.Warnings = append(r.Warnings, Warning{File: o.File, Line: o.Line, Flavor: flavorMariaDB,
		Version: tableVersion[flavorMariaDB], Refuses: true, Text: text})
}

// defaultCharset is mariadbd 10.11's built-in character_set_server (its
// --help --verbose table), which a collation_server must belong to when
// the file does not set character_set_server.
const defaultCharset = "latin1"

// checkCollationPair: mariadbd 10.11 refuses to start when
// collation_server belongs to another character set than
// character_set_server, its built-in latin1 when unset ("COLLATION
// 'utf8mb4_unicode_520_ci' is not valid for CHARACTER SET 'latin1'",
// mariadbd 10.11.19 --no-defaults).
func (r *Reading) checkCollationPair(final map[string]Option) {
	co, ok := final["collation_server"]
	if !ok || co.Prefix != "" || co.Value == "" {
		return
	}
	loadCollations()
	want, known := collations[utf8Alias(strings.ToLower(strings.TrimSpace(co.Value)))]
	if !known {
		return // checkCollation said so
	}
	cs, set := defaultCharset, "unset, so "+defaultCharset+", mariadbd's built-in default"
	if o, ok := final["character_set_server"]; ok && o.Prefix == "" && o.Value != "" {
		cs, set = utf8Alias(strings.ToLower(strings.TrimSpace(o.Value))), o.Value
	}
	if cs == want || !charsets[cs] {
		return
	}
	r.Warnings = append(r.Warnings, Warning{File: co.File, Line: co.Line, Flavor: flavorMariaDB,
		Version: tableVersion[flavorMariaDB], Refuses: true, Text: fmt.Sprintf("collation_server = %s is a collation of %s, "+
			"but character_set_server is %s: mariadbd refuses to start (\"COLLATION '%s' is not valid for CHARACTER SET '%s'\"); "+
			"set character_set_server = %s beside it", co.Value, want, set, co.Value, cs, want)})
}
