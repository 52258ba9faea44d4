#!/bin/bash
# fuzz.sh TIME — runs every Fuzz* target of the module for TIME each (go test -fuzz needs one target per run).
set -euo pipefail
t=${1:-3s}
cd "$(dirname "$0")/.."
n=0
while IFS= read -r line; do
  file=${line%%:*}; name=$(sed -E 's/.*func (Fuzz[A-Za-z0-9_]+).*/\1/' <<<"$line")
  pkg=./$(dirname "$file")
  echo "fuzz $pkg $name ($t)"
  go test -run='^$' -fuzz="^${name}\$" -fuzztime="$t" "$pkg" >/tmp/mytune-fuzz.log 2>&1 || { cat /tmp/mytune-fuzz.log; exit 1; }
  n=$((n+1))
done < <(grep -rEn --include='*_test.go' '^func Fuzz[A-Za-z0-9_]+\(' . | grep -v '/dist/')
echo "fuzz: $n targets ran for $t each, no failures"
