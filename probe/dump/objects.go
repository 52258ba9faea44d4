package dump

import (
	"cmp"
	"regexp"
	"slices"
	"strings"

	"github.com/mytune/mytune/profile"
)

// reObject finds a view, routine, trigger or event with its DEFINER as
// SHOW CREATE writes them and mydumper 0.10 and mariadb-dump 10.11.19 copy
// them ("CREATE DEFINER=`app`@`%` FUNCTION `f`(…)", "/*!50017
// DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER t AFTER …", "/*!50117
// DEFINER=`app`@`%`*/ /*!50106 EVENT `e` ON …", "DEFINER=`app`@`%` SQL
// SECURITY DEFINER VIEW `v` AS …"): the definer's user and host, the
// kind and the name (a schema-qualified name keeps its last part).
var reObject = regexp.MustCompile("(?i)\\bDEFINER\\s*=\\s*`((?:[^`]|``)*)`@`((?:[^`]|``)*)`[^;]{0,200}?" +
	"\\b(FUNCTION|PROCEDURE|TRIGGER|EVENT|VIEW)\\s+(?:IF\\s+NOT\\s+EXISTS\\s+)?" +
	"(`(?:[^`]|``)*`|[A-Za-z0-9_$]+)(?:\\s*\\.\\s*(`(?:[^`]|``)*`|[A-Za-z0-9_$]+))?")

// objects collects a dump's DumpObjects (Dump.Objects).
type objects struct {
	list    []profile.DumpObject
	omitted int
	// pending is a mysqldump line naming a DEFINER but no kind: a view's
	// "/*!50013 DEFINER=… SQL SECURITY DEFINER */", whose "VIEW `v` AS"
	// is on the next line.
	pending string
}

// add records the objects text (a whole mydumper schema file) creates in
// schema.
func (o *objects) add(schema, text string) {
	if !strings.Contains(strings.ToUpper(text), "DEFINER") {
		return
	}
	for _, m := range reObject.FindAllStringSubmatch(text, -1) {
		o.record(schema, m)
	}
}

// addLine is add for one line of a mysqldump file, joined to the line
// before when that named a DEFINER without what it defines.
func (o *objects) addLine(schema, line string) {
	text := line
	if o.pending != "" {
		text, o.pending = o.pending+"\n"+line, ""
	}
	if !strings.Contains(strings.ToUpper(text), "DEFINER") {
		return
	}
	ms := reObject.FindAllStringSubmatch(text, -1)
	for _, m := range ms {
		o.record(schema, m)
	}
	if len(ms) == 0 && len(line) < 4096 {
		o.pending = line
	}
}

// sorted is the objects by schema, kind and name (a mydumper dump's files
// are read in no set order).
func (o *objects) sorted() []profile.DumpObject {
	slices.SortStableFunc(o.list, func(a, b profile.DumpObject) int {
		return cmp.Or(cmp.Compare(a.Schema, b.Schema), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Name, b.Name))
	})
	return o.list
}

// unquoteName is a name as SQL wrote it, without its backquotes.
func unquoteName(s string) string {
	if len(s) >= 2 && s[0] == '`' && s[len(s)-1] == '`' {
		return strings.ReplaceAll(s[1:len(s)-1], "``", "`")
	}
	return s
}

// record adds one match of reObject.
func (o *objects) record(schema string, m []string) {
	if len(o.list) >= profile.MaxDumpObjects {
		o.omitted++
		return
	}
	name := m[4]
	if m[5] != "" {
		schema, name = unquoteName(name), m[5]
	}
	name = unquoteName(name)
	o.list = append(o.list, profile.DumpObject{Kind: strings.ToLower(m[3]), Schema: schema, Name: name,
		Definer: strings.ReplaceAll(m[1], "``", "`") + "@" + strings.ReplaceAll(m[2], "``", "`")})
}
