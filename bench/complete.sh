#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# nqueens complete against CaDiCaL on our own DIMACS encoding (complete --to-dimacs), side by
# side on the same random instances (`nqueens instance N --queens K --seed S`, K = FRACTION * N).
# Families are (N, FRACTION); the fractions sweep across the phase transition, where instances
# turn from mostly completable to mostly not and are hardest. Per family: how many instances
# have a completion, median and total wall seconds of each solver (CNF writing not counted for
# CaDiCaL; both limited to TIMEOUT seconds, a timeout counting as TIMEOUT), the ratio of the
# medians, and the instances one solver decided and the other did not. Answers are checked to
# agree wherever both decided.
#
# Usage: bench/complete.sh [COUNT] [TIMEOUT] [SIZES] [FRACTIONS]
#   defaults: 5 60 "20 50 100 200" "0.1 0.2 0.3 0.4 0.5 0.6"
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-5}
timeout=${2:-60}
sizes=${3:-"20 50 100 200"}
fractions=${4:-"0.1 0.2 0.3 0.4 0.5 0.6"}
bin=build/release/nqueens
command -v cadical > /dev/null || { echo "bench/complete.sh: needs cadical (apt-get install cadical)" >&2; exit 2; }
[ -x "$bin" ] || { cmake --preset release > /dev/null && cmake --build --preset release -j2 > /dev/null; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
total() { awk '{s+=$1} END {printf "%.3f", s}'; }
now() { date +%s.%N; }

echo "| n | queens | completable | ours median s | CaDiCaL median s | ratio | ours total s | CaDiCaL total s | only ours decided | only CaDiCaL decided |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for n in $sizes; do
  for f in $fractions; do
    k=$(awk -v n="$n" -v f="$f" 'BEGIN {printf "%d", n * f + 0.5}')
    : > "$scratch/ours"; : > "$scratch/theirs"
    yes=0; only_ours=0; only_theirs=0
    for seed in $(seq "$count"); do
      "$bin" instance "$n" --queens "$k" --seed "$seed" > "$scratch/in.txt"
      "$bin" complete "$scratch/in.txt" --to-dimacs > "$scratch/in.cnf"
      start=$(now)
      set +e
      "$bin" complete "$scratch/in.txt" --timeout "$timeout" > /dev/null 2>&1
      ours=$?
      mid=$(now)
      cadical -q -t "$timeout" "$scratch/in.cnf" > /dev/null 2>&1
      theirs=$?
      end=$(now)
      set -e
      awk -v a="$start" -v b="$mid" -v t="$timeout" 'BEGIN {d = b - a; print (d > t ? t : d)}' >> "$scratch/ours"
      awk -v a="$mid" -v b="$end" -v t="$timeout" 'BEGIN {d = b - a; print (d > t ? t : d)}' >> "$scratch/theirs"
      ours_decided=$([ "$ours" = 0 ] || [ "$ours" = 1 ] && echo 1 || echo 0)
      theirs_decided=$([ "$theirs" = 10 ] || [ "$theirs" = 20 ] && echo 1 || echo 0)
      if [ "$ours_decided" = 1 ] && [ "$theirs_decided" = 1 ]; then
        if { [ "$ours" = 0 ] && [ "$theirs" != 10 ]; } || { [ "$ours" = 1 ] && [ "$theirs" != 20 ]; }; then
          echo "bench/complete.sh: the solvers disagree on n $n queens $k seed $seed" >&2
          exit 1
        fi
      fi
      [ "$ours" = 0 ] || [ "$theirs" = 10 ] && yes=$((yes + 1))
      [ "$ours_decided" = 1 ] && [ "$theirs_decided" = 0 ] && only_ours=$((only_ours + 1))
      [ "$ours_decided" = 0 ] && [ "$theirs_decided" = 1 ] && only_theirs=$((only_theirs + 1))
    done
    mo=$(median < "$scratch/ours"); mt=$(median < "$scratch/theirs")
    awk -v n="$n" -v k="$k" -v c="$count" -v y="$yes" -v mo="$mo" -v mt="$mt" \
      -v to="$(total < "$scratch/ours")" -v tt="$(total < "$scratch/theirs")" \
      -v oo="$only_ours" -v ot="$only_theirs" \
      'BEGIN {printf "| %s | %s | %s/%s | %.4f | %.4f | %.1f | %s | %s | %s | %s |\n", n, k, y, c, mo, mt, (mo > 0 ? mt / mo : 0), to, tt, oo, ot}'
  done
done
