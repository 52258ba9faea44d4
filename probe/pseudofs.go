package probe

import "github.com/mytune/mytune/profile"

// pseudoFSTypes are the kernel's virtual filesystems, which hold no files
// on any disk (proc(5), sysfs(5), the kernel's Documentation/filesystems
// and cgroup-v2.rst): a datadir given there is a mistake, and a probe there
// would measure nothing (QA: `--datadir /proc` was told "0 MiB free, free at
// least 320 MiB"). tmpfs and ramfs are not here: a database can live in
// memory, and the probe measures and classes that.
var pseudoFSTypes = map[string]bool{
	"proc": true, "sysfs": true, "cgroup": true, "cgroup2": true, "debugfs": true, "tracefs": true,
	"securityfs": true, "devpts": true, "mqueue": true, "configfs": true, "bpf": true, "pstore": true,
	"fusectl": true, "efivarfs": true, "binfmt_misc": true, "autofs": true, "nsfs": true, "rpc_pipefs": true,
	"selinuxfs": true, "hugetlbfs": true,
}

// pseudoFSError is the usage error for a datadir on a kernel virtual
// filesystem (pseudoFSTypes), nil for any other; skip names the flag
// that goes without measuring.
func pseudoFSError(st *profile.Storage, skip string) error {
	if !pseudoFSTypes[st.FSType] {
		return nil
	}
	return inputf("%s is on %s, a kernel virtual filesystem, not a disk: give --datadir the directory that holds the "+
		"database files (SELECT @@datadir), or %s", st.Path, st.FSType, skip)
}
