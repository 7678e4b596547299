#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Python module against the command line and against the Python a student writes first:
# count(N) from Python and `nqueens count N` alternated R times (same threads), medians and
# their ratio; solutions_array(12) and solve(10**7); and counts of n = 10 and 12 by a list-based
# recursive backtracker written in bench/python_bench.py, against nqueens.count. Usage:
#   bench/python.sh [N] [RUNS] [THREADS]   (default 18 5 2)
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/release/python/nqueens/__init__.py ] || {
  cmake --preset release >/dev/null && cmake --build --preset release >/dev/null
}
PYTHONPATH=build/release/python exec /usr/bin/python3 bench/python_bench.py \
  build/release/nqueens "${1:-18}" "${2:-5}" "${3:-2}"
