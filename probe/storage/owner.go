package storage

import (
	"os/user"
	"strconv"
)

// Owner is "user:group" owning path, by name where this host's user and
// group databases name the ids, else by number; "" when path cannot be
// read.
func Owner(path string) string {
	uid, gid, err := statOwner(path)
	if err != nil {
		return ""
	}
	u, g := strconv.FormatUint(uint64(uid), 10), strconv.FormatUint(uint64(gid), 10)
	if name, err := user.LookupId(u); err == nil {
		u = name.Username
	}
	if grp, err := user.LookupGroupId(g); err == nil {
		g = grp.Name
	}
	return u + ":" + g
}
