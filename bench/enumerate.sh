#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Side-by-side timing of `nqueens enumerate N > /dev/null` (every format) against the plain C
# baseline in enumerate_baseline.c (backtracking + printf), median of RUNS runs each, all in one
# series of runs so machine noise hits both. Usage: bench/enumerate.sh [N] [RUNS]  (default 16 3)
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-16}
runs=${2:-3}
bin=build/release/nqueens
[ -x "$bin" ] || { cmake --preset release >/dev/null && cmake --build --preset release >/dev/null; }
baseline=build/enumerate_baseline
gcc -O2 -o "$baseline" bench/enumerate_baseline.c

solutions=$("$bin" enumerate "$n" --count-only)

median() {  # median wall seconds of running "$@" > /dev/null, $runs times
  local times=()
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s.%N)
    "$@" > /dev/null
    end=$(date +%s.%N)
    times+=("$(echo "$end - $start" | bc -l)")
  done
  printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

base=$(median "$baseline" "$n")
printf 'n = %s, %s solutions, median of %s runs, %s threads\n\n' "$n" "$solutions" "$runs" "$(nproc)"
printf '| program | format | seconds | solutions/s | vs baseline |\n|---|---|---|---|---|\n'
printf '| C baseline (printf) | perm | %.2f | %.3g | 1.00 |\n' "$base" "$(echo "$solutions / $base" | bc -l)"
for format in perm board jsonl binary; do
  t=$(median "$bin" enumerate "$n" --format "$format")
  printf '| nqueens enumerate | %s | %.2f | %.3g | %.2f |\n' "$format" "$t" \
    "$(echo "$solutions / $t" | bc -l)" "$(echo "$base / $t" | bc -l)"
done
t=$(median "$bin" enumerate "$n" --unique)
printf '| nqueens enumerate --unique | perm | %.2f | %.3g | |\n' "$t" \
  "$(echo "$("$bin" enumerate "$n" --unique --count-only) / $t" | bc -l)"
