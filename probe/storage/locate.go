package storage

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/mytune/mytune/internal/shellquote"
	"github.com/mytune/mytune/probe/storage/mountinfo"
	"github.com/mytune/mytune/profile"
)

// locateTimeout bounds the sysfs walk. Every read is a small kernel-made
// file answered from memory; 5 s only trips on a hung tree.
const locateTimeout = 5 * time.Second

// Locate finds where path lives: the mount, the device chain down to the
// leaf disk(s), and the leaf's labels. It fills Path, FSType, MountPoint,
// MountSource, MountOptions, Device, FreeBytes and TotalBytes, and
// PathQuoted when Path cannot be printed as it is.
//
// The error is only for a path that cannot be resolved or stat'ed; it wraps
// the os error so callers can test errors.Is(err, fs.ErrNotExist) or
// fs.ErrPermission. Everything else degrades to gaps.
func Locate(ctx context.Context, r Roots, path string) (profile.Storage, []profile.Gap, error) {
	ctx, cancel := context.WithTimeout(ctx, locateTimeout)
	defer cancel()
	abs, err := filepath.Abs(path)
	if err != nil {
		return profile.Storage{}, nil, fmt.Errorf("making %s absolute: %w", path, err)
	}
	real, err := RealPath(abs)
	if err != nil {
		return profile.Storage{}, nil, fmt.Errorf("resolving data directory %s: %w (check it exists and is readable)", path, err)
	}
	major, minor, err := statDev(real)
	if err != nil {
		return profile.Storage{}, nil, fmt.Errorf("reading the data directory: %w", err)
	}
	s := profile.Storage{Path: real}
	if shellquote.NeedsEscapes(real) {
		s.PathQuoted = shellquote.DollarQuoted(real)
	}
	var gaps []profile.Gap
	if s.FreeBytes, s.TotalBytes, err = statSpace(real); err != nil {
		gaps = append(gaps, profile.Gap{Probe: "storage.statfs",
			Reason: fmt.Sprintf("statfs %s failed (%v): free and total space unknown, so the write budget cannot be capped by free space", real, err)})
	}
	rs := newResolver(ctx, r)
	rs.locateOn(&s, major, minor)
	return s, append(gaps, rs.gaps...), nil
}

// locateOn fills the mount and device facts of s.Path, whose filesystem has
// the device number major:minor, from the roots.
func (rs *resolver) locateOn(s *profile.Storage, major, minor uint32) {
	m, ok := rs.mountOf(s.Path, major, minor)
	if ok {
		s.FSType = m.FSType
		s.MountPoint = m.MountPoint
		s.MountSource = m.Source
		s.MountOptions = mergeOptions(m.Options, m.SuperOptions)
	}
	if t := fsTransport(s.FSType); t != "" {
		s.Device = profile.Device{Name: s.MountSource, Transport: t, DeviceMajorMinor: fmt.Sprintf("%d:%d", major, minor)}
		return
	}
	if major == 0 {
		s.Device = rs.anonymous(s, major, minor)
		return
	}
	s.Device = rs.device(major, minor)
}

// anonymous handles filesystems with an anonymous device number (major 0:
// overlayfs, btrfs subvolumes, zfs, fuse): it tries the mount source when
// that is a /dev path, and otherwise says what is unknown.
func (rs *resolver) anonymous(s *profile.Storage, major, minor uint32) profile.Device {
	unknown := profile.Device{Name: s.MountSource, Transport: profile.TransportUnknown,
		DeviceMajorMinor: fmt.Sprintf("%d:%d", major, minor)}
	src := s.MountSource
	if s.FSType == "overlay" {
		return rs.overlay(s, unknown)
	}
	if !strings.HasPrefix(src, "/dev/") {
		rs.gap("%s (%s) has an anonymous device number %d:%d and source %q, which is no block device; the disk under it is unknown",
			s.MountPoint, s.FSType, major, minor, src)
		return unknown
	}
	node := filepath.Join(rs.r.Dev, strings.TrimPrefix(src, "/dev/"))
	major, minor, err := blockDevNumber(node)
	if err != nil {
		rs.gap("%s (%s) has an anonymous device number; its source %s is not a readable block device (%v): the disk under it is unknown",
			s.MountPoint, s.FSType, node, err)
		return unknown
	}
	return rs.device(major, minor)
}

