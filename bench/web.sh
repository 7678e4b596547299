#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The WebAssembly build against the native program, side by side in one run, alternating:
# count(N) in Node (the npm module; its first call in a fresh process and warm calls after it)
# and `nqueens count N --threads 1`, REPEAT times each, the medians and their ratios; then
# solve(10^6) + verify in Node and the bundle's sizes.
# Usage: bench/web.sh [N] [REPEAT]   (default 14 7). No other compute job should run meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-14}
repeat=${2:-7}
[ -x build/release/nqueens ] || { cmake --preset release >/dev/null && cmake --build --preset release >/dev/null; }
[ -f build/web/package/nqueens.mjs ] || { cmake --preset web >/dev/null && cmake --build --preset web >/dev/null; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# One fresh process per run: the first count(N) (the WebAssembly still partly in V8's baseline
# tier) and the median of four more in the same process (optimised), each its own `seconds`.
cat > "$scratch/count.mjs" <<'JS'
const nq = await import(process.argv[2]);
const n = Number(process.argv[3]);
const first = nq.count(n).seconds;
const warm = [1, 2, 3, 4].map(() => nq.count(n).seconds).sort((a, b) => a - b);
console.log(first, (warm[1] + warm[2]) / 2);
JS
cold=() warm=() native=()
for i in $(seq "$repeat"); do
  read -r c w < <(node "$scratch/count.mjs" "$PWD/build/web/package/nqueens.mjs" "$n")
  cold+=("$c") warm+=("$w")
  native+=("$(build/release/nqueens count "$n" --threads 1 --json 2>/dev/null |
    sed -n 's/.*"seconds": *\([0-9.e-]*\).*/\1/p')")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
mc=$(median "${cold[@]}") mw=$(median "${warm[@]}") mn=$(median "${native[@]}")
ratio() { echo "$1 / $2" | bc -l | cut -c1-4; }
echo "count($n), medians of $repeat runs, each program's own seconds (Node $(node --version)):"
echo "  native --threads 1 $mn s; WebAssembly first call $mc s (x$(ratio "$mc" "$mn")), warm $mw s (x$(ratio "$mw" "$mn"))"
echo "  native:    ${native[*]}"
echo "  wasm cold: ${cold[*]}"
echo "  wasm warm: ${warm[*]}"
node --input-type=module -e "
const nq = await import('$PWD/build/web/package/nqueens.mjs');
const t0 = performance.now(); const p = nq.solve(1e6); const t1 = performance.now();
const bad = nq.verify(p); const t2 = performance.now();
console.log('solve(10^6) ' + ((t1 - t0) / 1000).toFixed(3) + ' s, verify ' + ((t2 - t1) / 1000).toFixed(3) + ' s: ' + (bad === null ? 'valid' : 'INVALID'));"
echo "sizes: nqueens.mjs $(stat -c %s build/web/package/nqueens.mjs) bytes," \
  "gzip $(gzip -9c build/web/package/nqueens.mjs | wc -c) bytes;" \
  "playground/index.html $(stat -c %s build/web/playground/index.html 2>/dev/null || echo '?') bytes"
