// SPDX-License-Identifier: MIT
// The JavaScript API in Node's test runner, against the built module (NQ_MODULE, default
// build/web/package/nqueens.mjs): counts against the published values and against two other
// engines of the module, every solver's answer checked by an independent attack test written
// here, the iterators' order, laziness and windows, and bad input throwing the command line's
// own messages.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const modulePath = process.env.NQ_MODULE ?? path.join(here, "../../build/web/package/nqueens.mjs");
const nq = await import(pathToFileURL(modulePath).href);

// OEIS A000170 and A002562, n = 1..16.
const TOTAL = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512];
const UNIQUE = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955];

// No two queens share a column or a diagonal: pair by pair, sharing nothing with the library.
function isSolution(p) {
  for (let a = 0; a < p.length; a++) {
    for (let b = a + 1; b < p.length; b++) {
      if (p[a] === p[b] || Math.abs(p[a] - p[b]) === b - a) return false;
    }
  }
  return true;
}
// The same in O(n), for big boards.
function isSolutionLinear(p) {
  const n = p.length;
  const col = new Uint8Array(n), up = new Uint8Array(2 * n), down = new Uint8Array(2 * n);
  for (let r = 0; r < n; r++) {
    const c = p[r];
    if (!(c >= 0 && c < n) || col[c]++ || up[r + c]++ || down[r - c + n]++) return false;
  }
  return true;
}

function throwsMessage(fn, message) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof Error);
    if (message instanceof RegExp) assert.match(e.message, message);
    else assert.equal(e.message, message);
    return true;
  });
}

test("count matches the published values for n = 1..15, both engines", () => {
  for (let n = 1; n <= 15; n++) {
    const r = nq.count(n);
    assert.equal(r.total, TOTAL[n - 1], `n = ${n}`);
    assert.equal(r.unique, UNIQUE[n - 1], `n = ${n}`);
    if (n >= 4 && n <= 11) assert.equal(nq.count(n, { engine: "halves" }).total, TOTAL[n - 1]);
    assert.equal(nq.count(n, { engine: "backtrack" }).unique, UNIQUE[n - 1]);
  }
});

// The fields of `nqueens count --json` (README), in its order, less the two only the program has
// (its process's memory_peak_bytes, its --check verdict); the classes add up to the counts.
test("count's fields are the command line's JSON keys", () => {
  const r = nq.count(10);
  assert.deepEqual(Object.keys(r), ["n", "total", "unique", "symmetric180", "symmetric90", "classes",
    "engine", "nodes", "subproblems", "subproblems_done", "subproblems_resumed", "memory_bytes",
    "threads", "seconds", "complete"]);
  const c = r.classes;
  assert.equal(c[1] + c[2] + c[4] + c[8], UNIQUE[9]);
  assert.equal(c[1] + 2 * c[2] + 4 * c[4] + 8 * c[8], TOTAL[9]);
  assert.equal(r.threads, 1);
  assert.equal(r.complete, true);
});

test("knownCount gives numbers, and bigints past 2^53", () => {
  assert.deepEqual(nq.knownCount(8), { total: 92, unique: 12 });
  assert.deepEqual(nq.knownCount(27), { total: 234907967154122528n, unique: 29363495934315694n });
  assert.equal(nq.knownCount(28), null);
});

test("the solutions iterator agrees with the count, in lexicographic order, all and unique", () => {
  for (let n = 1; n <= 10; n++) {
    const all = [...nq.solutions(n)];
    assert.equal(all.length, TOTAL[n - 1]);
    for (let i = 0; i < all.length; i++) {
      assert.ok(isSolution(all[i]));
      if (i > 0) assert.ok(all[i - 1].join(",") < all[i].join(",") || all[i - 1].some((c, k) => c !== all[i][k]));
    }
    const unique = [...nq.solutions(n, { unique: true })];
    assert.equal(unique.length, UNIQUE[n - 1]);
    for (const p of unique) assert.deepEqual(nq.canonical(p), p);
    // Each class once: the canonical images of all solutions are exactly the unique ones.
    const classes = new Set(all.map((p) => nq.canonical(p).join(",")));
    assert.deepEqual([...classes].sort(), unique.map((p) => p.join(",")).sort());
  }
});

