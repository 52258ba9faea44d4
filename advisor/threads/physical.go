package threads

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/mytune/mytune/internal/shellquote"
	"github.com/mytune/mytune/profile"
)

// PrepareMemoryDefaultBytes is mariadb-backup's and XtraBackup's
// --use-memory default, the buffer pool --prepare recovers in (MariaDB KB
// "mariadb-backup Options", --use-memory: 100M).
const PrepareMemoryDefaultBytes = 100 << 20

// PrepareMemoryPerRedoByte is the --use-memory that holds one byte of the
// redo a --prepare applies in one recovery batch. Measured
// (docs/benchmarks/physical-restore.md): MariaDB 10.11.19's --prepare of a
// backup with 529 MB of redo at --use-memory=1G parsed 493 MB into its
// first batch ("Multi-batch recovery needed at LSN …"): 2.18 bytes a byte.
// Fewer batches write each page fewer times, which a slow disk pays for.
const PrepareMemoryPerRedoByte = 2.2

// physicalCopySlowClasses are the storage classes whose copy is bounded by
// the disk's bandwidth, where --parallel copies gain nothing: on a 15 MB/s
// bed, --parallel=4 copied and settled a 521 MB backup in 36.6-37.4 s
// against 36.1-39.1 s at 1 (docs/benchmarks/physical-restore.md).
var physicalCopySlowClasses = map[string]bool{profile.ClassSDCard: true, profile.ClassHDD: true}

// PhysicalParallelMax caps copy-back's --parallel, a copy a core below it: on 2
// cores (fast bed, 521 MB) 2 copies settled in 1.41-2.16 s, 1 in 2.07-3.74 s,
// 4 in 1.80-2.27 s (docs/benchmarks/physical-restore.md); above 2 cores unmeasured.
const PhysicalParallelMax = 4

// physicalPlan is the restore plan for a physical backup (mariadb-backup,
// Percona XtraBackup): prepare it, copy its files into the emptied
// datadir, sync, give them to the server's user. It never prints a line
// that stops the server or moves or removes its files: those steps are
// said in words.
func physicalPlan(p *profile.Profile, o Options) Plan {
	elsewhere := p.Storage.ServerElsewhere
	view := p.ServersView() // a disk or host that is not the server's prices nothing
	p = &view
	b := p.Backup
	plan := Plan{Commands: []string{}, Warnings: physicalWarnings(p, o), Temporary: []Setting{}, Notes: []string{}}
	if elsewhere != "" {
		plan.Warnings = append(plan.Warnings, "the server is not on this machine ("+elsewhere+"): a physical restore runs on "+
			"the database host, into its datadir; run mytune advise --dump there for lines and times of that host")
	}
	par, why := copyParallel(p)
	plan.Load = Choice{Threads: par, Why: why, Basis: BasisModelled}
	if b.Type == profile.BackupIncremental || b.Encrypted != "" || (b.Partial && !b.SystemSchema) {
		plan.Notes = append(plan.Notes, "no restore lines: this backup cannot be copied back as it is (see the warnings)")
		return plan
	}
	mem := prepareMemory(p)
	plan.Commands = physicalCommands(p, par, mem)
	plan.EstimatedLoad = physicalEstimate(p, mem)
	plan.Notes = physicalNotes(p, mem)
	return plan
}

// backupTool is the program that restores backup b: XtraBackup's own for
// its backups, the name mariadb-backup ran under for its (mariabackup
// before MariaDB 10.4.6 had no other; a symlink to mariadb-backup since),
// mariadb-backup otherwise.
func backupTool(b *profile.PhysicalBackup) string {
	switch {
	case strings.EqualFold(b.Tool, "xtrabackup"):
		return "xtrabackup"
	case strings.EqualFold(b.Tool, "mariabackup"):
		return "mariabackup"
	}
	return "mariadb-backup"
}

