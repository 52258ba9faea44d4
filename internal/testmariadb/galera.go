package testmariadb

import "os"

// GaleraProvider is the machine's Galera library (Debian's galera-4,
// RHEL's galera-4), "" when none is installed: tests that start a Galera
// node pass it as --wsrep-provider.
func GaleraProvider() string {
	for _, p := range []string{"/usr/lib/galera/libgalera_smm.so", "/usr/lib/galera-4/libgalera_smm.so",
		"/usr/lib64/galera-4/libgalera_smm.so", "/usr/lib64/galera/libgalera_smm.so"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}
