#!/bin/sh
# SPDX-License-Identifier: MIT
# The kill campaign (bench/kill_campaign.py): over 50 kill -9s at random moments of long counts
# (halves n = 18..20, backtrack n = 16..17), first rows (n = 45, 57, 60), nqueens-mpi's count
# (a random rank) and saves cut short by the fault shim, each job resumed to its exact answer;
# prints the table. About 15 minutes on two cores. Needs `make build` (the release build with its
# tests, for the shim, and nqueens-mpi).
#   bench/kill-campaign.sh [--seed S]
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
exec python3 "$here/bench/kill_campaign.py" --build "$here/build/release" "$@"
