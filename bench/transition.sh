#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The phase transition of the Blocked n-Queens and Excluded Diagonals families, ours against
# CaDiCaL; see bench/transition.py (its options pass through). Writes build/transition/.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cadical > /dev/null || { echo "bench/transition.sh: needs cadical (apt-get install cadical)" >&2; exit 2; }
cmake --preset release > /dev/null && cmake --build --preset release > /dev/null
exec /usr/bin/python3 bench/transition.py "$@"
