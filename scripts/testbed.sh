#!/bin/bash
# testbed.sh — slow-disk test beds on one machine: a file-backed loop device,
# formatted ext4 and mounted, whose block I/O is throttled for the processes
# placed in the bed's cgroup (cgroup v1 blkio.throttle.* or cgroup v2 io.max).
#
#   testbed.sh up NAME PROFILE [--size SIZE] [--dir MOUNTDIR]
#   testbed.sh up NAME custom [--write-bps N] [--write-iops N] [--read-bps N] [--read-iops N] [--size SIZE] [--dir DIR]
#   testbed.sh up NAME latency --write-latency 5ms [--sync-latency 5ms] [--queue N] [limits as custom] [--size SIZE]
#   testbed.sh run NAME CMD [ARGS...]   run CMD inside NAME's throttle
#   testbed.sh info NAME                print the bed as KEY=VALUE lines (DIR, LOOP, MAJMIN, CGROUP, CGVER, ...)
#   testbed.sh down NAME                remove everything of NAME, even half-made
#   testbed.sh down-all                 remove every bed, and leftovers found by name
#   testbed.sh list                     names of the beds that are up
#   testbed.sh status [NAME]            cgroup version, beds, limits and leftovers
#
# Profiles (limits as the kernel takes them: bytes/s and I/O per second):
#   sd    write 15 MB/s, 150 write IOPS, reads unthrottled (SD cards read fast, write slowly)
#   hdd   read and write 120 MB/s, 150 IOPS (a 7200 rpm disk: ~120-200 MB/s, ~150 random IOPS)
#   fast  no throttle (the machine's own disk through a loop device)
#   latency  every write and every flush waits --write-latency (and --sync-latency, default the same) before it
#         is done, in any number at once (--queue N: at most N), reads do not wait: the loop device's file is
#         disk.img of internal/testbed/latencyfs, a FUSE filesystem (built on first use; needs /dev/fuse and go),
#         because device-mapper's dm-delay (the kernel's way) and nbd are not built into this machine's kernel.
#         Writes slow per operation, not capped per second: fio 16K random writes QD1 p50 5.6 ms at 5ms.
# The sd numbers match what fio measured on a real card and on such a bed
# (15 MB/s, 150 IOPS, fdatasync p50 ~1 ms, p99 ~95 ms); see probe/classify.
#
# Environment: MYTUNE_TESTBED_BASE (image files and state, default /var/tmp/mytune-testbed),
# MYTUNE_CGROUP_ROOT (default /sys/fs/cgroup), MYTUNE_CGROUP_VERSION (1 or 2: force one).
# Exit codes: 0 done, 1 failed, 2 bad usage. Needs root for up, run, down, down-all.
set -euo pipefail

BASE=${MYTUNE_TESTBED_BASE:-/var/tmp/mytune-testbed}
ROOT=$(cd "$(dirname "$0")/.." && pwd)   # the checkout: the latency profile builds its latencyfs from it
CGROOT=${MYTUNE_CGROUP_ROOT:-/sys/fs/cgroup}
PREFIX=mytune-
DEFAULT_SIZE=1G

die() { echo "testbed.sh: $*" >&2; exit 1; }
usage() { sed -n '6,14p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

need_root() {
  [ "$(id -u)" = 0 ] || die "'$1' needs root (loop devices, mounts and cgroups): run it with sudo"
}

valid_name() {
  [[ $1 =~ ^[A-Za-z0-9_][A-Za-z0-9_.-]{0,40}$ ]] || { echo "testbed.sh: bad bed name '$1' (letters, digits, _ . -)" >&2; exit 2; }
}

state_file() { echo "$BASE/$1.env"; }

# cg_detect prints "1 DIR" or "2 DIR": the cgroup version to throttle with
# and the directory bed cgroups are created in; nothing if neither works.
cg_detect() {
  local want=${MYTUNE_CGROUP_VERSION:-}
  if [ "$want" != 2 ] && [ -e "$CGROOT/blkio/blkio.throttle.write_bps_device" ]; then
    echo "1 $CGROOT/blkio"; return
  fi
  if [ "$want" != 1 ]; then
    local d
    for d in "$CGROOT" "$CGROOT/unified"; do
      if [ -e "$d/cgroup.controllers" ] && grep -qw io "$d/cgroup.controllers"; then
        echo "2 $d"; return
      fi
    done
  fi
}

# profile_limits NAME sets RBPS WBPS RIOPS WIOPS (0 = unlimited).
profile_limits() {
  RBPS=0 WBPS=0 RIOPS=0 WIOPS=0
  case $1 in
    sd) WBPS=15000000 WIOPS=150 ;;
    hdd) RBPS=120000000 WBPS=120000000 RIOPS=150 WIOPS=150 ;;
    fast|custom|latency) ;;
    *) echo "testbed.sh: unknown profile '$1' (sd, hdd, fast, custom or latency)" >&2; exit 2 ;;
  esac
}

