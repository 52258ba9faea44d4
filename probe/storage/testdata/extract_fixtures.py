#!/usr/bin/env python3
"""Cut the sysfs trees under testdata/ out of the shared fixture archives.

Usage: python3 extract_fixtures.py /work/shared/fixtures/sysfs  (run in this folder)

It keeps only what probe/storage reads: the /sys/block and /sys/dev/block
symlinks, each block device's dev/size/partition files, queue/ labels,
device/ model+vendor+type, dm/name, loop/backing_file and the slaves/ links.
ghw snapshots have no sys/dev/block, so the MAJ:MIN links are made here from
each device's own `dev` file, exactly as the kernel lays them out. The few
links the archives lack (slaves/) are added by ADDED below; SOURCES.md says
why each is right.
"""
import os, re, shutil, subprocess, sys, tempfile

KEEP_FILES = {"dev", "size", "partition", "rotational", "logical_block_size",
              "physical_block_size", "scheduler", "write_cache", "discard_max_bytes",
              "read_ahead_kb", "nr_requests", "model", "vendor", "backing_file"}
KEEP_IN_DIR = {"name": "dm", "uuid": "dm"}

TREES = {
    # dest name: (archive, inner prefix)
    "simple-lvm": ("util-linux-lsblk-simple-lvm.tar.xz", "simple-lvm"),
    "virtio-vda": ("ghw-snapshot-amd64-kvm-virtio-vda.tar.gz", ""),
    "virtio-scsi": ("ghw-snapshot-amd64-kvm-virtio-scsi-sda.tar.gz", ""),
    "nvme-luks": ("ghw-snapshot-amd64-nvme-dm-zram.tar.gz", ""),
    "sata-lvm": ("ghw-snapshot-amd64-sata-ssd-hdd-dm.tar.gz", ""),
}

# (tree, block dir of holder, slave name, slave path relative to sys/)
ADDED = [
    ("nvme-luks", "devices/virtual/block/dm-0", "nvme0n1p3",
     "devices/pci0000:00/0000:00:06.0/0000:04:00.0/nvme/nvme0/nvme0n1/nvme0n1p3"),
    ("sata-lvm", "devices/virtual/block/dm-1", "sdb2",
     "devices/pci0000:00/0000:00:01.3/0000:01:00.1/ata5/host4/target4:0:0/4:0:0:0/block/sdb/sdb2"),
]
DM_NAMES = [("nvme-luks", "devices/virtual/block/dm-0", "luks-f41579a2-9f6e-4436-91fd-73007962705f")]


def keep(rel, full):
    base = os.path.basename(rel)
    parent = os.path.basename(os.path.dirname(rel))
    if os.path.islink(full):
        return (rel.startswith("sys/block/") or rel.startswith("sys/dev/block/")
                or parent in ("slaves", "holders") or base == "device")
    if not os.path.isfile(full) or not rel.startswith("sys/devices/"):
        return False
    if "/block/" not in rel and "/nvme/" not in rel or re.fullmatch(r"nvme\d+", parent):
        # device/ attributes live in the SCSI device or NVMe controller dir
        return base in ("model", "vendor", "type") and (
            re.fullmatch(r"\d+:\d+:\d+:\d+", parent) or re.fullmatch(r"nvme\d+", parent))
    return base in KEEP_FILES or KEEP_IN_DIR.get(base) == parent


def copy_tree(src, dest):
    for root, dirs, files in os.walk(src):
        for n in dirs + files:
            full = os.path.join(root, n)
            rel = os.path.relpath(full, src)
            if not keep(rel, full):
                continue
            out = os.path.join(dest, rel)
            os.makedirs(os.path.dirname(out), exist_ok=True)
            if os.path.islink(full):
                os.symlink(os.readlink(full), out)
            else:
                shutil.copyfile(full, out)


def add_dev_links(dest):
    devblock = os.path.join(dest, "sys/dev/block")
    if os.path.isdir(devblock):
        return
    os.makedirs(devblock)
    for root, _, files in os.walk(os.path.join(dest, "sys/devices")):
        if "dev" in files and ("/block/" in root or "/nvme/" in root):
            majmin = open(os.path.join(root, "dev")).read().strip()
            target = os.path.relpath(root, devblock)
            os.symlink(target, os.path.join(devblock, majmin))


def main(fixtures):
    for name, (archive, prefix) in TREES.items():
        tmp = tempfile.mkdtemp()
        subprocess.run(["tar", "-xf", os.path.join(fixtures, archive), "-C", tmp], check=True)
        shutil.rmtree(name, ignore_errors=True)
        copy_tree(os.path.join(tmp, prefix), name)
        add_dev_links(name)
        shutil.rmtree(tmp)
    for tree, holder, slave, target in ADDED:
        d = os.path.join(tree, "sys", holder, "slaves")
        os.makedirs(d, exist_ok=True)
        os.symlink(os.path.relpath(os.path.join(tree, "sys", target), d), os.path.join(d, slave))
    for tree, holder, dmname in DM_NAMES:
        d = os.path.join(tree, "sys", holder, "dm")
        os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "name"), "w").write(dmname + "\n")


if __name__ == "__main__":
    main(sys.argv[1])
