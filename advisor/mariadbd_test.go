package advisor

import (
	"bufio"
	"strings"
)

// mariadbdPath is the Debian 12 location of the MariaDB server binary;
// TestEveryFragmentProven (fragments_test.go) runs it on every fragment.
const mariadbdPath = "/usr/sbin/mariadbd"

// helpValues reads the "name  value" table at the end of --verbose --help.
func helpValues(out string) map[string]string {
	m := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 2 {
			m[f[0]] = f[1]
		}
	}
	return m
}

// normBool maps mariadbd's TRUE/FALSE to ON/OFF.
func normBool(s string) string {
	switch strings.ToUpper(s) {
	case "TRUE":
		return "ON"
	case "FALSE":
		return "OFF"
	}
	return s
}
