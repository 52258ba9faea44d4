package dump

import (
	"regexp"
	"sort"
	"strings"
)

// reDefiner finds the account a view, routine, trigger or event runs as,
// as SHOW CREATE writes it and mydumper 0.10 and mysqldump copy it
// ("CREATE DEFINER=`root`@`localhost` FUNCTION", "/*!50017
// DEFINER=`app`@`%`*/ /*!50003 TRIGGER"); a doubled backquote is part of
// the name. DEFINER=CURRENT_USER names none.
var reDefiner = regexp.MustCompile("(?i)\\bDEFINER\\s*=\\s*`((?:[^`]|``)*)`@`((?:[^`]|``)*)`")

// definers are the accounts a dump's objects run as, by "user@host".
type definers map[string]bool

// add records the definers text names.
func (d definers) add(text string) {
	if !strings.Contains(strings.ToUpper(text), "DEFINER") {
		return
	}
	for _, m := range reDefiner.FindAllStringSubmatch(text, -1) {
		d[strings.ReplaceAll(m[1], "``", "`")+"@"+strings.ReplaceAll(m[2], "``", "`")] = true
	}
}

// list is the definers, sorted; nil when none.
func (d definers) list() []string {
	if len(d) == 0 {
		return nil
	}
	out := make([]string, 0, len(d))
	for k := range d {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
