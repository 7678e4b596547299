#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The figures asked of `nqueens solve` and `verify --binary`, median of RUNS runs each:
# construct 10^9 queens in binary to /dev/null, verify them from a file, random search for 10^6
# and 10^7 queens (with peak memory), and the lexicographically first solution for n = 4..MAXN
# with a per-n time limit. Usage: bench/solve.sh [RUNS] [MAXN] [LIMIT_SECONDS]  (default 3 40 60)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
max_n=${2:-40}
limit=${3:-60}
bin=build/release/nqueens
[ -x "$bin" ] || { cmake --preset release >/dev/null && cmake --build --preset release >/dev/null; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

median_of() {  # median wall seconds (and last peak KiB) of: sh -c "$1", $runs times
  local times=() kib=0
  for _ in $(seq "$runs"); do
    /usr/bin/time -f '%e %M' -o "$scratch/time" sh -c "$1" > /dev/null
    read -r t kib < "$scratch/time"
    times+=("$t")
  done
  printf '%s %s\n' "$(printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')" "$kib"
}

echo "| job | median s | peak MiB |"
echo "|---|---|---|"
read -r t kib < <(median_of "$bin solve 1000000000 --format binary")
echo "| solve 10^9 --format binary > /dev/null | $t | $((kib / 1024)) |"
"$bin" solve 1000000000 --format binary > "$scratch/big.bin"
read -r t kib < <(median_of "$bin verify --binary $scratch/big.bin")
echo "| verify --binary (10^9 queens, 4 GB file) | $t | $((kib / 1024)) |"
rm -f "$scratch/big.bin"
for n in 1000000 10000000; do
  read -r t kib < <(median_of "$bin solve $n --method random --seed 1 --format binary")
  echo "| solve $n --method random | $t | $((kib / 1024)) ($((kib * 1024 / n)) bytes/queen) |"
done

# Per n: the median of RUNS runs; the total is the sum of the medians.
for threads in 0 1; do
  label="all cores"
  args=""
  if [ "$threads" -gt 0 ]; then label="$threads thread"; args="--threads $threads"; fi
  echo
  echo "solve N --method first $args ($label), n = 4..$max_n, median of $runs, limit $limit s each:"
  total=0
  for n in $(seq 4 "$max_n"); do
    times=()
    status=ok
    for _ in $(seq "$runs"); do
      start=$(date +%s.%N)
      # shellcheck disable=SC2086
      "$bin" solve "$n" --method first $args --timeout "$limit" > /dev/null 2>&1 || status="gave up"
      times+=("$(echo "$(date +%s.%N) - $start" | bc -l)")
    done
    t=$(printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    total=$(echo "$total + $t" | bc -l)
    printf 'n=%d %.2fs %s\n' "$n" "$t" "$status"
  done
  printf 'total %.1f s\n' "$total"
done
