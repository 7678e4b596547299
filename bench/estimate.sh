#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# How close `count N --estimate` comes to the real run: for n = NMIN..NMAX, the projection (wall
# seconds with its 95% range) and then the real `count N --check` on the same threads, side by
# side, with the ratio real / projected. Nothing else should run on the machine meanwhile.
#
# Usage: bench/estimate.sh [NMIN] [NMAX] [THREADS] [STRATA]   (default 16 19 2 256)
set -euo pipefail
cd "$(dirname "$0")/.."
n_min=${1:-16}
n_max=${2:-19}
threads=${3:-2}
strata=${4:-256}
bin=build/release/nqueens
[ -x "$bin" ] || { cmake --preset release >/dev/null && cmake --build --preset release -j2 >/dev/null; }

echo "| n | projected s (95% range) | real s | real / projected |"
echo "|---|---|---|---|"
for n in $(seq "$n_min" "$n_max"); do
  read -r value low high < <("$bin" count "$n" --estimate --threads "$threads" --strata "$strata" \
    --json | python3 -c 'import json,sys; j=json.load(sys.stdin); print(*j["wall_seconds"])')
  real=$("$bin" count "$n" --threads "$threads" --check --json -q |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["seconds"])')
  awk -v n="$n" -v v="$value" -v l="$low" -v h="$high" -v r="$real" \
    'BEGIN {printf "| %d | %.1f (%.1f-%.1f) | %.1f | %.2f |\n", n, v, l, h, r, r / v}'
done