// physicalCommands are the restore's lines: decompress (when compressed),
// prepare (unless prepared), copy back, sync, chown.
func physicalCommands(p *profile.Profile, parallel int, mem uint64) []string {
	b := p.Backup
	tool, dir := backupTool(b), shellWord(b.Path)
	var cmds []string
	if b.Compressed != "" {
		cmds = append(cmds, fmt.Sprintf("%s --decompress --remove-original --target-dir=%s", tool, dir))
	}
	if !b.Prepared() {
		cmds = append(cmds, fmt.Sprintf("%s --prepare --target-dir=%s --use-memory=%dM", tool, dir, mem>>20))
	}
	datadir := restoreDatadir(p)
	logDir, undoDir := restoreDirs(p, datadir)
	copyLine := fmt.Sprintf("%s --copy-back --target-dir=%s --parallel=%d", tool, dir, parallel)
	if datadir != "" {
		copyLine += " --datadir=" + shellWord(datadir)
	}
	cmds = append(cmds, copyLine+copyBackDirFlags(logDir, undoDir), syncLine(b, datadir, logDir, undoDir))
	owner := p.Backup.DatadirOwner
	if owner != "" && chownSafe(datadir) {
		// The trailing slash: chown -R on a symlink to the datadir changes
		// nothing beneath it (coreutils 9.1, review r44); DIR/ follows it.
		cmds = append(cmds, fmt.Sprintf("chown -R %s %s", shellWord(owner), shellWord(datadir+"/")))
	}
	if owner != "" {
		cmds = append(cmds, outsideChowns(b, owner, logDir, undoDir)...)
	}
	return cmds
}

// restoreDatadir is the datadir the backup goes into: the server's own
// when it was read, else the directory measured; "" when neither.
func restoreDatadir(p *profile.Profile) string {
	if s := p.Server; s != nil && s.Datadir != "" {
		return filepath.Clean(s.Datadir)
	}
	if p.Storage.Path != "" {
		return filepath.Clean(p.Storage.Path)
	}
	return ""
}

// chownSafe reports whether a recursive chown of dir is a line worth
// printing: an absolute path two levels deep or more, never / or a
// top-level system directory.
func chownSafe(dir string) bool {
	if dir == "" || !filepath.IsAbs(dir) {
		return false
	}
	return len(strings.Split(strings.Trim(dir, "/"), "/")) >= 2
}

// prepareWritesSlow reports whether the prepare's page writes are worth
// memory: the backup is on the datadir's filesystem (the disk measured)
// and that disk takes fewer than SlowDiskWriteIOPS random writes a second
// at its peak. Measured (docs/benchmarks/physical-restore.md): on the sd
// bed (150 writes/s) a prepare at 1G or 576M took 131-132 s where 100M
// took 247-267 s; on the fast bed and this VM's disk more memory gained
// nothing and cost time (576M 8.0-9.7 s against 100M 7.0-7.2 s; 1G
// 19.1-25.5 s against 19.0-19.2 s).
func prepareWritesSlow(p *profile.Profile) bool {
	if same := p.Backup.SameFilesystemAsDatadir; same == nil || !*same || !p.Storage.Measured {
		return false
	}
	iops := peakRandBytesPerSec(p.Storage, MaxThreads) / PageBytes
	return iops > 0 && iops < SlowDiskWriteIOPS
}

// shellWord is s as one shell word.
func shellWord(s string) string { return shellquote.Word(s) }

// copyParallel is copy-back's --parallel and why: 1 where the disk's
// bandwidth bounds the copy, else one per core up to PhysicalParallelMax.
func copyParallel(p *profile.Profile) (int, string) {
	s := p.Storage
	if physicalCopySlowClasses[s.Class] {
		return 1, fmt.Sprintf("copy-back writes the backup's files one after another; on this %s (%.0f MB/s sequential writes "+
			"measured) the disk's bandwidth bounds the copy, and more parallel copies gained nothing where measured", s.Class, s.SeqWrite.MBPerS)
	}
	c := coresOf(p.Host)
	n := min(max(c.n, 1), PhysicalParallelMax)
	return n, fmt.Sprintf("copy-back's --parallel copies %d files at once: %s, a disk classed %s", n, c.why, profile.OrUnknown(s.Class))
}

// prepareMemory is --use-memory for the prepare: on a disk of slow random
// writes (prepareWritesSlow), enough to apply the backup's redo in one
// batch (PrepareMemoryPerRedoByte), never below the default, and never
// more than half of the memory the host has available now (the server,
// stopped for the restore, frees its own); the default elsewhere.
func prepareMemory(p *profile.Profile) uint64 {
	if !prepareWritesSlow(p) {
		return PrepareMemoryDefaultBytes
	}
	want := uint64(float64(p.Backup.RedoBytes) * PrepareMemoryPerRedoByte)
	room := p.Host.Memory.AvailableBytes / 2
	if m := p.Host.Memory; m.LimitBytes > 0 && m.LimitBytes > m.LimitUsedBytes && (m.LimitBytes-m.LimitUsedBytes)/2 < room {
		room = (m.LimitBytes - m.LimitUsedBytes) / 2
	}
	if room > 0 && want > room {
		want = room
	}
	want = (want + 64<<20 - 1) / (64 << 20) * (64 << 20) // whole 64 MiB
	return max(want, PrepareMemoryDefaultBytes)
}
