// Package server reads a live MySQL/MariaDB server (SHOW and SELECT only,
// every query tagged /* mytune */) or saved captures of SHOW GLOBAL
// VARIABLES/STATUS into a profile.Server.
package server

import (
	"strings"

	"github.com/mytune/mytune/profile"
)

// DetectFlavor names the server from @@version and @@version_comment:
// MariaDB says so in its version (or comment, "mariadb.org binary
// distribution"), Percona Server and PXC in the comment; else MySQL.
func DetectFlavor(version, comment string) string {
	lv, lc := strings.ToLower(version), strings.ToLower(comment)
	switch {
	case strings.Contains(lv, "mariadb") || strings.Contains(lc, "mariadb"):
		return profile.FlavorMariaDB
	case strings.Contains(lc, "percona"):
		return profile.FlavorPercona
	}
	return profile.FlavorMySQL
}
