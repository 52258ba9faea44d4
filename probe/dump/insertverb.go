package dump

import (
	"regexp"
	"strings"
)

// reVerbSpace is the white space inside an INSERT statement's verb.
var reVerbSpace = regexp.MustCompile(`\s+`)

// insertVerb is the verb of the INSERT statement that line starts, as
// profile.Dump.InsertVerb keeps it: "INSERT IGNORE" (mysqldump
// --insert-ignore) or "REPLACE" (--replace), "" for a plain INSERT.
func insertVerb(line []byte) string {
	m := reInsert.FindSubmatch(line)
	if m == nil {
		return ""
	}
	verb := strings.ToUpper(reVerbSpace.ReplaceAllString(string(m[1]), " "))
	if verb == "INSERT" {
		return ""
	}
	return verb
}
