package probe

import (
	"errors"
	"fmt"
	"slices"

	"github.com/mytune/mytune/diskio"
	"github.com/mytune/mytune/profile"
)

// memoryFSTypes keep their files in RAM: a test file there takes memory.
var memoryFSTypes = map[string]bool{"tmpfs": true, "ramfs": true}

// cowFSTypes copy on write: a block rewritten takes a new one until the
// transaction commits, so the random writes over the test file may hold up
// to twice its size (review: btrfs with 889 MiB free lost 85 MiB during a
// run over a 44 MiB test file, 10% of the free space where 5% is promised).
var cowFSTypes = map[string]bool{"btrfs": true, "zfs": true, "bcachefs": true}

// memoryRoom is the free space the probe plans its test file with. On
// storage kept in RAM (tmpfs, ramfs, zram or a loop device over a tmpfs
// file) the file takes memory, charged to the probe's memory cgroup, so
// the room is the smaller of the filesystem's free space and the memory
// available now (profile.Memory.AvailableNowBytes): a 20 GiB tmpfs in a
// 900 MiB cgroup is not 20 GiB of room, and a ramfs, which reports no
// size at all, has the memory. byMemory says memory was the room.
func memoryRoom(st profile.Storage, mem profile.Memory) (free uint64, byMemory bool) {
	if !memoryFSTypes[st.FSType] && st.Device.Transport != profile.TransportMemory {
		return st.FreeBytes, false
	}
	room, ok := mem.AvailableNowBytes()
	if !ok || (room >= st.FreeBytes && st.TotalBytes > 0) {
		return st.FreeBytes, false
	}
	return room, true // ramfs reports no size (0 blocks): memory is all there is
}

// memoryWhere names the memory memoryRoom took: the commit limit's, the cgroup's or the host's.
func memoryWhere(mem profile.Memory) string {
	if mem.AvailableNowSource() == profile.RoomCommit {
		return "the commit limit less what is committed (vm.overcommit_memory = 2)"
	}
	if mem.AvailableNowLimited() {
		return "the memory cgroup's limit less what it uses"
	}
	return "MemAvailable"
}

// planBudget sizes the test file (diskio.Budget) and the byte budget:
// maxBytes caps what the run writes, ceiling is what a default budget may
// grow to (0 for an explicit --max-bytes). Storage kept in RAM is planned
// against memoryRoom, and a note says so.
func planBudget(o Options, st *profile.Storage, mem profile.Memory) (fileBytes, maxBytes, ceiling uint64, err error) {
	free, byMemory := memoryRoom(*st, mem)
	maxBytes = o.MaxBytes
	if maxBytes == 0 {
		maxBytes, ceiling = diskio.DefaultMaxBytes, diskio.GrowCeiling(free)
	}
	fileBytes, note, err := diskio.Budget(free, maxBytes)
	switch {
	case errors.Is(err, diskio.ErrNoSpace) && byMemory:
		return 0, 0, 0, inputf("%s: %w: it is kept in RAM (%s), so the test file takes memory, and only %d MiB is available now (%s), "+
			"less than the %d MiB the probe needs: give %s, or free memory", st.Path, diskio.ErrNoSpace,
			st.FSType, free/diskio.MiB, memoryWhere(mem), diskio.MinFreeBytes/diskio.MiB, o.skip())
	case errors.Is(err, diskio.ErrNoSpace) && st.TotalBytes == 0 && st.FSType != "":
		return 0, 0, 0, inputf("%s: %w: its filesystem (%s) reports no size at all (0 bytes in all), as virtual filesystems such as "+
			"proc and sysfs do, so it holds no data: give the directory that holds (or will hold) the MySQL data, or %s",
			st.Path, diskio.ErrNoSpace, st.FSType, o.skip())
	case errors.Is(err, diskio.ErrNoSpace) && st.TotalBytes > 0 && st.TotalBytes < diskio.MinFreeBytes:
		return 0, 0, 0, inputf("%s: %w: the filesystem holds only %s in all, less than the %d MiB free the probe needs, so freeing space "+
			"cannot help: give %s, or a --datadir on a larger filesystem", st.Path, diskio.ErrNoSpace,
			profile.HumanBytes(st.TotalBytes), diskio.MinFreeBytes/diskio.MiB, o.skip())
	case err != nil:
		return 0, 0, 0, inputf("%s: %w", st.Path, err)
	}
	share := fileBytes
	if fileBytes, err = cowBudget(o, st, free, maxBytes, fileBytes); err != nil {
		return 0, 0, 0, err
	}
	if fileBytes < share {
		note = "" // it named the share before halving (review r59: "shrunk … to 53 MiB" beside a 26 MiB file)
	}
	if fileBytes, err = fitFileSizeLimit(st, fileBytes, fileSizeLimit(), o.skip()); err != nil {
		return 0, 0, 0, err
	}
	if byMemory {
		fsFree := fmt.Sprintf("not the %d MiB the filesystem has free", st.FreeBytes/diskio.MiB)
		if st.TotalBytes == 0 {
			fsFree = st.FSType + " sets no size"
		}
		st.Notes = append(st.Notes, fmt.Sprintf("the storage is kept in RAM, so the test file takes memory: it is sized to the %d MiB "+
			"available now (%s); %s", free/diskio.MiB, memoryWhere(mem), fsFree))
	}
	if note != "" {
		st.Notes = append(st.Notes, note)
	}
	return fileBytes, maxBytes, ceiling, nil
}

// cowBudget sizes the test file on a filesystem that copies on write
// (cowFSTypes, unless mounted nodatacow): to half the usual share of the
// free space, since rewriting it takes new blocks until they are committed
// (up to twice its size). Where even the smallest test file would be more
// than that half share (less than twice diskio.MinFreeBytes free) it
// refuses: the run would take up to 10% of the free space (review r59:
// btrfs with 404 MiB free fell to 365 MiB during a run over a 20 MiB test
// file, 9.7%, where 5% is promised).
func cowBudget(o Options, st *profile.Storage, free, maxBytes, fileBytes uint64) (uint64, error) {
	if !cowFSTypes[st.FSType] || slices.Contains(st.MountOptions, "nodatacow") {
		return fileBytes, nil
	}
	half, _, err := diskio.Budget(free/2, maxBytes)
	if errors.Is(err, diskio.ErrNoSpace) {
		return 0, inputf("%s: %w: %s free on %s, which copies on write: rewriting the test file takes new blocks until they "+
			"are committed, up to twice its size, so the smallest test file (%d MiB) stays within 5%% of the free space only "+
			"from %d MiB free; free at least that, or give %s", st.Path, diskio.ErrNoSpace, profile.HumanBytes(free), st.FSType,
			diskio.MinFileBytes/diskio.MiB, 2*diskio.MinFreeBytes/diskio.MiB, o.skip())
	}
	if err != nil || half >= fileBytes {
		return fileBytes, nil
	}
	st.Notes = append(st.Notes, fmt.Sprintf("%s copies on write, so rewriting the test file takes new blocks until they are "+
		"committed (up to twice its size): it is sized to half the usual share of the free space, %d MiB", st.FSType, half/diskio.MiB))
	return half, nil
}
