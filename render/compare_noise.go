package render

// Repeat-probe noise of each compared figure: the largest ratio between two
// probes of one and the same disk, measured in review r60 (2026-12-07,
// docs/benchmarks/live-server.md "compare: noise, commits/s and the
// headline"): 15 default 10 s probes of five disks on this project's
// shared 2-vCPU virtio machine (load1 2.7-4.7) — the machine's own disk 5
// times, a card-like bed (100 write IOPS, 15 MB/s) 4 times, an hdd-like
// (150 IOPS), a 15 MB/s and a 5 ms-latency bed twice each; each figure is
// that largest ratio rounded up to 0.01. A ratio up to its row's figure
// is what a disk compared with itself showed, so compare names no winner
// for it. A quiet host is steadier; these are an upper
// bound, kept so that "A is faster" is never said of a disk and itself.
const (
	noiseSeqWrite    = 2.77 // own disk: 875.9-2423.1 MB/s
	noiseSeqRead     = 1.43 // card bed: 1289.3-1832.5 MB/s
	noiseFsyncP50    = 5.99 // card bed: 362.7-2169.5 µs (the throttle's bursts)
	noiseFsyncP99    = 12.3 // 15 MB/s bed: 4175.8-51354.3 µs
	noiseCommits     = 3.92 // own disk: 1405.8-5501.8 commits/s
	noiseRandWrite1  = 2.5  // own disk: 6257-15613 IOPS
	noiseRandWrite16 = 1.11 // own disk: 65653-72294 IOPS
	noiseRandRead1   = 7.45 // own disk: 2246-16725 IOPS
	noiseRandRead16  = 2.33 // card bed: 21351-49668 IOPS
)
