#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The lexicographically first solution for n = FROM..TO, one run each on all cores with a time
# limit: the wall time, the answer, the row that took longest, and (with AUDIT=1) the proof
# checked by audit-first with K sampled pieces. Usage:
#   bench/first.sh [FROM] [TO] [LIMIT_SECONDS]   (default 4 64 60)
#   AUDIT=1 SAMPLE=20 bench/first.sh 40 50 600
set -euo pipefail
cd "$(dirname "$0")/.."
from=${1:-4}
to=${2:-64}
limit=${3:-60}
bin=build/release/nqueens
[ -x "$bin" ] || { cmake --preset release >/dev/null && cmake --build --preset release >/dev/null; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

echo "| n | seconds | status | slowest row (row, column, seconds) | answer |"
echo "|---|---|---|---|---|"
for n in $(seq "$from" "$to"); do
  start=$(date +%s.%N)
  status=ok
  proof=()
  [ "${AUDIT:-0}" = 1 ] && proof=(--proof "$scratch/p$n")
  "$bin" solve "$n" --method first --json -q --timeout "$limit" "${proof[@]}" > "$scratch/j" 2>/dev/null ||
    status="exit $?"
  t=$(echo "$(date +%s.%N) - $start" | bc -l)
  if [ "$status" = ok ] || [ "$status" = "exit 1" ]; then
    read -r slow answer < <(python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
rows = sorted(j["rows"], key=lambda r: -r["seconds"])
slow = "%d, %d, %.2f" % (rows[0]["row"], rows[0]["column"], rows[0]["seconds"]) if rows else "-"
print(slow.replace(" ", "_"), " ".join(map(str, j["solution"])) or "-")' "$scratch/j")
    if [ "${AUDIT:-0}" = 1 ] && [ "$status" = ok ]; then
      "$bin" audit-first "$scratch/p$n" --sample "${SAMPLE:-20}" --seed 1 > /dev/null || status="AUDIT FAILED"
    fi
  else
    slow="-" answer="-"
    [ "$status" = "exit 124" ] && status="gave up at $limit s"
  fi
  printf '| %d | %.2f | %s | %s | %s |\n' "$n" "$t" "$status" "${slow//_/ }" "$answer"
done
