#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# nqueens-mpi against nqueens on the same machine, side by side: for each n, RUNS rounds of
#   mpirun -np P nqueens-mpi count N --threads T     and     nqueens count N --threads P*T
# alternating, so that both see the same machine state. Prints the median wall time of each
# (mpirun's start-up included), their ratio, and the median coordination overhead that
# nqueens-mpi reports in --json (the largest over its ranks). Every run is --check'ed. Each round
# also runs nqueens-mpi with OMPI_MCA_btl_vader_single_copy_mechanism=none (copy-in/copy-out
# shared memory, which containers often need), whose overhead must match the default's.
#
# Usage: bench/mpi.sh [NMIN] [NMAX] [RUNS] [P] [T]   (default 17 18 5 2 1)
set -euo pipefail
cd "$(dirname "$0")/.."
n_min=${1:-17}
n_max=${2:-18}
runs=${3:-5}
ranks=${4:-2}
threads=${5:-1}
export OMPI_MCA_rmaps_base_oversubscribe=1
if [ "$(id -u)" -eq 0 ]; then export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1; fi
bin=build/release/nqueens
mpi_bin=build/release/nqueens-mpi
[ -x "$mpi_bin" ] || { cmake --preset release >/dev/null && cmake --build --preset release -j2 >/dev/null; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
wall() {  # runs "$@" with stdout to $scratch/out, prints the wall seconds
  local start end
  start=$(date +%s.%N)
  "$@" > "$scratch/out"
  end=$(date +%s.%N)
  grep -q '"check":"passed"' "$scratch/out" || { echo "bench/mpi.sh: check failed: $*" >&2; exit 1; }
  awk -v a="$start" -v b="$end" 'BEGIN {printf "%.3f\n", b - a}'
}

echo "| n | mpirun -np $ranks nqueens-mpi --threads $threads (s) | nqueens --threads $((ranks * threads)) (s) | ratio | coordination overhead | with single_copy_mechanism=none (s) | its overhead |"
echo "|---|---|---|---|---|---|---|"
for n in $(seq "$n_min" "$n_max"); do
  : > "$scratch/mpi"; : > "$scratch/one"; : > "$scratch/overhead"; : > "$scratch/copy"
  : > "$scratch/copy_overhead"
  for _ in $(seq "$runs"); do
    wall mpirun -np "$ranks" "$mpi_bin" count "$n" --threads "$threads" --json --check -q >> "$scratch/mpi"
    sed -n 's/.*"coordination_overhead":\([0-9.e-]*\),"rank_stats".*/\1/p' "$scratch/out" >> "$scratch/overhead"
    wall "$bin" count "$n" --threads $((ranks * threads)) --json --check -q >> "$scratch/one"
    OMPI_MCA_btl_vader_single_copy_mechanism=none wall mpirun -np "$ranks" "$mpi_bin" count "$n" \
      --threads "$threads" --json --check -q >> "$scratch/copy"
    sed -n 's/.*"coordination_overhead":\([0-9.e-]*\),"rank_stats".*/\1/p' "$scratch/out" \
      >> "$scratch/copy_overhead"
  done
  m=$(median < "$scratch/mpi")
  o=$(median < "$scratch/one")
  ov=$(median < "$scratch/overhead")
  c=$(median < "$scratch/copy")
  cov=$(median < "$scratch/copy_overhead")
  awk -v n="$n" -v m="$m" -v o="$o" -v ov="$ov" -v c="$c" -v cov="$cov" \
    'BEGIN {printf "| %s | %.3f | %.3f | %.3f | %.2f%% | %.3f | %.2f%% |\n", n, m, o, m / o, 100 * ov, c, 100 * cov}'
done
