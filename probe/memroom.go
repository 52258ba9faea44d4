package probe

import (
	"fmt"

	"github.com/mytune/mytune/profile"
)

// memRoomShare: a memory measurement may take at most 1/memRoomShare of
// what this process may still take (profile.Memory.AvailableNowBytes): in
// a 30 MiB cgroup, where mytune itself holds ~20 MiB (23 MB RSS measured
// with --no-measure), the 16 MiB chase was OOM-killed (a review); half
// leaves the rest for mytune's own heap while the buffer lives.
const memRoomShare = 2

// memRoomGap is the gap text when a measurement of bytes does not fit in
// m's room, "" when it fits or the room is unknown.
func memRoomGap(m profile.Memory, what string, bytes uint64) string {
	room, ok := m.AvailableNowBytes()
	if !ok || bytes*memRoomShare <= room {
		return ""
	}
	where := "the host's available memory"
	switch {
	case m.AvailableNowSource() == profile.RoomCommit:
		where = fmt.Sprintf("the %d MiB commit limit less the %d MiB committed: vm.overcommit_memory = 2", m.CommitLimitBytes>>20, m.CommittedBytes>>20)
	case m.LimitBytes > 0:
		where = fmt.Sprintf("its cgroup's %d MiB limit", m.LimitBytes>>20)
	}
	return fmt.Sprintf("not measured: the %s's %d MiB would be more than 1/%d of the %d MiB this process may still take (%s)",
		what, bytes>>20, memRoomShare, room>>20, where)
}