parse_up_flags() {
  SIZE=$DEFAULT_SIZE MNT="" WLAT="" SLAT="" QUEUE=0
  while [ $# -gt 0 ]; do
    [ $# -ge 2 ] || { echo "testbed.sh: $1 needs a value" >&2; exit 2; }
    case $1 in
      --size) SIZE=$2 ;;
      --dir) MNT=$2 ;;
      --write-bps) WBPS=$2 ;;
      --write-iops) WIOPS=$2 ;;
      --read-bps) RBPS=$2 ;;
      --read-iops) RIOPS=$2 ;;
      --write-latency) WLAT=$2 ;;
      --sync-latency) SLAT=$2 ;;
      --queue) QUEUE=$2 ;;
      *) echo "testbed.sh: unknown flag $1" >&2; exit 2 ;;
    esac
    shift 2
  done
  for v in "$WBPS" "$WIOPS" "$RBPS" "$RIOPS"; do
    [[ $v =~ ^[0-9]+$ ]] || { echo "testbed.sh: limit '$v' is not a whole number" >&2; exit 2; }
  done
  [[ $QUEUE =~ ^[0-9]+$ ]] || { echo "testbed.sh: --queue '$QUEUE' is not a whole number" >&2; exit 2; }
  for v in $WLAT $SLAT; do
    [[ $v =~ ^[0-9.]+(ns|us|µs|ms|s)$ ]] || { echo "testbed.sh: latency '$v' is not like 5ms or 500us" >&2; exit 2; }
  done
  if [ "$PROFILE" = latency ]; then
    [ -n "$WLAT" ] || { echo "testbed.sh: the latency profile needs --write-latency (e.g. 5ms)" >&2; exit 2; }
  elif [ -n "$WLAT$SLAT" ]; then
    echo "testbed.sh: --write-latency and --sync-latency are for the latency profile" >&2; exit 2
  fi
}

