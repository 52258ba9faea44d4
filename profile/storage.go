package profile

// Storage holds where a directory lives (path → mount → device chain) and
// what its disk did when measured.
type Storage struct {
	Path string `json:"path"`
	// PathQuoted is Path as a bash word ($'…' with \xNN escapes), set
	// only when Path is not valid UTF-8 or holds control characters: a
	// JSON string carries UTF-8 only, so "path" shows U+FFFD for such
	// bytes, and this keeps them (as Dump.PathQuoted).
	PathQuoted   string   `json:"path_quoted,omitempty"`
	FSType       string   `json:"fstype"`
	MountPoint   string   `json:"mountpoint"`
	MountSource  string   `json:"mount_source,omitempty"`
	MountOptions []string `json:"mount_options"`
	Device       Device   `json:"device"`
	FreeBytes    uint64   `json:"free_bytes"`
	TotalBytes   uint64   `json:"total_bytes,omitempty"`

	// Measured is false when no measurement ran (e.g. --no-measure, or it failed).
	Measured bool `json:"measured"`
	// ServerElsewhere says why the directory measured is not where the
	// live server keeps its files (another machine, a container's own
	// mount namespace), "" when nothing shows it: the figures are this
	// machine's disk, not the server's, and the rules price nothing on them.
	ServerElsewhere string `json:"server_elsewhere,omitempty"`
	// DirectIO is true when the measurements used O_DIRECT; false means the
	// filesystem refused it and buffered I/O plus fdatasync was used.
	DirectIO     bool    `json:"direct_io"`
	BytesWritten uint64  `json:"bytes_written"`
	DurationS    float64 `json:"duration_s"`
	// FileBytes is the size of the test file the random phases ran over.
	FileBytes uint64 `json:"file_bytes,omitempty"`
	// MaxBytes is the byte budget the measurement kept to: --max-bytes, or
	// the default grown to what a fast disk showed it writes (diskio.GrowCeiling).
	MaxBytes uint64 `json:"max_bytes,omitempty"`
	// Rounds is how many round-robin rounds each random curve ran: each
	// point's IOPS is the median of that many slices.
	Rounds int `json:"rounds,omitempty"`
	// Conditions is the host's load and pressure around the measurement.
	Conditions *Conditions `json:"conditions,omitempty"`

	SeqWrite  Throughput    `json:"seq_write"`
	SeqRead   Throughput    `json:"seq_read"`
	Fsync     Latency       `json:"fsync"`
	RandWrite []ThreadPoint `json:"rand_write"`
	RandRead  []ThreadPoint `json:"rand_read"`

	Class         string   `json:"class"`
	ClassEvidence []string `json:"class_evidence"`
	// RedoDir is the redo log's filesystem when the server keeps it off
	// the datadir's (innodb_log_group_home_dir elsewhere); nil otherwise.
	RedoDir *RedoDir `json:"redo_dir,omitempty"`
	// BinlogDir is the binary log's filesystem when the server keeps it
	// off the datadir's (log_bin_basename elsewhere), in RedoDir's shape
	// (Setting is log_bin_basename); nil otherwise.
	BinlogDir *RedoDir `json:"binlog_dir,omitempty"`
	// TmpDir is the filesystem of innodb_tmpdir (else tmpdir), where an
	// index build writes its sort files, when the server on this host or
	// the my.cnf names it (nil otherwise).
	TmpDir *TmpDir `json:"tmp_dir,omitempty"`
	// FileDirs are the other sets of the server's files it keeps off the
	// datadir's filesystem (undo tablespaces, ibdata, Aria's log, DATA
	// DIRECTORY tables), one a filesystem and kind; absent when none.
	FileDirs []FileDir `json:"file_dirs,omitempty"`
	// RedoLogBytes is the size of the redo log files already in the
	// directory that keeps them (RedoDir, else the measured datadir):
	// ib_logfile0, ib_logfile1 … and #innodb_redo/*; 0 when there are none
	// or they could not be read.
	RedoLogBytes uint64 `json:"redo_log_bytes,omitempty"`
	// Notes are facts about the measurement a reader should know
	// ("O_DIRECT refused by tmpfs: buffered I/O used", "budget shrunk to 5% of free space").
	Notes []string `json:"notes"`
}