test("solutions are lazy and honour skip and limit", () => {
  const first = nq.solutions(32).next().value; // 32 queens: only the first is searched for
  assert.equal(first.length, 32);
  assert.ok(isSolution(first));
  const all = [...nq.solutions(8)];
  assert.deepEqual([...nq.solutions(8, { skip: 10, limit: 5 })], all.slice(10, 15));
  assert.deepEqual([...nq.solutions(8, { skip: 90 })], all.slice(90));
  assert.deepEqual([...nq.solutions(8, { skip: 100 })], []);
  assert.deepEqual([...nq.solutions(8, { limit: 0 })], []);
  // Leaving loops early many times frees each cursor (the core's heap would run out if not).
  for (let i = 0; i < 20000; i++) {
    for (const p of nq.solutions(12)) { assert.equal(p.length, 12); break; }
  }
  throwsMessage(() => nq.solutions(8, { skip: -1 }).next(), "solutions: skip must be a whole number, got '-1'");
});

test("solve: every method gives a solution; first is the lexicographically first", () => {
  for (const n of [1, 4, 5, 8, 13, 20]) {
    for (const method of ["construct", "random", "first", "backtrack"]) {
      const p = nq.solve(n, { method });
      assert.equal(p.length, n);
      assert.ok(isSolution(p), `${method} ${n}`);
    }
  }
  assert.deepEqual(nq.solve(8, { method: "first" }), [0, 4, 7, 5, 2, 6, 1, 3]);
  assert.deepEqual(nq.solve(8, { method: "first" }), [...nq.solutions(8)][0]);
  assert.deepEqual(nq.solve(30, { method: "first" }), nq.solutions(30).next().value);
  const big = nq.solve(1_000_000);
  assert.equal(big.length, 1_000_000);
  assert.ok(isSolutionLinear(big));
  assert.equal(nq.verify(big), null);
  assert.ok(isSolutionLinear(nq.solve(100_000, { method: "random", seed: 5 })));
});

test("verify names the first attacking pair", () => {
  assert.equal(nq.verify([1, 3, 0, 2]), null);
  assert.deepEqual(nq.verify([0, 2, 1]), {
    rowA: 1, colA: 2, rowB: 2, colB: 1, line: "anti-diagonal",
    message: "queens at row 2 column 3 and row 3 column 2 share a diagonal",
  });
  assert.equal(nq.verify([0, 1, 0, 3]).line, "diagonal");
  const r = nq.verify([3, 1, 2, 3]); // rows 0 and 3 share column 3, but rows 1 and 2 come first
  assert.deepEqual([r.rowA, r.rowB, r.line], [1, 2, "diagonal"]);
  assert.equal(nq.verify([2, 0, 2]).line, "column");
  // Typed arrays are placements too.
  assert.equal(nq.verify(new Uint32Array([1, 3, 0, 2])), null);
});

test("symmetries, canonical and render", () => {
  assert.deepEqual(nq.symmetries([1, 3, 0, 2]), ["identity", "rotate90", "rotate180", "rotate270"]);
  assert.deepEqual(nq.symmetries([0, 4, 7, 5, 2, 6, 1, 3]), ["identity"]);
  assert.deepEqual(nq.canonical([2, 0, 3, 1]), [1, 3, 0, 2]);
  const svg = nq.render([1, 3, 0, 2], { title: "four" });
  assert.match(svg, /^<\?xml[^>]*>\s*<svg[\s\S]*<\/svg>\s*$/);
  assert.match(svg, /<title>four<\/title>/);
  assert.equal(nq.render([1, 3, 0, 2], { format: "unicode" }).split("♛").length - 1, 4);
  assert.equal(nq.render([0], { format: "text" }).includes("Q"), true);
  throwsMessage(() => nq.render([0], { format: "png" }), "unknown render format 'png'");
});

