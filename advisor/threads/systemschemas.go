package threads

import (
	"fmt"
	"strings"
)

// UserSchemasSuffix names the directory of links the load of a mydumper
// dump holding the server's own schemas reads instead of the dump:
// DIR.user-schemas beside DIR.
const UserSchemasSuffix = ".user-schemas"

// userSchemasLines link every file of the dump directory but those of the
// server's own schemas (mydumper names them schema.table… and
// schema-schema-create…) into DIR.user-schemas, and return it: myloader
// 0.10 has no --regex to leave them out, and loading them fails on every
// target ("Table 'help_keyword' already exists", QA on MariaDB 10.11: exit
// 1 with 138 errors) or, with --overwrite-tables, replaces its accounts.
// The dump stays as it is; myloader follows the links (mytune's restore
// test, probe/dump/testdata/mydumper-0.10-links).
func userSchemasLines(dd dirs) (line, dir string) {
	dir = strings.TrimRight(dd.load, "/") + UserSchemasSuffix
	var skip []string
	for _, s := range dd.system {
		skip = append(skip, "! -name "+shQuote(s+".*"), "! -name "+shQuote(s+"-schema-*"))
	}
	line = fmt.Sprintf("mkdir -p %s && find %s -maxdepth 1 -xtype f %s -exec ln -sf -t %s {} +",
		shQuote(dir), shQuote(dd.load), strings.Join(skip, " "), shQuote(dir))
	return line, dir
}

// systemSchemasLoadNote says why the load reads DIR.user-schemas.
func systemSchemasLoadNote(dd dirs, dir string) string {
	return fmt.Sprintf("the dump holds the server's own schemas (%s), which every target has: loading them fails "+
		"(\"Table … already exists\") or, with --overwrite-tables, replaces the target's accounts; the first line links every other "+
		"file into %s and myloader loads that, leaving the dump as it is (remove the directory after); copy accounts and grants "+
		"separately (SHOW CREATE USER and SHOW GRANTS on the source)", strings.Join(dd.system, ", "), dir)
}
