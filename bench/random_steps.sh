#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Steps to a solution of the traced local search (`nqueens trace N --method random`), the number a
# learner steps through in the playground: median, 90th percentile and worst over seeds 1..SEEDS.
# Usage: bench/random_steps.sh [NQUEENS] [SEEDS] [SIZES]   (default build/release/nqueens 100 "6 8 12 20")
set -euo pipefail
nqueens="${1:-build/release/nqueens}"
seeds="${2:-100}"
sizes="${3:-6 8 12 20}"
for n in $sizes; do
  for seed in $(seq 1 "$seeds"); do
    "$nqueens" trace "$n" --method random --seed "$seed" --format jsonl 2> /dev/null | tail -n 1 |
      sed -E 's/.*"steps":([0-9]+).*/\1/'
  done | sort -n | awk -v n="$n" '{ s[NR] = $1 }
    END { m = NR % 2 ? s[(NR + 1) / 2] : (s[NR / 2] + s[NR / 2 + 1]) / 2
          printf "n = %d: median %d, 90th percentile %d, worst %d steps (%d seeds)\n",
                 n, m, s[int(NR * 0.9)], s[NR], NR }'
done