test("the classic methods agree with each other and with the count", () => {
  assert.deepEqual([...nq.classicMethods].sort(),
    ["amb", "bitmask", "blind", "board-scan", "functional", "iterative", "nested", "permutations", "recursive"]);
  for (const method of nq.classicMethods) {
    const r = nq.classic(6, method);
    assert.equal(r.count, 4, method);
    assert.deepEqual(r.solutions, [...nq.solutions(6)], method);
    assert.ok(r.placements > 0 && r.nodes > 0);
  }
  assert.equal(nq.classic(8, "recursive", { mode: "count" }).solutions.length, 0);
  assert.deepEqual(nq.classic(8, "nested", { mode: "first" }).solutions, [[0, 4, 7, 5, 2, 6, 1, 3]]);
  const rows = nq.compare(7, { budget: 5 });
  assert.deepEqual(nq.compareMethods, [...nq.classicMethods, "random", "first"]);
  assert.deepEqual(rows.map(r => r.method), nq.compareMethods);
  for (const row of rows) {
    const one = row.method === "random" || row.method === "first";
    assert.equal(row.ran, true);
    assert.equal(row.mode, one ? "first" : "count", row.method);
    assert.equal(row.solutions, one ? 1 : 40, row.method);
    // The time is the median of one run over at least three timed samples.
    assert.ok(row.repeats >= 3 && row.seconds > 0, `${row.method}: ${row.repeats} repeats`);
  }
  assert.throws(() => nq.compare(7, { methods: ["quick"] }), /unknown method 'quick' \(blind, .*, random, first\)/);
  const skipped = nq.compare(16, { methods: ["blind"], budget: 0.5 });
  assert.deepEqual([skipped[0].ran, skipped[0].solutions, skipped[0].repeats], [false, null, null]);
  assert.match(skipped[0].skipped, /estimated/);
});

test("compare with first: every method stops at its first solution", () => {
  const rows = nq.compare(7, { budget: 5, first: true });
  assert.deepEqual(rows.map(r => r.method), nq.compareMethods);
  for (const row of rows) {
    assert.equal(row.ran && row.finished, true, row.method);
    assert.equal(row.mode, "first", row.method);
    assert.equal(row.solutions, 1, row.method);
    if (nq.classicMethods.includes(row.method)) {
      const once = nq.classic(7, row.method, { mode: "first" });
      assert.deepEqual([row.placements, row.checks, row.nodes], [once.placements, once.checks, once.nodes], row.method);
    }
  }
  // Blind tests 1,299,852 boards up to n = 8's first solution: estimated under a budget that
  // its 8^8 boards of counting are over.
  const blind = first => nq.compare(8, { methods: ["blind"], budget: 2, first })[0];
  assert.equal(blind(false).ran, false);
  const found = blind(true);
  assert.deepEqual([found.ran, found.solutions, found.placements], [true, 1, 1299852]);
  assert.throws(() => nq.compare(7, { fast: true }), /unknown option 'fast' \(methods, budget, first\)/);
});

test("compare's budget stops a method that runs past it", () => {
  const started = performance.now();
  // functional on 12 queens is estimated under the budget (as the row-by-row methods) but takes
  // longer (it builds every level), so it starts and the single-threaded deadline stops it
  // (docs/journal/tests.md, "compare's budget in WebAssembly").
  const [row] = nq.compare(12, { methods: ["functional"], budget: 0.25 });
  assert.equal(row.ran, true);
  assert.equal(row.finished, false);
  assert.match(row.skipped, /stopped at the budget of 0.25 s/);
  // The stop shows in `finished` and the note. How soon it came is not asserted: on a loaded
  // machine it came over a second late (the same journal entry).
  assert.ok(performance.now() - started < 5000);
});

