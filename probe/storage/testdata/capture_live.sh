#!/bin/bash
# capture_live.sh OUT DEV... — copy the sysfs attributes the storage probe
# reads for the named block devices (kernel names: loop3 vda) into OUT/sys,
# with their /sys/dev/block links, the btrfs filesystems they are members of
# (fs/btrfs/<fsid>/devices links, allocation/data/<profile> dirs), and the
# mountinfo lines of the mounts whose source is one of them (OUT/proc/self/
# mountinfo). Values only, no uevent or serials. Run as root on the machine
# whose stacks are captured, then say so in SOURCES.md.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: capture_live.sh OUT DEV..." >&2; exit 2; }
out=$1; shift
attrs="dev size partition ro queue/rotational queue/scheduler queue/nr_requests queue/logical_block_size
queue/physical_block_size queue/write_cache queue/read_ahead_kb queue/discard_max_bytes loop/backing_file loop/dio
md/level dm/name device/model device/vendor device/type"
for d in "$@"; do
  real=$(readlink -f "/sys/class/block/$d")
  dst=$out$real
  mkdir -p "$dst"
  for a in $attrs; do
    [ -r "$real/$a" ] || continue
    mkdir -p "$(dirname "$dst/$a")"
    cat "$real/$a" > "$dst/$a"
  done
  if [ -d "$real/slaves" ]; then
    mkdir -p "$dst/slaves"
    for s in "$real"/slaves/*; do [ -e "$s" ] && ln -sfn "$(readlink "$s")" "$dst/slaves/$(basename "$s")"; done
  fi
  mm=$(cat "$real/dev")
  mkdir -p "$out/sys/dev/block"
  ln -sfn "$(readlink "/sys/dev/block/$mm")" "$out/sys/dev/block/$mm"
  for link in /sys/fs/btrfs/*/devices/"$d"; do
    [ -e "$link" ] || continue
    fsdir=${link%/devices/*}
    mkdir -p "$out$fsdir/devices"
    ln -sfn "$(readlink "$link")" "$out$link"
    for p in "$fsdir"/allocation/data/*/; do
      [ -d "$p" ] && mkdir -p "$out$fsdir/allocation/data/$(basename "$p")"
    done
  done
  mkdir -p "$out/proc/self"
  awk -v src="/dev/$d" '$0 ~ " - [^ ]+ " src " " {print}' /proc/self/mountinfo >> "$out/proc/self/mountinfo"
done
