// Command mytune measures a machine and the disk under a MySQL/MariaDB data
// directory, reads what the server is set to, and says which settings and
// how many threads this hardware wants.
package main

import (
	"os"

	"github.com/mytune/mytune/internal/connflags"
)

// main runs mytune on its arguments, the passwords among them hidden from
// ps first, as the mysql client hides its own (connflags.HideSecrets).
func main() {
	os.Exit(run(connflags.HideSecrets(os.Args[1:]), os.Stdin, os.Stdout, os.Stderr))
}