// Replays the events of a row-by-row method on a board of its own and returns the solutions seen;
// each event's board must be the replayed one.
function replay(n, events) {
  const board = new Array(n).fill(-1);
  const seen = [];
  let step = 0;
  for (const e of events) {
    assert.equal(e.step, ++step);
    if (e.kind === "place") {
      assert.equal(board[e.row], -1);
      board[e.row] = e.col;
      assert.ok(isSolution(board.slice(0, e.row + 1)));
    } else if (e.kind === "remove") {
      assert.equal(board[e.row], e.col);
      board[e.row] = -1;
    } else if (e.kind === "reject") {
      assert.equal(board[e.byRow], e.byCol);
      const attacked = e.byCol === e.col || Math.abs(e.byCol - e.col) === e.row - e.byRow;
      assert.ok(attacked);
      assert.equal(e.sameColumn, e.byCol === e.col);
    } else if (e.kind === "solution") {
      assert.deepEqual(e.placement, board);
      seen.push(e.placement);
      assert.equal(e.solution, seen.length);
    }
    assert.deepEqual(e.board, board, `step ${e.step}`);
  }
  return seen;
}

test("trace: events replay to the solutions, across many windows, for each method", () => {
  const four = [...nq.trace(4)];
  assert.equal(four.length, 78); // trace.hpp: 60 squares tried, 16 taken back, 2 solutions
  assert.deepEqual(four.slice(0, 2).map(({ step, kind, line, row, col, byRow, byCol, sameColumn, board }) =>
    ({ step, kind, line, row, col, byRow, byCol, sameColumn, board })), [
    { step: 1, kind: "place", line: 9, row: 0, col: 0, byRow: -1, byCol: -1, sameColumn: false, board: [0, -1, -1, -1] },
    { step: 2, kind: "reject", line: 17, row: 1, col: 0, byRow: 0, byCol: 0, sameColumn: true, board: [0, -1, -1, -1] },
  ]);
  assert.deepEqual(four[0].vars, [["row", "0"], ["c", "0"], ["cols", "[0]"]]);
  assert.deepEqual([four.at(-1).placements, four.at(-1).checks, four.at(-1).nodes], [60, 84, 60]);
  for (const method of ["recursive", "iterative", "nested", "bitmask", "board-scan"]) {
    const events = [...nq.trace(8, { method })]; // windows of 256, 512, 1024, ... events
    assert.ok(events.length > 256 + 512 + 1024, method);
    assert.deepEqual(replay(8, events), [...nq.solutions(8)], method);
  }
  for (const method of nq.traceMethods) {
    const solutions = [...nq.trace(6, { method, only: ["solution"] })];
    const expected = method === "random" || method === "first" ? 1 : 4;
    assert.equal(solutions.length, expected, method);
    for (const e of solutions) assert.ok(isSolution(e.board), method);
  }
  const first = [...nq.trace(10, { first: true })];
  assert.deepEqual(first.at(-1).placement, nq.solve(10, { method: "first" }));
  assert.deepEqual([...nq.trace(10, { method: "first" })].at(-1).board, nq.solve(10, { method: "first" }));
  assert.deepEqual([...nq.trace(12, { method: "random", seed: 5 })].at(-1).board, nq.solve(12, { method: "random", seed: 5 }));
  // Lazy: the first events of n = 30 come without running its whole search.
  const it = nq.trace(30);
  assert.equal(it.next().value.kind, "place");
  // A window far into blind n = 8 (3.4e7 events), and its first solution found by kind.
  const far = nq.trace(8, { method: "blind", from: 2_000_000 }).next().value;
  assert.equal(far.step, 2_000_001);
  const firstSolution = nq.trace(8, { method: "blind", only: ["solution"] }).next().value;
  assert.deepEqual(firstSolution.board, [0, 4, 7, 5, 2, 6, 1, 3]);
  assert.equal(nq.estimatedEvents(8, "blind"), 2 * 8 ** 8);
  assert.equal(nq.estimatedEvents(6, "permutations"), [...nq.trace(6, { method: "permutations" })].length);
  assert.equal(nq.estimatedEvents(8, "first"), 0);
  const listing = nq.listing("recursive");
  assert.match(listing.lines[listing.kinds.place - 1], /cols\[row\] = c;/);
  throwsMessage(() => nq.trace(8, { method: "magic" }).next(),
    "trace: unknown method 'magic' (blind, nested, iterative, recursive, board-scan, permutations, amb, functional, bitmask, random, first)");
  throwsMessage(() => nq.trace(8, { only: ["nothing"] }).next(), /^trace: unknown kind 'nothing'/);
  throwsMessage(() => nq.trace(3, { method: "random" }).next(),
    "trace: the random method needs a board with a solution (n = 3 has none)");
});