// Device is the block device under a mount: the chain from the mounted
// device down to the leaf disk, and that leaf's labels.
type Device struct {
	Name string `json:"name"`
	// Chain runs from the mounted device to the leaf disk, e.g. ["dm-0","nvme0n1"].
	Chain     []string `json:"chain"`
	Transport string   `json:"transport"`
	Model     string   `json:"model"`
	Vendor    string   `json:"vendor,omitempty"`
	// RotationalFlag is the kernel's queue/rotational label; it is only a hint.
	RotationalFlag bool `json:"rotational_flag"`
	// RotationalUnknown: queue/rotational could not be read (a user who may
	// not read it), so RotationalFlag's false tells nothing.
	RotationalUnknown bool `json:"rotational_unknown,omitempty"`
	// MountedRotationalFlag is queue/rotational of the device that holds
	// the filesystem when it has a queue of its own (a loop, dm or md
	// device, or a whole disk; nil for a partition, whose disk's flag is
	// RotationalFlag): the flag MariaDB 10.4.4+ reads to skip neighbour
	// flushing (rules.NeighborsSkipped).
	MountedRotationalFlag *bool  `json:"mounted_rotational_flag,omitempty"`
	LogicalBlockSize      int    `json:"logical_block_size"`
	PhysicalBlockSize     int    `json:"physical_block_size,omitempty"`
	SizeBytes             uint64 `json:"size_bytes"` // the first leaf disk's
	// DeviceSizeBytes is the mounted device's own size (a partition, an
	// LV, a loop device) when it is not the leaf disk; 0 otherwise.
	DeviceSizeBytes uint64 `json:"device_size_bytes,omitempty"`
	Scheduler       string `json:"scheduler,omitempty"`
	WriteCache      string `json:"write_cache,omitempty"` // "write back", "write through" or ""
	MMCType         string `json:"mmc_type,omitempty"`    // "SD", "MMC" for mmcblk devices
	BackingFile     string `json:"backing_file,omitempty"`
	// BackingFileDeleted: the backing file was deleted while the loop
	// device holds it open (sysfs loop/backing_file ends in " (deleted)").
	BackingFileDeleted bool `json:"backing_file_deleted,omitempty"`
	// LoopDirectIO is whether the first loop device on the chain reads and
	// writes its backing file with direct I/O (sysfs loop/dio, losetup
	// --direct-io): false is through the host's page cache, where the
	// probe's reads and writes may stop short of the disk. nil without a
	// loop device, or when the kernel does not say (before Linux 4.10).
	LoopDirectIO *bool `json:"loop_direct_io,omitempty"`
	// LoopDirectIOSectorBytes is the sector size (losetup --sector-size)
	// the first loop device on the chain needs before the kernel lets it
	// use direct I/O: the logical block size of the device under its
	// backing file, when larger than the loop device's own (a 512-byte
	// loop over a file on a 4096-byte-sector disk: losetup --direct-io=on
	// fails with EINVAL). 0 when its own sectors do.
	LoopDirectIOSectorBytes int    `json:"loop_dio_sector_bytes,omitempty"`
	Leaves                  []Leaf `json:"leaves"`
	// Members are the devices the stack first fans out to, in name order:
	// a multi-device btrfs's devices (sysfs fs/btrfs/<fsid>/devices), an md
	// array's or a multi-PV LV's slaves. The chain follows only the first,
	// and Leaves merges members that sit on one disk (two loop devices on
	// vda), so without this a slow second member is nowhere in the report.
	// Nil for a stack that is a single line.
	Members []string `json:"members,omitempty"`
	// MembersLayout is how the members hold the data: btrfs's data profile
	// (sysfs fs/btrfs/<fsid>/allocation/data/<profile>: "raid1", "single",
	// …) or md's level (md/level); "" when unread or without members.
	MembersLayout      string `json:"members_layout,omitempty"`
	DMName             string `json:"dm_name,omitempty"`
	DeviceMajorMinor   string `json:"dev,omitempty"` // "259:0"
	DiscardMaxBytes    uint64 `json:"discard_max_bytes,omitempty"`
	ReadAheadKiB       int    `json:"read_ahead_kb,omitempty"`
	QueueDepthNrRequst int    `json:"nr_requests,omitempty"`
}