// overlay follows an overlay filesystem (a container's root without a
// volume) to the disk of its upper directory, where its writes go (the
// kernel's Documentation/filesystems/overlayfs.rst: "all modifications
// go to the upper, writable layer"); from inside the container that
// directory is not visible, and the gap says what to do.
func (rs *resolver) overlay(s *profile.Storage, unknown profile.Device) profile.Device {
	upper := ""
	for _, o := range s.MountOptions {
		if v, ok := strings.CutPrefix(o, "upperdir="); ok {
			upper = v
		}
	}
	if upper != "" && rs.overlays < maxDepth {
		// The upper directory is located like a datadir: on a block device,
		// on tmpfs (anonymous device number, memory) or on another overlay.
		if major, minor, err := rs.devOf(upper); err == nil {
			s.Notes = append(s.Notes, fmt.Sprintf("%s is an overlay filesystem: its writes go to its upper directory %s, "+
				"so the device is that directory's", s.MountPoint, upper))
			sub := profile.Storage{Path: upper}
			rs.overlays++
			rs.locateOn(&sub, major, minor)
			rs.overlays--
			return sub.Device
		}
	}
	rs.gap("%s is an overlay filesystem (a container's, without a volume for the datadir); its writes go to its upper "+
		"directory %s, which is not visible from here: the disk under it is unknown; give the datadir a volume, or run "+
		"mytune where that directory is visible (the host)", s.MountPoint, profile.OrUnknown(upper))
	return unknown
}

// mountOf picks the mount holding path: among mounts whose device is
// major:minor, the one whose mount point is the longest prefix of path (bind
// mounts of the same device stay apart); the last such line wins, as a later
// mount hides an earlier one on the same point.
func (rs *resolver) mountOf(path string, major, minor uint32) (mountinfo.Mount, bool) {
	pid, path := mountView(path)
	file := filepath.Join(rs.r.Proc, pid, "mountinfo")
	f, err := os.Open(file)
	if err != nil {
		rs.gap("reading %s: %v; filesystem type and mount options are unknown", file, err)
		return mountinfo.Mount{}, false
	}
	defer f.Close()
	mounts, err := mountinfo.Parse(f)
	if err != nil && len(mounts) == 0 {
		rs.gap("parsing %s: %v; filesystem type and mount options are unknown", file, err)
		return mountinfo.Mount{}, false
	}
	if m, ok := longestPrefix(mounts, path, func(m mountinfo.Mount) bool { return m.Major == major && m.Minor == minor }); ok {
		return m, true
	}
	m, ok := longestPrefix(mounts, path, func(mountinfo.Mount) bool { return true })
	if ok && (m.FSType == "btrfs" || m.FSType == "overlay") {
		// btrfs gives every subvolume an anonymous device number of its own
		// (st_dev), while mountinfo shows the filesystem's; an overlay's
		// files carry private device numbers of its layers (overlayfs.rst,
		// "Inode properties"): no mismatch to report.
		return m, true
	}
	if ok {
		rs.gap("no mount in %s has device %d:%d; using %s (%s), the longest mount point above %s",
			file, major, minor, m.MountPoint, m.FSType, path)
	} else {
		rs.gap("no mount in %s holds %s", file, path)
	}
	return m, ok
}

func longestPrefix(mounts []mountinfo.Mount, path string, keep func(mountinfo.Mount) bool) (mountinfo.Mount, bool) {
	best, found := mountinfo.Mount{}, false
	for _, m := range mounts {
		if !keep(m) || !under(path, m.MountPoint) {
			continue
		}
		if !found || len(m.MountPoint) >= len(best.MountPoint) {
			best, found = m, true
		}
	}
	return best, found
}

// under reports whether path is mountPoint or inside it.
func under(path, mountPoint string) bool {
	if mountPoint == "/" || path == mountPoint {
		return true
	}
	return strings.HasPrefix(path, strings.TrimSuffix(mountPoint, "/")+"/")
}

// mergeOptions lists the per-mount options, then the superblock options not
// already named ("rw,relatime" + "rw,discard" → rw, relatime, discard),
// with one access mode: "ro" when either says ro. A read-only bind mount
// of a read-write filesystem shows "ro" per mount and "rw" in the
// superblock options (proc(5), /proc/PID/mountinfo fields 6 and 11), and a
// filesystem remounted read-only shows "ro" in the superblock while older
// bind mounts still say "rw": writes fail (EROFS) either way.
func mergeOptions(mount, super []string) []string {
	ro := slices.Contains(mount, "ro") || slices.Contains(super, "ro")
	seen := map[string]bool{}
	var out []string
	for _, o := range append(append([]string(nil), mount...), super...) {
		if ro && o == "rw" {
			o = "ro"
		}
		if o != "" && !seen[o] {
			seen[o] = true
			out = append(out, o)
		}
	}
	return out
}