test("parse reads every format the command line reads, and names what is wrong", () => {
  const four = [1, 3, 0, 2];
  for (const text of ["2 4 1 3", ".Q..\n...Q\nQ...\n..Q.\n", '{"n":4,"perm":[2,4,1,3]}', "[2,4,1,3]",
    '[".Q..","...Q","Q...","..Q."]', '[[".Q..","...Q","Q...","..Q."]]', "1q2/3q/q3/2q1", " 1Q2/3Q/Q3/2Q1\n",
    "2,4,1,3", "[1,3,0,2]"]) {
    assert.deepEqual(nq.parse(text), four, text);
  }
  assert.equal(nq.verify(nq.parse("q3/2q1/1q2/3q")).line, "anti-diagonal");
  throwsMessage(() => nq.parse("1q2/2qq/q3/2q1"), "FEN: row 2 has 2 queens; a placement has exactly one queen per row");
  throwsMessage(() => nq.parse('[".Q..","...Q","Q..x","..Q."]'), "JSON: row 3 ('Q..x') is not a row of '.' and 'Q'");
  throwsMessage(() => nq.parse("2 4 x"), "column numbers: unexpected character 'x' at line 1, character 5; expected column numbers 1..n");
  throwsMessage(() => nq.parse(""), /^column numbers: empty input/);
  throwsMessage(() => nq.parse("[0,4,1,3]"), /holds both 0 and 4/);
  assert.throws(() => nq.parse(42), TypeError);
});

test("complete keeps the given queens and respects blocked squares and diagonals", () => {
  const r = nq.complete({ n: 8, queens: [[0, 0]] });
  assert.equal(r.solution[0], 0);
  assert.ok(isSolution(r.solution));
  assert.equal(nq.complete({ n: 8, queens: [[0, 0]] }, { limit: Infinity }).count, 4);
  assert.equal(nq.complete({ n: 8 }, { limit: Infinity }).count, 92);
  assert.deepEqual(nq.complete({ n: 4, queens: [[0, 0]] }), { solution: null, count: 0, nodes: 0, complete: true });
  const blocked = nq.complete({ n: 6, blocked: [[0, 1], [0, 2]] }, { limit: Infinity });
  assert.equal(blocked.count, [...nq.solutions(6)].filter((p) => p[0] !== 1 && p[0] !== 2).length);
  const sums = nq.complete({ n: 8, excludedSums: [7] }, { limit: Infinity });
  assert.equal(sums.count, [...nq.solutions(8)].filter((p) => p.every((c, r) => r + c !== 7)).length);
  const diffs = nq.complete({ n: 8, excludedDifferences: [0, -1] }, { limit: Infinity });
  assert.equal(diffs.count, [...nq.solutions(8)].filter((p) => p.every((c, r) => r - c !== 0 && r - c !== -1)).length);
});

