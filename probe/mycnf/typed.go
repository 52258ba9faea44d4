package mycnf

import (
	"bufio"
	"embed"
	"sort"
	"strings"
	"sync"
)

// optionFiles are the option tables of options/ (provenance in each
// file's header): mariadbd 10.11's own --help list, MySQL 8.4's SHOW
// VARIABLES.
//
//go:embed options/*.txt
var optionFiles embed.FS

// Flavors, as profile.Flavor* spells them.
const (
	flavorMySQL   = "mysql"
	flavorMariaDB = "mariadb"
)

// tableVersion is the server series each option table was taken from.
var tableVersion = map[string]string{flavorMariaDB: "10.11", flavorMySQL: "8.4"}

var (
	tablesOnce sync.Once
	tables     map[string]map[string]string // flavor → option name → kind
	tableNames map[string][]string          // flavor → sorted names
)

// optionKind is how a server takes option name: "num", "numopt", "dbl",
// "bool", "str", "flag", or "" when the table does not list it.
func optionKind(flavor, name string) string {
	loadTables()
	return tables[flavor][name]
}

func loadTables() {
	tablesOnce.Do(func() {
		tables, tableNames = map[string]map[string]string{}, map[string][]string{}
		for flavor, file := range map[string]string{flavorMariaDB: "options/mariadb-10.11.txt", flavorMySQL: "options/mysql-8.4.txt"} {
			tables[flavor] = readTable(file)
			for name := range tables[flavor] {
				tableNames[flavor] = append(tableNames[flavor], name)
			}
			sort.Strings(tableNames[flavor])
		}
	})
}

// readTable reads "name<TAB>kind" lines; '#' lines are provenance.
func readTable(file string) map[string]string {
	m := map[string]string{}
	f, err := optionFiles.Open(file)
	if err != nil {
		return m // embedded at build time: cannot fail
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if name, kind, ok := strings.Cut(sc.Text(), "\t"); ok && !strings.HasPrefix(name, "#") {
			m[strings.ToLower(name)] = kind
		}
	}
	return m
}

// prefixMatches lists the table's names that start with name.
func prefixMatches(flavor, name string) []string {
	loadTables()
	names := tableNames[flavor]
	var out []string
	for i := sort.SearchStrings(names, name); i < len(names) && strings.HasPrefix(names[i], name); i++ {
		out = append(out, names[i])
	}
	return out
}

// numSuffix are the multipliers my_getopt's eval_num_suffix knows.
var numSuffix = map[byte]bool{'k': true, 'K': true, 'm': true, 'M': true, 'g': true, 'G': true,
	't': true, 'T': true, 'p': true, 'P': true, 'e': true, 'E': true}

// serverNumber reads an integer option value as my_getopt's
// eval_num_suffix does in both servers (MySQL mysys/my_getopt.cc,
// MariaDB mysys/my_getopt.c): strtoll's digits, then only the first
// character after them, which must be a K/M/G/T/P/E suffix or nothing;
// what follows the suffix letter is ignored ("1GB" is 1G). canon is the
// value as the server reads it (digits plus suffix letter); ok is false
// when the server refuses the value, bad then being the offending byte.
func serverNumber(v string) (canon string, bad byte, ok bool) {
	i := 0
	for i < len(v) && isSpace(v[i]) {
		i++ // strtoll skips leading blanks
	}
	if i < len(v) && (v[i] == '-' || v[i] == '+') {
		i++
	}
	j := i
	for j < len(v) && v[j] >= '0' && v[j] <= '9' {
		j++
	}
	digits := strings.TrimLeft(v[:j], " \t\n\v\f\r")
	if j == i {
		// strtoll read no digits: the number is 0 and the suffix is
		// looked for at the very start, blanks and sign included.
		digits, j = "0", 0
	}
	if j == len(v) {
		return digits, 0, true
	}
	if !numSuffix[v[j]] {
		return "", v[j], false
	}
	return digits + string(v[j]), 0, true
}

// boolWord reports whether my_getopt's get_bool_argument knows v (both
// servers: 1/0, ON/OFF, TRUE/FALSE, any case); any other value, "yes"
// included, is read as OFF with a warning.
func boolWord(v string) bool {
	switch strings.ToLower(v) {
	case "1", "0", "on", "off", "true", "false":
		return true
	}
	return false
}
