package testmariadb

import (
	"os"
	"slices"
	"strings"
)

// discoveryEnv is server.DiscoveryEnv, spelled here so that this package
// does not import the code it helps to test.
const discoveryEnv = "MYTUNE_DISCOVERY"

// ambientEnv are the variables by which the mysql client (and mytune's
// discovery) finds a server or a password the machine set up for itself.
var ambientEnv = []string{"MYSQL_HOST", "MYSQL_TCP_PORT", "MYSQL_UNIX_PORT", "MYSQL_PWD"}

// Hermetic makes this test process, and every mytune it starts, blind to
// any server the machine runs for itself: it sets MYTUNE_DISCOVERY=off
// (no ~/.my.cnf, no usual sockets, no 127.0.0.1:3306) and unsets the
// MYSQL_* variables that name a server or a password. Main calls it; a
// test that wants discovery sets MYTUNE_DISCOVERY=on for its own child.
func Hermetic() {
	_ = os.Setenv(discoveryEnv, "off")
	for _, k := range ambientEnv {
		_ = os.Unsetenv(k)
	}
}

// HermeticEnv returns environ with the same changes as Hermetic, for a
// child process started with an environment of its own.
func HermeticEnv(environ []string) []string {
	out := make([]string, 0, len(environ)+1)
	for _, kv := range environ {
		k, _, _ := strings.Cut(kv, "=")
		if k == discoveryEnv || slices.Contains(ambientEnv, k) {
			continue
		}
		out = append(out, kv)
	}
	return append(out, discoveryEnv+"=off")
}