// MountedLabel is the kernel's rotational label of the device that holds
// the filesystem: its own (MountedRotationalFlag), else the leaf disk's
// (a partition); known is false when the label was not read.
func (d Device) MountedLabel() (rotational, known bool) {
	if d.MountedRotationalFlag != nil {
		return *d.MountedRotationalFlag, true
	}
	if d.Name == "" || d.RotationalUnknown {
		return false, false
	}
	return d.RotationalFlag, true
}

// Leaf is one whole disk at the bottom of a chain (several for RAID or multipath).
type Leaf struct {
	Name           string `json:"name"`
	Transport      string `json:"transport"`
	Model          string `json:"model,omitempty"`
	RotationalFlag bool   `json:"rotational_flag"`
	SizeBytes      uint64 `json:"size_bytes,omitempty"`
}

// Throughput is a sequential transfer rate.
type Throughput struct {
	MBPerS float64 `json:"mb_per_s"` // megabytes (10^6) per second, as fio reports MB/s; over the steady slices when sliced
	Bytes  uint64  `json:"bytes,omitempty"`
	Ops    int     `json:"ops,omitempty"`
	// Spread is how MBPerS varied between the stream's slices.
	Spread *Spread `json:"mb_per_s_spread,omitempty"`
}

// Latency summarises the 16 KiB write + fdatasync loop (the redo-log pattern).
type Latency struct {
	P50US   float64 `json:"p50_us"`
	P99US   float64 `json:"p99_us"`
	MaxUS   float64 `json:"max_us"`
	MeanUS  float64 `json:"mean_us,omitempty"`
	OpsPerS float64 `json:"ops_per_s"`
	Ops     int     `json:"ops,omitempty"`
	// FdatasyncP50US and FdatasyncP99US time the fdatasync call alone (what
	// fio reports as "sync" latency), without the 16 KiB write before it.
	FdatasyncP50US float64 `json:"fdatasync_p50_us,omitempty"`
	FdatasyncP99US float64 `json:"fdatasync_p99_us,omitempty"`
	// FdatasyncP90US beside FdatasyncP50US shows a bimodal loop: commits
	// that pass at once or wait for a device (or throttle) slice.
	FdatasyncP90US float64 `json:"fdatasync_p90_us,omitempty"`
	// FdatasyncMeanUS is the mean fdatasync: on a bimodal loop the stable
	// figure (the p50 is whichever mode holds the middle commit).
	FdatasyncMeanUS float64 `json:"fdatasync_mean_us,omitempty"`
	// FdatasyncSlowPct is the % of commits whose fdatasync took over 10x
	// the loop's p10: on a throttled device, those that waited for its
	// next dispatch (diskio.LatencyStats.SlowShare).
	FdatasyncSlowPct float64 `json:"fdatasync_slow_pct,omitempty"`
	// FdatasyncP50Spread is how the fdatasync p50 (µs) varied between the loop's time slices.
	FdatasyncP50Spread *Spread `json:"fdatasync_p50_spread_us,omitempty"`
}

// ThreadPoint is one point of a random-I/O scaling curve.
type ThreadPoint struct {
	Threads int     `json:"threads"`
	IOPS    float64 `json:"iops"`
	P50US   float64 `json:"p50_us"`
	P99US   float64 `json:"p99_us"`
	// MeanUS is the mean latency of the point's operations (0 in a
	// profile saved before it was recorded).
	MeanUS float64 `json:"mean_us,omitempty"`
	MBPerS float64 `json:"mb_per_s,omitempty"`
	Ops    int     `json:"ops,omitempty"`
	// IOPSSpread is how IOPS (the median of the point's round-robin
	// slices) varied between those slices.
	IOPSSpread *Spread `json:"iops_spread,omitempty"`
	// WindowOps are the completions the point's measuring windows counted
	// (diskio.Scaling.WindowOps): what its IOPS rests on.
	WindowOps int `json:"window_ops,omitempty"`
}

// At returns the point measured at n threads and whether there is one.
func At(curve []ThreadPoint, n int) (ThreadPoint, bool) {
	for _, p := range curve {
		if p.Threads == n {
			return p, true
		}
	}
	return ThreadPoint{}, false
}
