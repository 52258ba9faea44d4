#!/bin/sh
# Builds testdata/handmade/: hand-made sysfs trees for layouts the captured
# fixtures lack. Each follows the real kernel layout named beside it (paths
# as on the machines named; attribute values typical, not captured).
# Run from this folder: sh make_handmade.sh
set -eu
rm -rf handmade
S=handmade/sys
attr() { mkdir -p "$(dirname "$1")"; printf '%s\n' "$2" > "$1"; }
disk() { # disk DIR MAJ:MIN SECTORS ROT SCHED
	attr "$1/dev" "$2"; attr "$1/size" "$3"; attr "$1/queue/rotational" "$4"
	attr "$1/queue/scheduler" "$5"; attr "$1/queue/logical_block_size" 512
	attr "$1/queue/physical_block_size" 512
	name=$(basename "$1"); mkdir -p $S/block $S/dev/block
	ln -s "../$(echo "$1" | sed "s|^$S/||")" "$S/block/$name"
	ln -s "../../$(echo "$1" | sed "s|^$S/||")" "$S/dev/block/$2"
}
part() { # part DISKDIR NAME MAJ:MIN N SECTORS
	attr "$1/$2/dev" "$3"; attr "$1/$2/partition" "$4"; attr "$1/$2/size" "$5"
	ln -s "../../$(echo "$1/$2" | sed "s|^$S/||")" "$S/dev/block/$3"
}

# Raspberry Pi 4 SD card: /sys/devices/platform/emmc2bus/fe340000.mmc/mmc_host/mmc0/mmc0:aaaa/block/mmcblk0
# (Raspberry Pi OS, kernel 5.x/6.x); device/type "SD", device/name the CID product name.
MMC=$S/devices/platform/emmc2bus/fe340000.mmc/mmc_host/mmc0/mmc0:aaaa
disk $MMC/block/mmcblk0 179:0 124735488 0 "[mq-deadline] kyber bfq none"
ln -s ../../../mmc0:aaaa $MMC/block/mmcblk0/device
attr $MMC/type SD; attr $MMC/name SC64G
part $MMC/block/mmcblk0 mmcblk0p1 179:1 1 524288
part $MMC/block/mmcblk0 mmcblk0p2 179:2 2 124203008

# md RAID1 over two SATA HDDs (mdadm on Debian): md0 in /sys/devices/virtual/block/md0
# with slaves/sda1 and slaves/sdb1 linking to the partitions under ataN/hostN/...
A1=$S/devices/pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0
A2=$S/devices/pci0000:00/0000:00:17.0/ata2/host1/target1:0:0/1:0:0:0
disk $A1/block/sda 8:0 7814037168 1 "mq-deadline kyber [bfq] none"
disk $A2/block/sdb 8:16 7814037168 1 "mq-deadline kyber [bfq] none"
for d in $A1 $A2; do attr $d/model "WDC WD40EFRX-68N"; attr $d/vendor "ATA     "; done
ln -s ../../../0:0:0:0 $A1/block/sda/device; ln -s ../../../1:0:0:0 $A2/block/sdb/device
part $A1/block/sda sda1 8:1 1 7814035120
part $A2/block/sdb sdb1 8:17 1 7814035120
MD=$S/devices/virtual/block/md0
disk $MD 9:0 7814035120 1 none
attr $MD/md/level raid1   # Documentation/admin-guide/md.rst: md/level
mkdir -p $MD/slaves
ln -s ../../../../pci0000:00/0000:00:17.0/ata1/host0/target0:0:0/0:0:0:0/block/sda/sda1 $MD/slaves/sda1
ln -s ../../../../pci0000:00/0000:00:17.0/ata2/host1/target1:0:0/1:0:0:0/block/sdb/sdb1 $MD/slaves/sdb1

# loop device over an image file (losetup): /sys/devices/virtual/block/loop0/loop/backing_file
disk $S/devices/virtual/block/loop0 7:0 2097152 0 none
attr $S/devices/virtual/block/loop0/loop/backing_file /var/lib/images/data.img
# made with losetup --sector-size 4096: the loop's own block size, not its disk's 512
attr $S/devices/virtual/block/loop0/queue/logical_block_size 4096
attr $S/devices/virtual/block/loop0/queue/physical_block_size 4096
# losetup's default: direct I/O off (loop/dio 0, Linux >= 4.10), the backing file read and written through the page cache
attr $S/devices/virtual/block/loop0/loop/dio 0
# a loop device made with losetup --direct-io=on: loop/dio 1
disk $S/devices/virtual/block/loop1 7:1 2097152 0 none
attr $S/devices/virtual/block/loop1/loop/backing_file /var/lib/images/direct.img
attr $S/devices/virtual/block/loop1/loop/dio 1

# USB stick: sd* under .../usb2/2-1/2-1:1.0/hostN (usb-storage), as on a Raspberry Pi booting from USB
U=$S/devices/platform/scb/fd500000.pcie/pci0000:00/0000:00:00.0/0000:01:00.0/usb2/2-1/2-1:1.0/host6/target6:0:0/6:0:0:0
disk $U/block/sdc 8:32 60062500 1 "[mq-deadline] kyber bfq none"
ln -s ../../../6:0:0:0 $U/block/sdc/device; attr $U/model "Ultra Fit       "; attr $U/vendor "SanDisk "

# Xen paravirtual disk (EC2 PV / Xen guest): /sys/devices/vbd-51712/block/xvda
disk $S/devices/vbd-51712/block/xvda 202:0 16777216 0 none

# A btrfs RAID1 over the SD card's first partition and a second USB stick, sdd (mkfs.btrfs -d raid1
# -m raid1 /dev/mmcblk0p1 /dev/sdd): /sys/fs/btrfs/<fsid>/devices/<name> links to each member's block dir
# (kernel Documentation/ABI/testing/sysfs-fs-btrfs, "devices").
U2=$S/devices/platform/scb/fd500000.pcie/pci0000:00/0000:00:00.0/0000:01:00.0/usb2/2-2/2-2:1.0/host7/target7:0:0/7:0:0:0
disk $U2/block/sdd 8:48 60062500 1 "[mq-deadline] kyber bfq none"
ln -s ../../../7:0:0:0 $U2/block/sdd/device; attr $U2/model "Ultra Fit       "; attr $U2/vendor "SanDisk "
B=$S/fs/btrfs/4c1a2f0e-6d3b-4e55-9a8b-0c2d1e3f4a5b/devices; mkdir -p $B
ln -s ../../../../devices/platform/emmc2bus/fe340000.mmc/mmc_host/mmc0/mmc0:aaaa/block/mmcblk0/mmcblk0p1 $B/mmcblk0p1
ln -s ../../../../devices/platform/scb/fd500000.pcie/pci0000:00/0000:00:00.0/0000:01:00.0/usb2/2-2/2-2:1.0/host7/target7:0:0/7:0:0:0/block/sdd $B/sdd

# The mount table for the loop cases: the image directory as a tmpfs (0:42), as
# /proc/self/mountinfo shows one (proc(5), "/proc/pid/mountinfo"; a tmpfs has an anonymous 0:N device).
attr handmade/proc/self/mountinfo "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw
40 22 0:42 / /var/lib/images rw,nosuid,nodev shared:20 - tmpfs tmpfs rw,size=4194304k"
