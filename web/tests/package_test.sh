#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The npm package as a user gets it: `npm pack` the built package folder, install the tarball
# into a new scratch project (offline: it has no dependencies), run an example there that
# imports "nqueens" by name, and type-check a TypeScript use of it against nqueens.d.ts with the
# TypeScript compiler pinned in tests/browser (strict mode, no emit).
# Usage: package_test.sh PACKAGE_DIR WORK_DIR TSC
set -euo pipefail
package=$(cd "$1" && pwd)
work=$2
tsc=$3
rm -rf "$work"
mkdir -p "$work/scratch"
cd "$work"
tarball=$(npm pack "$package" --silent --pack-destination "$work")
echo "packed: $tarball ($(stat -c %s "$tarball") bytes)"
# The tarball holds just the module, its types, the manifest and the README.
listing=$(tar -tzf "$tarball" | sort | tr '\n' ' ')
[ "$listing" = "package/README.md package/nqueens.d.ts package/nqueens.mjs package/package.json " ] ||
  { echo "FAIL: unexpected files in the tarball: $listing"; exit 1; }

cd scratch
cat > package.json <<'JSON'
{"name": "scratch", "version": "1.0.0", "private": true, "type": "module"}
JSON
npm install --offline --no-audit --no-fund --loglevel=error "$work/$tarball"
cat > example.mjs <<'JS'
import { count, solve, solutions, verify } from "nqueens";
const { total, unique } = count(8);
const first = solve(8, { method: "first" });
const twelve = [...solutions(8, { unique: true })].length;
console.log(`8 queens: ${total} solutions, ${unique} unique, first ${first.join(" ")}, ${twelve} listed`);
console.log(`verify: ${verify(first) === null ? "ok" : "attack"}`);
JS
out=$(node example.mjs)
echo "$out"
[ "$out" = "8 queens: 92 solutions, 12 unique, first 0 4 7 5 2 6 1 3, 12 listed
verify: ok" ] || { echo "FAIL: the example printed something else"; exit 1; }

cat > typed.ts <<'TS'
import { count, solve, solutions, trace, complete, type Placement, type TraceEvent } from "nqueens";
const total: number | bigint = count(10).total;
const p: Placement = solve(12, { method: "random", seed: 3 });
for (const s of solutions(6, { unique: true, limit: 1 })) console.log(s.length);
const e: TraceEvent | undefined = trace(4, { method: "bitmask" }).next().value;
if (e && e.kind === "reject") console.log(e.byRow);
const c = complete({ n: 8, queens: [[0, 0]] }, { limit: 2 });
console.log(total, p.length, c.solution?.length ?? 0);
TS
cat > tsconfig.json <<'JSON'
{"compilerOptions": {"strict": true, "noEmit": true, "module": "nodenext", "moduleResolution": "nodenext", "target": "es2022", "types": []}, "files": ["typed.ts"]}
JSON
"$tsc" -p tsconfig.json
# A wrong use must be refused, or the check above proves nothing.
echo 'import { count } from "nqueens"; export const n: string = count(8).total;' > wrong.ts
sed 's/typed.ts/wrong.ts/' tsconfig.json > tsconfig.wrong.json
if "$tsc" -p tsconfig.wrong.json > wrong.log; then echo "FAIL: tsc accepted a wrong type"; exit 1; fi
grep -q "wrong.ts(1,.*error TS2322" wrong.log || { echo "FAIL: tsc failed otherwise:"; cat wrong.log; exit 1; }
echo "package: ok"