# cg_apply writes the limits of the loaded bed into its cgroup.
cg_apply() {
  [ -n "$CGROUP" ] || return 0
  if [ "$CGVER" = 1 ]; then
    local f v
    for f in read_bps:$RBPS write_bps:$WBPS read_iops:$RIOPS write_iops:$WIOPS; do
      v=${f#*:}; f=$CGROUP/blkio.throttle.${f%%:*}_device
      # 0 removes a v1 rule (Documentation/admin-guide/cgroup-v1/blkio-controller.rst).
      echo "$MAJMIN $v" > "$f" || die "cannot write $f: is the blkio controller usable here?"
    done
  else
    echo "$MAJMIN rbps=$(lim "$RBPS") wbps=$(lim "$WBPS") riops=$(lim "$RIOPS") wiops=$(lim "$WIOPS")" \
      > "$CGROUP/io.max" || die "cannot write $CGROUP/io.max (Documentation/admin-guide/cgroup-v2.rst, io.max)"
  fi
}
lim() { if [ "$1" = 0 ]; then echo max; else echo "$1"; fi; }

# cg_create makes the bed's cgroup; on v2 it first enables the io controller
# for the children of the hierarchy's root (cgroup.subtree_control).
cg_create() {
  local det; det=$(cg_detect)
  if [ -z "$det" ]; then
    [ "$PROFILE" = fast ] && { CGVER=0 CGROUP=""; return; }
    die "no cgroup v1 blkio nor cgroup v2 io controller under $CGROOT: cannot throttle (mount one, or use profile 'fast')"
  fi
  CGVER=${det%% *}
  local parent=${det#* }
  CGROUP=$parent/$PREFIX$NAME
  if [ "$CGVER" = 2 ] && ! grep -qw io "$parent/cgroup.subtree_control"; then
    echo "+io" > "$parent/cgroup.subtree_control" ||
      die "cannot enable the io controller in $parent/cgroup.subtree_control (processes in a non-root parent block it)"
  fi
  mkdir -p "$CGROUP" || die "cannot create cgroup $CGROUP"
}

save_state() {
  cat > "$(state_file "$NAME").tmp" <<EOF
NAME=$NAME
PROFILE=$PROFILE
DIR=$MNT
IMG=$IMG
LOOP=$LOOP
MAJMIN=$MAJMIN
CGROUP=$CGROUP
CGVER=$CGVER
SIZE=$SIZE
RBPS=$RBPS
WBPS=$WBPS
RIOPS=$RIOPS
WIOPS=$WIOPS
WLAT=$WLAT
SLAT=$SLAT
QUEUE=$QUEUE
FUSEMNT=$FUSEMNT
FUSEPID=$FUSEPID
EOF
  mv "$(state_file "$NAME").tmp" "$(state_file "$NAME")"
}

load_state() {
  local f; f=$(state_file "$1")
  [ -f "$f" ] || return 1
  NAME="" PROFILE="" DIR="" IMG="" LOOP="" MAJMIN="" CGROUP="" CGVER="" SIZE="" RBPS=0 WBPS=0 RIOPS=0 WIOPS=0
  WLAT="" SLAT="" QUEUE=0 FUSEMNT="" FUSEPID=""
  local k v
  while IFS='=' read -r k v; do
    case $k in NAME|PROFILE|DIR|IMG|LOOP|MAJMIN|CGROUP|CGVER|SIZE|RBPS|WBPS|RIOPS|WIOPS|WLAT|SLAT|QUEUE|FUSEMNT|FUSEPID) printf -v "$k" '%s' "$v" ;; esac
  done < "$f"
  MNT=$DIR
}

is_up() {
  load_state "$1" || return 1
  mountpoint -q "$MNT" && [ "$(findmnt -no SOURCE "$MNT")" = "$LOOP" ] &&
    { [ -z "$CGROUP" ] || [ -d "$CGROUP" ]; }
}

# make_disk creates the image, the loop device, the filesystem and the mount.
make_disk() {
  mkdir -p "$BASE" "$MNT"
  IMG=$BASE/$NAME.img
  fallocate -l "$SIZE" "$IMG" 2>/dev/null || truncate -s "$SIZE" "$IMG" || die "cannot create $IMG of $SIZE"
  local file=$IMG
  [ "$PROFILE" != latency ] || { fuse_up; file=$FUSEMNT/disk.img; }
  # direct-io: the loop device then reads and writes the disk, not the page
  # cache of the image file, so an unthrottled direction measures the disk.
  LOOP=$(losetup -f --show --direct-io=on "$file" 2>/dev/null || losetup -f --show "$file") ||
    die "cannot attach $file to a loop device (modprobe loop? free /dev/loop*?)"
  # No lazy init: ext4lazyinit would write inode tables in the background,
  # outside the cgroup, while the bed is being measured.
  mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$LOOP" >/dev/null || die "mkfs.ext4 on $LOOP failed"
  mount "$LOOP" "$MNT" || die "cannot mount $LOOP on $MNT"
  MAJMIN=$(lsblk -dno MAJ:MIN "$LOOP" | tr -d ' ')
}

# fuse_up: latencyfs (internal/testbed/latencyfs, built into $BASE when missing or older than its sources)
# serving $BASE/NAME.fuse/disk.img over the image file, in its own session, without the lock's fd 9 (it
# outlives this script: a held lock would stop every later up and down); FUSEPID is its pid.
fuse_up() {
  local bin=$BASE/latencyfs src=$ROOT/internal/testbed/latencyfs
  [ -c /dev/fuse ] || die "the latency profile needs /dev/fuse"
  if [ ! -x "$bin" ] || [ -n "$(find "$src" -name '*.go' -newer "$bin")" ]; then
    (cd "$ROOT" && PATH=$PATH:/usr/local/go/bin go build -o "$bin.tmp" ./internal/testbed/latencyfs) && mv "$bin.tmp" "$bin" ||
      die "cannot build $src (go)"
  fi
  FUSEMNT=$BASE/$NAME.fuse
  mkdir -p "$FUSEMNT"
  setsid "$bin" --backing "$IMG" --size "$(stat -c %s "$IMG")" --mount "$FUSEMNT" --write-latency "$WLAT" \
    ${SLAT:+--sync-latency "$SLAT"} --queue "$QUEUE" </dev/null >"$BASE/$NAME.fuse.log" 2>&1 9>&- &
  FUSEPID=$!
  save_state
  for _ in $(seq 100); do # 10 s: it mounted in under 0.1 s here (2026-12-01)
    fuse_mounted "$FUSEMNT" && [ -e "$FUSEMNT/disk.img" ] && return 0
    kill -0 "$FUSEPID" 2>/dev/null || break
    sleep 0.1
  done
  die "latencyfs did not mount on $FUSEMNT: $(cat "$BASE/$NAME.fuse.log")"
}
fuse_mounted() { awk -v m="$1" '$2 == m { f = 1 } END { exit !f }' /proc/mounts; }

# fuse_down MOUNT PID: the loop devices on MOUNT/disk.img detached, latencyfs PID told to unmount and waited
# for (its process, not the mount), then a lazy unmount if it is still mounted (a latencyfs that died).
fuse_down() {
  local m=$1 pid=$2 l
  for _ in $(seq 50); do
    l=$(losetup -nO NAME -j "$m/disk.img" 2>/dev/null || true)
    [ -n "$l" ] || break
    for l in $l; do losetup -d "$l" 2>/dev/null || true; done
    sleep 0.2
  done
  if [ -n "$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = latencyfs ]; then
    kill -TERM "$pid" 2>/dev/null || true
    # 10 s for it to unmount and exit (about a second here)
    for _ in $(seq 100); do [ -d "/proc/$pid" ] && [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = latencyfs ] || break; sleep 0.1; done
  fi
  ! fuse_mounted "$m" || umount -l "$m" || echo "testbed.sh: cannot unmount $m" >&2
  rmdir "$m" 2>/dev/null || true
  rm -f "$m.log"
}

cmd_up() {
  [ $# -ge 2 ] || usage
  local name=$1 prof=$2; shift 2
  NAME=$name PROFILE=$prof
  valid_name "$NAME"; need_root up
  profile_limits "$PROFILE"
  parse_up_flags "$@"
  [ -n "$MNT" ] || MNT=/mnt/$PREFIX$NAME
  local want_mnt=$MNT want_size=$SIZE w=("$RBPS" "$WBPS" "$RIOPS" "$WIOPS") l3=("$WLAT" "$SLAT" "$QUEUE")
  # a latency bed's delays are latencyfs's flags: another delay (or profile) means a new disk
  if is_up "$name" && [ "$MNT" = "$want_mnt" ] && [ "$PROFILE" = "$prof" ] && [ "$WLAT/$SLAT/$QUEUE" = "${l3[0]}/${l3[1]}/${l3[2]}" ]; then
    # Already up: keep the disk and its size, take the newly asked limits.
    PROFILE=$prof RBPS=${w[0]} WBPS=${w[1]} RIOPS=${w[2]} WIOPS=${w[3]}
  else
    teardown "$name"
    PROFILE=$prof RBPS=${w[0]} WBPS=${w[1]} RIOPS=${w[2]} WIOPS=${w[3]} SIZE=$want_size MNT=$want_mnt NAME=$name
    IMG="" LOOP="" MAJMIN="" CGROUP="" CGVER="" FUSEMNT="" FUSEPID=""
    WLAT=${l3[0]} SLAT=${l3[1]} QUEUE=${l3[2]}
    mkdir -p "$BASE"
    # A bed that fails half-way is removed again: nothing is left behind.
    trap 'teardown "$name"' EXIT
    cg_create
    save_state
    make_disk
    save_state
  fi
  cg_apply
  save_state
  trap - EXIT
  cmd_info "$NAME"
}

cmd_info() {
  load_state "$1" || die "no bed named '$1' (testbed.sh list)"
  cat "$(state_file "$1")"
}

cmd_run() {
  [ $# -ge 2 ] || usage
  local name=$1; shift
  need_root run
  load_state "$name" || die "no bed named '$name': testbed.sh up $name PROFILE first"
  if [ -n "$CGROUP" ]; then
    echo $$ > "$CGROUP/cgroup.procs" || die "cannot join cgroup $CGROUP"
  fi
  cd "$DIR"
  exec "$@"
}

# cg_empty moves any process still in cgroup $1 to its parent, so that the
# cgroup can be removed (rmdir fails with EBUSY while it has members).
cg_empty() {
  local pid parent; parent=$(dirname "$1")
  [ -f "$1/cgroup.procs" ] || return 0
  while read -r pid; do
    echo "$pid" > "$parent/cgroup.procs" 2>/dev/null || true
  done < "$1/cgroup.procs"
}

# teardown removes whatever exists of bed $1: mount, loop devices of its
# image, cgroup(s), image, state. Every step tolerates being already done.
teardown() {
  local name=$1 mnt=/mnt/$PREFIX$1 img=$BASE/$1.img cgs=() l fmnt=$BASE/$1.fuse fpid=""
  if load_state "$name"; then mnt=$DIR img=$IMG fpid=$FUSEPID; [ -n "$CGROUP" ] && cgs+=("$CGROUP"); fi
  cgs+=("$CGROOT/blkio/$PREFIX$name" "$CGROOT/$PREFIX$name" "$CGROOT/unified/$PREFIX$name")
  if mountpoint -q "$mnt" 2>/dev/null; then
    umount "$mnt" 2>/dev/null || umount -l "$mnt" || echo "testbed.sh: cannot unmount $mnt" >&2
  fi
  if [ -e "$img" ]; then
    for l in $(losetup -nO NAME -j "$img" 2>/dev/null); do
      losetup -d "$l" || echo "testbed.sh: cannot detach $l" >&2
    done
  fi
  if [ -n "$fpid" ] || [ -d "$fmnt" ]; then fuse_down "$fmnt" "$fpid"; fi
  for l in "${cgs[@]}"; do
    [ -d "$l" ] || continue
    cg_empty "$l"
    rmdir "$l" 2>/dev/null || echo "testbed.sh: cannot remove cgroup $l (still in use?)" >&2
  done
  rm -f "$img" "$(state_file "$name")"
  case $mnt in /mnt/$PREFIX*) rmdir "$mnt" 2>/dev/null || true ;; esac
}

cmd_down() {
  [ $# -eq 1 ] || usage
  valid_name "$1"; need_root down
  teardown "$1"
}

# all_names lists beds from state files and leftovers found by name.
all_names() {
  {
    for f in "$BASE"/*.env "$BASE"/*.img; do [ -e "$f" ] && basename "${f%.*}"; done
    for d in /mnt/$PREFIX* "$CGROOT"/blkio/$PREFIX* "$CGROOT"/$PREFIX* "$CGROOT"/unified/$PREFIX*; do
      [ -e "$d" ] && basename "$d" | sed "s/^$PREFIX//"
    done
  } 2>/dev/null | sort -u
}

cmd_down_all() {
  need_root down-all
  local n
  for n in $(all_names); do teardown "$n"; done
}

cmd_list() {
  local f
  for f in "$BASE"/*.env; do [ -e "$f" ] && basename "${f%.env}"; done
  return 0
}

cmd_status() {
  local det; det=$(cg_detect)
  echo "cgroup: ${det:-none usable (no v1 blkio, no v2 io)}"
  echo "base: $BASE"
  local n
  for n in ${1:-$(all_names)}; do
    if load_state "$n"; then
      local up=down; is_up "$n" && up=up
      echo "$n: $up profile=$PROFILE dir=$DIR loop=$LOOP ($MAJMIN) cgroup=${CGROUP:-none} v$CGVER" \
        "read=${RBPS}B/s,${RIOPS}iops write=${WBPS}B/s,${WIOPS}iops${WLAT:+ latency=$WLAT/${SLAT:-$WLAT} queue=$QUEUE pid=$FUSEPID}"
    else
      echo "$n: leftover (no state): run 'testbed.sh down $n'"
    fi
  done
}

main() {
  [ $# -ge 1 ] || usage
  local c=$1; shift
  case $c in
    up|down|down-all) need_root "$c"; exec 9>>"$BASE.lock"; flock 9 ;;
  esac
  case $c in
    up) cmd_up "$@" ;;
    down) cmd_down "$@" ;;
    down-all) cmd_down_all ;;
    run) cmd_run "$@" ;;
    info) [ $# -eq 1 ] || usage; cmd_info "$1" ;;
    list) cmd_list ;;
    status) cmd_status "$@" ;;
    -h|--help|help) usage ;;
    *) echo "testbed.sh: unknown command '$c'" >&2; usage ;;
  esac
}

main "$@"
