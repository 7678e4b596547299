#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The WebAssembly build against the native program, side by side in one run, alternating:
# count(N) in Node (the npm module) and `nqueens count N --threads 1`, REPEAT times each, the
# median of each and their ratio; then solve(10^6) + verify in Node and the bundle sizes.
# Usage: bench/web.sh [N] [REPEAT]   (default 14 7). No other compute job should run meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-14}
repeat=${2:-7}
[ -x build/release/nqueens ] || { cmake --preset release >/dev/null && cmake --build --preset release >/dev/null; }
[ -f build/web/package/nqueens.mjs ] || { cmake --preset web >/dev/null && cmake --build --preset web >/dev/null; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cat > "$scratch/count.mjs" <<'JS'
const started = performance.now();
const nq = await import(process.argv[2]);
const loaded = performance.now();
const n = Number(process.argv[3]);
const t = performance.now();
const r = nq.count(n);
const counted = performance.now();
console.log(JSON.stringify({ load: (loaded - started) / 1000, count: (counted - t) / 1000, total: String(r.total) }));
JS
wasm=() native=()
for i in $(seq "$repeat"); do
  w=$(node "$scratch/count.mjs" "$PWD/build/web/package/nqueens.mjs" "$n")
  wasm+=("$(echo "$w" | sed 's/.*"count":\([0-9.e-]*\).*/\1/')")
  start=$(date +%s.%N)
  build/release/nqueens count "$n" --threads 1 > /dev/null
  native+=("$(echo "$(date +%s.%N) - $start" | bc -l)")
done
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
mw=$(median "${wasm[@]}")
mn=$(median "${native[@]}")
echo "count($n), median of $repeat: WebAssembly (Node $(node --version)) ${mw} s, native --threads 1 ${mn} s (whole process), ratio $(echo "$mw / $mn" | bc -l | cut -c1-5)"
echo "  WebAssembly runs: ${wasm[*]}"
echo "  native runs:      ${native[*]}"
node --input-type=module -e "
const nq = await import('$PWD/build/web/package/nqueens.mjs');
const t0 = performance.now(); const p = nq.solve(1e6); const t1 = performance.now();
const bad = nq.verify(p); const t2 = performance.now();
console.log('solve(10^6) ' + ((t1 - t0) / 1000).toFixed(3) + ' s, verify ' + ((t2 - t1) / 1000).toFixed(3) + ' s: ' + (bad === null ? 'valid' : 'INVALID'));"
echo "sizes: nqueens.mjs $(stat -c %s build/web/package/nqueens.mjs) bytes," \
  "gzip $(gzip -9c build/web/package/nqueens.mjs | wc -c) bytes;" \
  "playground/index.html $(stat -c %s build/web/playground/index.html 2>/dev/null || echo '?') bytes"
