package storage

import (
	"os"
	"path/filepath"
	"sort"
)

// btrfsFS lists dir first, then the other devices of the btrfs whose
// member it is (<sys>/fs/btrfs/<fsid>/devices/*, kernel
// Documentation/ABI/testing/sysfs-fs-btrfs): a btrfs over several disks
// (RAID1 across an SSD and an SD card) writes to all of them. layout is
// that btrfs's data profile (btrfsDataProfile). Just dir and "" when it is
// in no btrfs.
func (rs *resolver) btrfsFS(dir string) (members []string, layout string) {
	out := []string{dir}
	fsids, _ := filepath.Glob(filepath.Join(rs.r.Sys, "fs", "btrfs", "*", "devices"))
	for _, d := range fsids {
		ents, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		var found bool
		var all []string
		for _, e := range ents {
			p, err := filepath.EvalSymlinks(filepath.Join(d, e.Name()))
			if err != nil {
				continue
			}
			found = found || p == dir
			all = append(all, p)
		}
		if found {
			sort.Strings(all)
			return appendNew(out, all...), btrfsDataProfile(filepath.Dir(d))
		}
	}
	return out, ""
}

// btrfsDataProfile is the profile the btrfs whose sysfs dir is fsDir keeps
// its data in: the one directory under allocation/data/ named for a
// profile ("single", "dup", "raid0", "raid1", "raid1c3", "raid1c4",
// "raid10", "raid5", "raid6"; fs/btrfs/sysfs.c lists a profile there once
// chunks of it exist). "" when none or several (a balance converting).
func btrfsDataProfile(fsDir string) string {
	ents, err := os.ReadDir(filepath.Join(fsDir, "allocation", "data"))
	if err != nil {
		return ""
	}
	found := ""
	for _, e := range ents {
		if !e.IsDir() || !btrfsProfiles[e.Name()] {
			continue
		}
		if found != "" {
			return ""
		}
		found = e.Name()
	}
	return found
}

// btrfsProfiles are btrfs's block-group profiles as sysfs names them
// (fs/btrfs/volumes.c btrfs_raid_array .raid_name).
var btrfsProfiles = map[string]bool{"single": true, "dup": true, "raid0": true, "raid1": true,
	"raid1c3": true, "raid1c4": true, "raid10": true, "raid5": true, "raid6": true}

// mdLevel is an md array's level (<dir>/md/level: "raid1", "raid5", …,
// Documentation/admin-guide/md.rst); "" for another device.
func mdLevel(dir string) string {
	v, _ := readAttr(dir, "md", "level")
	return v
}

// baseNames are the kernel names of the device dirs.
func baseNames(dirs []string) []string {
	out := make([]string, len(dirs))
	for i, d := range dirs {
		out[i] = filepath.Base(d)
	}
	return out
}
