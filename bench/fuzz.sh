#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A fuzz campaign: every libFuzzer target (fuzz/) for SECONDS each, each starting from its seed
# corpus (fuzz/corpus/<target>, not modified) plus what earlier campaigns found
# (build/fuzz-campaign/<target>). Prints per target the executions, the coverage (edges and
# features), the corpus size, the peak memory and whether it found a crash, leak or timeout
# (their inputs are kept in build/fuzz-campaign/artifacts/). Usage:
#   bench/fuzz.sh [SECONDS] [TARGET...]   (default 600, every target)
# FUZZ_JOBS=K runs K targets at a time (default 1); the table keeps the targets' order.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
jobs=${FUZZ_JOBS:-1}
cmake --preset fuzz > /dev/null && cmake --build --preset fuzz > /dev/null
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(board_size read_placement read_perm read_board read_json read_instance read_first_proof
    count_checkpoint first_checkpoint read_subtotals trace cli)
fi
work=build/fuzz-campaign
mkdir -p "$work/artifacts"

# The flags a target needs beyond the common ones (as in fuzz/CMakeLists.txt).
flags_for() {
  case "$1" in
    cli) echo "-close_fd_mask=2 -dict=fuzz/cli.dict" ;;
  esac
}

run_target() {
  local t=$1 log="$work/$1.log" status=0
  mkdir -p "$work/$t"
  # shellcheck disable=SC2046  # the flags are words
  build/fuzz/fuzz/fuzz_"$t" "$work/$t" "fuzz/corpus/$t" -max_total_time="$seconds" \
    -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 $(flags_for "$t") \
    -artifact_prefix="$work/artifacts/$t-" > "$log" 2>&1 || status=$?
  local done_line execs rate rss cov ft corpus result
  done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 || true)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | tail -1)
  cov=$(echo "$done_line" | sed -n 's/.*cov: \([0-9]*\).*/\1/p')
  ft=$(echo "$done_line" | sed -n 's/.*ft: \([0-9]*\).*/\1/p')
  corpus=$(find "$work/$t" -type f | wc -l)
  result="clean"
  [ "$status" -ne 0 ] && result="exit $status: $(grep -m1 -E 'ERROR|timeout|leak' "$log" || echo see "$log")"
  echo "| $t | $seconds | ${execs:-?} | ${rate:-?} | ${cov:-?} | ${ft:-?} | $corpus | ${rss:-?} MB | $result |" \
    > "$work/$t.row"
}

for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  run_target "$t" &
done
wait
echo "| target | seconds | executions | exec/s | coverage (edges) | features | corpus | peak RSS | result |"
echo "|---|---|---|---|---|---|---|---|---|"
for t in "${targets[@]}"; do cat "$work/$t.row"; done
