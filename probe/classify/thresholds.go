package classify

// Thresholds that separate the storage classes. Each one names where its
// number comes from; they are rules of thumb with a wide margin around the
// devices they separate, not tuned to any one measurement.
const (
	// hddMinReadUS is the shortest 16 KiB random read (µs, at 1 thread) a
	// spinning disk can deliver. The rotational latency alone is half a turn:
	// 60 s / 15000 rpm / 2 = 2 ms for the fastest (15k rpm) enterprise disks,
	// 4.17 ms at 7200 rpm, 5.6 ms at 5400 rpm, plus a seek of a few ms
	// (manufacturer datasheets). Brendan Gregg, Systems Performance 2nd ed.,
	// table 2.2, puts rotational disk I/O at 1–10 ms and flash at 10–100 µs.
	hddMinReadUS = 2000

	// hddMaxReadScaling is the most a single-actuator disk gains in random
	// read IOPS from 1 to 16 outstanding requests: NCQ (at most 32 queued
	// commands, SATA 2.6) only reorders seeks, typically 1.5–2x. Flash SSDs
	// gain several-fold from their parallel channels (Chen, Koufaty, Zhang,
	// "Understanding Intrinsic Characteristics and System Implications of
	// Flash Memory based Solid State Drives", SIGMETRICS 2009).
	hddMaxReadScaling = 3.0

	// ssdMinReadScaling is the gain from 1 to 16 threads above which the
	// evidence calls a device "scaling with threads" (same source as above).
	ssdMinReadScaling = 2.0

	// sdMaxSeqWriteMBps is the sequential write rate below which flash is
	// SD-card/USB-stick class. SD speed classes guarantee 10 (C10/U1) to
	// 30 MB/s (U3/V30) and a UHS-I bus tops out at 104 MB/s (SD Association);
	// cards measured for this project wrote 14.6 and 40 MB/s (DESIGN.md),
	// while even consumer SATA SSDs write several hundred MB/s.
	sdMaxSeqWriteMBps = 60

	// sdMaxRandWriteIOPS: the SD Association's A1 application class asks for
	// a minimum of 500 random-write IOPS (4 KiB) and most cards without the
	// logo stay far below; an SSD writes thousands of 16 KiB pages a second.
	sdMaxRandWriteIOPS = 500

	// sdMaxPeakWriteIOPS: the A2 application class, the fastest the SD
	// Association defines, promises a minimum of 2000 random-write IOPS of
	// 4 KiB (and A1 500; SD Physical Layer Simplified Specification 6.10,
	// "Application Performance Class"), i.e. 8 MB/s of random writes. A
	// device that writes 2000 random 16 KiB pages a second at its best
	// thread count moves four times that: it is not limited like an SD card
	// but by bandwidth (a throttled volume, a slow bus), even when its
	// sequential writes are as slow as a card's.
	sdMaxPeakWriteIOPS = 2000

	// sdMinSyncP50US / sdMinSyncP99US: a 16 KiB write + fdatasync on SD
	// cards takes milliseconds; the sd test bed (15 MB/s, 150 IOPS, see
	// scripts/testbed.sh) measured p50 1 ms and p99 95 ms with fio, while
	// SSDs with power-loss protection sync in well under 1 ms.
	sdMinSyncP50US = 1000
	sdMinSyncP99US = 20000

	// memoryMaxSyncUS: an fdatasync that returns in under 10 µs never
	// reached a device. Even the lowest-latency flash (Intel Optane P5800X,
	// 5 µs per I/O by spec) needs a data write plus a cache flush for it.
	memoryMaxSyncUS = 10

	// sataMaxMBps is the ceiling of a SATA 6 Gb/s link: 6 Gb/s with 8b/10b
	// encoding is 600 MB/s (SATA-IO revision 3.0). Faster sequential reads,
	// or 16 KiB random reads above sataMaxMBps*1e6/16384 ≈ 36,600 IOPS,
	// need NVMe (or RAM).
	sataMaxMBps = 600

	// fastReadUS is the 16 KiB random read latency at 1 thread below which
	// reads are called solid-state fast (Gregg's 10–100 µs flash band with
	// headroom for SD cards, which read sub-millisecond: A1 asks 1500 IOPS).
	fastReadUS = 1000
)

// sataMaxRandIOPS is sataMaxMBps expressed in 16 KiB operations per second.
const sataMaxRandIOPS = sataMaxMBps * 1e6 / 16384
