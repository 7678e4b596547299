#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# `nqueens count` for n = NMIN..NMAX with each engine and thread count: median wall seconds of
# RUNS runs, the work rate (engine nodes per second: queens placed for backtrack, partial boards
# built plus pattern pairs compared for halves) and peak memory. Every run's total is checked
# against the published value (--check). Backtracking stops at BACKTRACK_MAX (default 16), since
# it takes minutes beyond.
#
# To measure another program side by side in the same table, set OTHER to a command with {n}
# and {t} in it (build that program outside this repository), e.g.
#   OTHER='/tmp/other/count-{n} {t}' bench/count.sh 16 18
# EXTRA adds options to every nqueens run, e.g. EXTRA='--memory 2G' bench/count.sh 21 21 1 2.
#
# Usage: bench/count.sh [NMIN] [NMAX] [RUNS] [THREADS...]   (default 14 18 3 1 2)
set -euo pipefail
cd "$(dirname "$0")/.."
n_min=${1:-14}
n_max=${2:-18}
runs=${3:-3}
shift $(($# < 3 ? $# : 3))
threads=("$@")
[ ${#threads[@]} -gt 0 ] || threads=(1 2)
backtrack_max=${BACKTRACK_MAX:-16}
bin=build/release/nqueens
[ -x "$bin" ] || { cmake --preset release >/dev/null && cmake --build --preset release -j2 >/dev/null; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

echo "| n | program | threads | median s | nodes/s | peak MiB |"
echo "|---|---|---|---|---|---|"
for n in $(seq "$n_min" "$n_max"); do
  for t in "${threads[@]}"; do
    for engine in halves backtrack; do
      if [ "$engine" = backtrack ] && [ "$n" -gt "$backtrack_max" ]; then continue; fi
      : > "$scratch/times"
      for _ in $(seq "$runs"); do
        /usr/bin/time -f '%e %M' -o "$scratch/time" \
          "$bin" count "$n" --engine "$engine" --threads "$t" --json --check -q ${EXTRA:-} \
          > "$scratch/out"
        read -r secs kib < "$scratch/time"
        echo "$secs" >> "$scratch/times"
      done
      nodes=$(sed -n 's/.*"nodes":\([0-9]*\).*/\1/p' "$scratch/out")
      secs=$(median < "$scratch/times")
      rate=$(awk -v a="$nodes" -v b="$secs" 'BEGIN {printf "%.3g", (b > 0 ? a / b : 0)}')
      echo "| $n | nqueens $engine | $t | $secs | $rate | $((kib / 1024)) |"
    done
    if [ -n "${OTHER:-}" ]; then
      command=${OTHER//\{n\}/$n}
      command=${command//\{t\}/$t}
      : > "$scratch/times"
      for _ in $(seq "$runs"); do
        /usr/bin/time -f '%e %M' -o "$scratch/time" sh -c "$command" > /dev/null
        read -r secs kib < "$scratch/time"
        echo "$secs" >> "$scratch/times"
      done
      echo "| $n | other: \`${OTHER}\` | $t | $(median < "$scratch/times") | | $((kib / 1024)) |"
    fi
  done
done