test("infinite: every 5^k prefix of the quintal queens is a solution", () => {
  const columns = nq.infinite(5 ** 6);
  assert.deepEqual(columns.slice(0, 5), [0, 2, 4, 1, 3]);
  for (let k = 1; k <= 6; k++) assert.ok(isSolutionLinear(columns.slice(0, 5 ** k)), `5^${k}`);
});

test("bad input throws the command line's messages", () => {
  throwsMessage(() => nq.count(40), "N = 40 is too large for count (at most 32)");
  throwsMessage(() => nq.count(0), "N must be at least 1, got '0'");
  throwsMessage(() => nq.count(2.5), "N must be a positive whole number, got '2.5'");
  throwsMessage(() => nq.count(-3), "N must be a positive whole number, got '-3'");
  throwsMessage(() => nq.count(8, { engine: "magic" }), "count: unknown engine 'magic' (auto, backtrack or halves)");
  throwsMessage(() => nq.solve(3), "there is no solution for n = 3");
  throwsMessage(() => nq.solve(129, { method: "first" }), "N = 129 is too large for solve --method first (at most 128)");
  throwsMessage(() => nq.solve(8, { method: "magic" }), "solve: unknown method 'magic' (construct, random, first or backtrack)");
  throwsMessage(() => nq.solutions(33).next(), "N = 33 is too large for enumerate (at most 32)");
  throwsMessage(() => nq.trace(40).next(), "N = 40 is too large for trace (at most 32)");
  throwsMessage(() => nq.infinite(0), "K must be at least 1, got '0'");
  throwsMessage(() => nq.classic(8, "magic"),
    "unknown method 'magic' (blind, nested, iterative, recursive, board-scan, permutations, amb, functional, bitmask)");
  throwsMessage(() => nq.classic(8, "recursive", { mode: "some" }), "classic: unknown mode 'some' (all, first or count)");
  throwsMessage(() => nq.verify([0, 5]), "placement: column 5 of row 1 is outside a board of size 2 (columns are 0-based)");
  throwsMessage(() => nq.complete({ n: 8, queens: [[0, 0], [1, 1]] }), "complete: the queens at (1, 1) and (2, 2) attack each other");
  throwsMessage(() => nq.complete({ n: 8, queens: [[8, 0]] }), "a row = 8 is too large for this board (at most 7)");
  throwsMessage(() => nq.solve(4_000_000_000), "the construction for n = 4000000000 needs about 14.9 GiB of memory; only 1.0 GiB is available");
  assert.throws(() => nq.count("8"), TypeError);
  assert.throws(() => nq.count(8, { threads: 2 }), TypeError);
  assert.throws(() => nq.verify(8), TypeError);
  assert.throws(() => nq.complete(8), TypeError);
});

test("the module exports what nqueens.d.ts declares", async () => {
  const { readFileSync } = await import("node:fs");
  const types = readFileSync(path.join(path.dirname(modulePath), "nqueens.d.ts"), "utf8");
  const declared = [...types.matchAll(/^export (?:function|const) (\w+)/gm)].map((m) => m[1]);
  assert.deepEqual(Object.keys(nq).sort(), [...new Set(declared)].sort());
  assert.match(nq.version, /^\d+\.\d+\.\d+$/);
});

// The lists and defaults come from the library's registry (include/nqueens/registry.hpp), which
// tests/registry/check_surfaces.py holds the other surfaces to.
test("the registry names the module's lists and defaults", () => {
  const names = (key) => nq.registry.choices[key].map((c) => c.name);
  assert.deepEqual([...nq.classicMethods], names("classic.method"));
  assert.deepEqual([...nq.traceMethods], names("trace.method"));
  assert.deepEqual([...nq.compareMethods], names("compare.method"));
  assert.equal(nq.registry.limits["solve.first"].high, 128);
  assert.equal(nq.registry.defaults["trace.first"].value, false);
  const solutions = [...nq.trace(4)].filter((e) => e.kind === "solution").length;
  assert.equal(solutions, 2, "trace goes on to every solution unless told to stop at the first");
});
