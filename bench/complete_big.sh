#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# nqueens complete on large boards with few queens given (issue 19's targets): for each
# (N, QUEENS, BLOCKED), a random instance (`nqueens instance`, seed 1), then RUNS runs of
# `complete` on it, each checked to be a completion of the instance; prints the median wall time
# and the largest peak memory (GNU time's maximum resident set size), and the same for the
# exhaustive search alone (--exhaustive, one run, EXHAUSTIVE_TIMEOUT) for comparison.
#
# Usage: bench/complete_big.sh [RUNS] [TIMEOUT] [EXHAUSTIVE_TIMEOUT]   (defaults 5, 60 and 10 s)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
timeout=${2:-60}
exhaustive_timeout=${3:-10}
bin=build/release/nqueens
[ -x /usr/bin/time ] || { echo "bench/complete_big.sh: needs GNU time (apt-get install time)" >&2; exit 2; }
[ -x "$bin" ] || { cmake --preset release > /dev/null && cmake --build --preset release -j2 > /dev/null; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# FLAGS TIMEOUT RUNS: the median seconds and the largest RSS (MB) of the runs, or "gave up".
measure() {
  local flags=$1 timeout=$2 runs=$3 i
  : > "$scratch/times"; : > "$scratch/rss"
  for i in $(seq "$runs"); do
    set +e
    /usr/bin/time -f "%e %M" -o "$scratch/time" "$bin" complete "$scratch/in.txt" $flags \
      --timeout "$timeout" > "$scratch/out.txt" 2> /dev/null
    local code=$?
    set -e
    if [ "$code" = 124 ]; then echo "gave up at $timeout s"; return; fi
    [ "$code" = 0 ] || { echo "bench/complete_big.sh: complete exited $code" >&2; exit 1; }
    "$bin" verify -q "$scratch/out.txt" || { echo "bench/complete_big.sh: not a solution" >&2; exit 1; }
    # The given queens kept and the blocked squares avoided.
    awk 'NR == FNR { for (i = 1; i <= NF; i++) col[++r] = $i; next }
         $1 == "Q" && col[$2] != $3 { bad = 1 } $1 == "X" && col[$2] == $3 { bad = 1 }
         END { exit bad }' "$scratch/out.txt" "$scratch/in.txt" ||
      { echo "bench/complete_big.sh: not a completion of the instance" >&2; exit 1; }
    awk '{print $1}' "$scratch/time" >> "$scratch/times"
    awk '{print $2 / 1024}' "$scratch/time" >> "$scratch/rss"
  done
  printf "%.2f s, %.0f MB" "$(median < "$scratch/times")" "$(sort -g "$scratch/rss" | tail -1)"
}

echo "| n | queens | blocked | complete (median, peak RSS) | --exhaustive only |"
echo "|---|---|---|---|---|"
for spec in "10000 166 0" "100000 1666 0" "100000 1 0" "100000 1666 200000" "1000000 16666 0" "1000000 1 0"; do
  read -r n queens blocked <<< "$spec"
  "$bin" instance "$n" --queens "$queens" --blocked "$blocked" --seed 1 > "$scratch/in.txt"
  echo "| $n | $queens | $blocked | $(measure "" "$timeout" "$runs") | $(measure --exhaustive "$exhaustive_timeout" 1) |"
done
