#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Does a SAT solver complete the first-queens table's boards? The first-queens search settles a
# row as soon as a completion of its probe is found, so a fast outside oracle for completions
# would settle the open rows. Each board (queens on rows 1..k) goes to CaDiCaL as our own CNF
# (`nqueens complete --to-dimacs`) for LIMIT seconds, and a model it returns is turned back into
# a placement and checked (`--from-model`). Prints one line per board: n, k, sat/unsat/unknown,
# seconds (CNF writing not counted).
#
# Usage: bench/first_sat_probe.sh answer N "ROWS..." [LIMIT]  the first ROWS queens of the
#                                                            answer in docs/first/nNNN.json
#        bench/first_sat_probe.sh open "N..." [LIMIT]         each open row's probe (the settled
#                                                            rows and the probe's queen, from
#                                                            docs/first/nNNN.open.json)
# LIMIT defaults to 60 s. Needs cadical (apt-get install cadical; not a dependency of the project).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${NQ_BIN:-build/release/nqueens}
command -v cadical > /dev/null || { echo "bench/first_sat_probe.sh: needs cadical (apt-get install cadical)" >&2; exit 2; }
[ -x "$bin" ] || { cmake --preset release > /dev/null && cmake --build --preset release -j2 --target nqueens > /dev/null; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# probe N QUEENS LIMIT: QUEENS as R:C,R:C,...
probe() {
  local n=$1 queens=$2 limit=$3 k start end status=0
  k=$(tr ',' '\n' <<< "$queens" | wc -l)
  "$bin" complete --size "$n" --queens "$queens" --to-dimacs > "$scratch/in.cnf"
  start=$(date +%s.%N)
  cadical -q -t "$limit" "$scratch/in.cnf" > "$scratch/out.txt" 2>&1 || status=$?
  end=$(date +%s.%N)
  local verdict=unknown
  if [ "$status" = 10 ]; then
    "$bin" complete --size "$n" --queens "$queens" --from-model "$scratch/out.txt" > /dev/null ||
      { echo "bench/first_sat_probe.sh: n = $n: the model is not a completion" >&2; exit 1; }
    verdict=sat
  elif [ "$status" = 20 ]; then
    verdict=unsat
  fi
  printf 'n = %d, %d rows placed: %s, %.2f s\n' "$n" "$k" "$verdict" "$(echo "$end - $start" | bc -l)"
}

case "${1:-}" in
  answer)
    n=$2
    for rows in $3; do
      queens=$(python3 -c 'import json,sys; s=json.load(open(sys.argv[1]))["solution"][:int(sys.argv[2])]
print(",".join("%d:%d" % (r + 1, c) for r, c in enumerate(s)))' "$(printf 'docs/first/n%03d.json' "$n")" "$rows")
      probe "$n" "$queens" "${4:-60}"
    done
    ;;
  open)
    for n in $2; do
      queens=$(python3 -c 'import json,sys; j=json.load(open(sys.argv[1]))
print(",".join("%d:%d" % (r + 1, c) for r, c in enumerate(j["prefix"])) + ",%d:%d" % (j["row"], j["column"]))' "$(printf 'docs/first/n%03d.open.json' "$n")")
      probe "$n" "$queens" "${3:-60}"
    done
    ;;
  *)
    sed -n 's/^# \{0,1\}//; 3,/^set -/p' "$0" | sed '/^set -/d' >&2
    exit 2
    ;;
esac
