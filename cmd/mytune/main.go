// Command mytune measures a machine and the disk under a MySQL/MariaDB data
// directory, reads what the server is set to, and says which settings and
// how many threads this hardware wants.
package main

import "os"

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
