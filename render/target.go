package render

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// TargetLine says which server the advice is for and why: "MariaDB
// 10.11 — installed /usr/sbin/mariadbd 10.11.19-MariaDB-0+deb12u1", or for
// an unknown target how the cnf is written instead.
func TargetLine(t profile.Target) string {
	if t.Source == "unknown" || t.Flavor == "" {
		return fmt.Sprintf("unknown — %s: the findings name the servers they are for, and the my.cnf puts each server's lines in groups only that server reads (pass --target to choose one)", t.Reason)
	}
	why := t.Reason
	if why == "" {
		why = "from " + t.Source
	}
	return fmt.Sprintf("%s %s — %s", profile.FlavorName(t.Flavor), t.Version, why)
}
