#!/bin/bash
# install-deps.sh — installs what the tests and benchmarks need on Debian/Ubuntu:
# MariaDB server and client (integration tests), fio (bench-probe), mydumper (dump tests, bench-threads),
# sysbench (bench-threads data), util-linux/e2fsprogs (loop-device test beds), tmux (terminal tests),
# nodejs (node --check of every printed mysqlsh JavaScript argument), galera-4 (calibrate on a Galera node),
# fish (the completion help's fish line, pasted into fish), zsh and dash (every quoted word read back in bash, dash, zsh and fish),
# mariadb-plugin-rocksdb (MyRocks: the memtable read of probe/server), mariadb-backup (a physical backup's restore plan, followed).
set -euo pipefail
need=()
for pair in mariadbd:mariadb-server mariadb:mariadb-client mariadb-backup:mariadb-backup fio:fio mydumper:mydumper myloader:mydumper \
            sysbench:sysbench losetup:util-linux mkfs.ext4:e2fsprogs tmux:tmux python3:python3 node:nodejs fish:fish zsh:zsh dash:dash; do
  cmd=${pair%%:*}; pkg=${pair#*:}
  command -v "$cmd" >/dev/null 2>&1 || [ -x "/usr/sbin/$cmd" ] || [ -x "/sbin/$cmd" ] || need+=("$pkg")
done
# galera-4 (a library, no command): the Galera node calibrate's tests start; mariadb-server only recommends it.
galera=
for f in /usr/lib/galera/libgalera_smm.so /usr/lib/galera-4/libgalera_smm.so /usr/lib64/galera/libgalera_smm.so /usr/lib64/galera-4/libgalera_smm.so; do
  [ -e "$f" ] && galera=1
done
[ -n "$galera" ] || need+=(galera-4)
# mariadb-plugin-rocksdb (a plugin, no command): MyRocks for probe/server's memtable test, which loads it into its own
# server; installed on its own below, since not every architecture has it.
rocksdb=
[ -e /usr/lib/mysql/plugin/ha_rocksdb.so ] || rocksdb=1
[ ${#need[@]} -eq 0 ] && [ -z "$rocksdb" ] && exit 0
mapfile -t need < <(printf '%s\n' "${need[@]}" | sort -u)
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "install-deps: missing ${need[*]}; install them (apt-get install ${need[*]}) — tests that need them are skipped" >&2
  exit 0
fi
echo "install-deps: apt-get install ${need[*]}${rocksdb:+ mariadb-plugin-rocksdb}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq >/dev/null
# A policy-rc.d that says 101 keeps the package from starting a system MariaDB: tests start their own.
made_policy=
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d && made_policy=1
fi
[ ${#need[@]} -eq 0 ] || apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
if [ -n "$rocksdb" ]; then
  # The package's rocksdb.cnf would load MyRocks into every MariaDB started with the system's option files: it is
  # renamed out of the *.cnf that !includedir reads when this script installed it (the tests load it themselves).
  if apt-get install -y -qq --no-install-recommends mariadb-plugin-rocksdb >/dev/null 2>&1; then
    for f in /etc/mysql/mariadb.conf.d/rocksdb.cnf; do [ -e "$f" ] && mv "$f" "$f.off-by-mytune-install-deps"; done
  else
    echo "install-deps: mariadb-plugin-rocksdb is not available here; the MyRocks test is skipped" >&2
  fi
fi
[ -n "$made_policy" ] && rm -f /usr/sbin/policy-rc.d
true
