// SPDX-License-Identifier: MIT
// Checks the reference traces against what is known without any of the project's code: the
// solutions of a brute force in lexicographic order, queens named as attackers that really
// attack, the three backtrackers trying the same squares, the listings' lines holding the code of
// their kinds (nested's, written out for n = 4, run as JavaScript), and the totals README.md
// publishes for `nqueens compare 8`. The checker of `first` is run on traces made here, right and
// broken.
// Run: node tests/reference/trace_reference_selftest.mjs [NQUEENS_BINARY, default build/release's]
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import assert from "node:assert/strict";
import {
  METHODS, KIND_LINES, KIND_FRAGMENTS, listingLines, referenceTrace, runReferenceTrace, nestedLines,
  lineOf, kindLines, fragmentOf,
  checkFirstTrace, lineBetween, completion, lexicographicallyFirstSolution, formatArray,
} from "./trace_reference.mjs";

let checked = 0;
function check(name, body) {
  try {
    const t = Date.now();
    body();
    if (process.env.NQ_TIMES) console.log(Date.now() - t, "ms", name);
    checked++;
  } catch (e) {
    console.error(`FAIL ${name}: ${e.message}`);
    process.exitCode = 1;
  }
}

// Every board of n queens, one per row, in lexicographic order (an odometer), kept if no two
// share a column or a diagonal.
function bruteForceSolutions(n) {
  const solutions = [];
  const cols = new Array(n).fill(0);
  for (;;) {
    let ok = true;
    for (let a = 0; a < n && ok; a++) {
      for (let b = a + 1; b < n && ok; b++) {
        if (cols[a] === cols[b] || Math.abs(cols[a] - cols[b]) === b - a) ok = false;
      }
    }
    if (ok) solutions.push(cols.slice());
    let row = n - 1;
    while (row >= 0 && ++cols[row] === n) cols[row--] = 0;
    if (row < 0) return solutions;
  }
}

const attacks = (along) => ["column", "diagonal", "anti-diagonal"].includes(along);
const textbook = METHODS.filter((m) => m !== "random" && m !== "first");
const largestN = (method) => (method === "blind" ? 6 : 7);

check("every listing's kind lines hold the code of the kind", () => {
  for (const method of METHODS.filter((m) => m !== "nested")) {
    const lines = listingLines(method);
    for (const [kind, line] of Object.entries(KIND_LINES[method])) {
      assert.ok(lines[line - 1]?.includes(KIND_FRAGMENTS[method][kind]),
        `${method} ${kind}: line ${line} is '${lines[line - 1]}'`);
    }
  }
});

// docs/trace.md shows nested written out for n = 4, then for n = 10 (rows 4 to 8 on one line).
check("nested's listings hold a loop and a check for every row, at the lines of its rule", () => {
  for (const [block, n, written] of [[0, 4, 4], [1, 10, 5]]) {
    const lines = listingLines("nested", block);
    assert.equal(lines.length, nestedLines(n).length, `n = ${n}`);
    assert.equal(lines.filter((l) => l.includes("for (cols[")).length, written, `n = ${n}: its for loops`);
    assert.ok(lines[0].includes(`n = ${n}`), `n = ${n}: ${lines[0]}`);
    for (let row = 0; row < n; row++) {
      for (const kind of ["place", "remove"]) {
        const line = lineOf("nested", kind, row, n);
        assert.ok(lines[line - 1]?.includes(fragmentOf("nested", kind, row, n)),
          `n = ${n} row ${row} ${kind}: line ${line} is '${lines[line - 1]}'`);
      }
    }
    for (const [kind, line] of Object.entries(kindLines("nested", n))) {
      assert.ok(lines[line - 1]?.includes(fragmentOf("nested", kind, 0, n)), `n = ${n} ${kind}: line ${line}`);
    }
  }
});

// The listing written out for n = 4 is JavaScript that runs: it reports the two solutions.
check("nested's listing for n = 4 runs and finds the solutions of 4 queens", () => {
  const found = [];
  const queens = new Function("report", `${listingLines("nested").join("\n")}\nreturn queens;`)(
    (cols) => found.push(cols.slice()));
  queens(4);
  assert.deepEqual(found, [[1, 3, 0, 2], [2, 0, 3, 1]]);
});

const brute = [];
for (let n = 1; n <= 7; n++) brute[n] = bruteForceSolutions(n);

check("the brute force has the published counts", () => {
  assert.deepEqual(brute.slice(1).map((s) => s.length), [1, 0, 0, 2, 10, 4, 40]);
});

// The traces of n = 1..7 once, shared by the checks below.
const traces = {};
for (const method of textbook) {
  traces[method] = [];
  for (let n = 1; n <= largestN(method); n++) traces[method][n] = referenceTrace(n, method);
}

check("each method's solutions are the brute force's, in order, numbered from 1", () => {
  for (const method of textbook) {
    for (let n = 1; n <= largestN(method); n++) {
      const solutions = traces[method][n].filter((e) => e.kind === "solution");
      assert.deepEqual(solutions.map((e) => e.board), brute[n], `${method} n = ${n}`);
      assert.deepEqual(solutions.map((e) => e.number), brute[n].map((_, i) => i + 1), `${method} n = ${n}`);
    }
  }
});

check("steps count from 1, lines are the kinds' lines, counters never go back", () => {
  for (const method of textbook) {
    for (let n = 1; n <= largestN(method); n++) {
      let last = { placements: 0, checks: 0, nodes: 0 };
      traces[method][n].forEach((e, i) => {
        assert.equal(e.step, i + 1);
        assert.equal(e.line, lineOf(method, e.kind, e.row, n), `${method} ${e.kind}`);
        for (const counter of ["placements", "checks", "nodes"]) assert.ok(e[counter] >= last[counter]);
        last = e;
      });
    }
  }
});

// The queen named stands on the event's board (or the candidate's) and attacks the square; for
// the textbook safe() it is the topmost one, for whole boards the first pair, b then a.
check("every reject, conflict, drop and fail names a queen that really attacks", () => {
  const named = { recursive: "reject", iterative: "reject", nested: "reject", "board-scan": "reject",
    blind: "conflict", permutations: "conflict", amb: "fail", functional: "drop" };
  for (const [method, kind] of Object.entries(named)) {
    for (let n = 1; n <= largestN(method); n++) {
      for (const e of traces[method][n].filter((x) => x.kind === kind)) {
        const where = `${method} n = ${n} step ${e.step}`;
        assert.equal(e.board[e.byRow], e.byCol, `${where}: the attacker is not on the board`);
        assert.ok(e.byRow < e.row, where);
        assert.equal(e.along, lineBetween(e.byRow, e.byCol, e.row, e.col), where);
        assert.ok(attacks(e.along), `${where}: ${e.along}`);
        if (method === "permutations") assert.notEqual(e.along, "column", where);
        if (kind === "conflict") { // the first attacking pair of the board
          assert.equal(e.board[e.row], e.col, where);
          for (let b = 1; b <= e.row; b++) {
            for (let a = 0; a < (b === e.row ? e.byRow : b); a++) {
              const line = lineBetween(a, e.board[a], b, e.board[b]);
              const ignored = method === "permutations" && line === "column"; // it tests no columns
              assert.ok(!attacks(line) || ignored, `${where}: (${a}, ${b}) attack before`);
            }
          }
        } else if (method === "board-scan") { // the nearest queen on the first way that meets one
          assert.ok(e.board.every((c, r) => r >= e.row ? c === -1 : true), where);
          const ways = ["column", "diagonal", "anti-diagonal"];
          for (let r = 0; r < e.row; r++) {
            const line = lineBetween(r, e.board[r], e.row, e.col);
            if (!attacks(line)) continue;
            const later = ways.indexOf(line) > ways.indexOf(e.along) || (line === e.along && r <= e.byRow);
            assert.ok(later, `${where}: row ${r} is met first`);
          }
        } else {
          assert.equal(e.board[e.row], -1, `${where}: the attacked square is on the board`);
          for (let r = 0; r < e.byRow; r++) {
            assert.ok(!attacks(lineBetween(r, e.board[r], e.row, e.col)), `${where}: row ${r} is above`);
          }
        }
      }
    }
  }
});

check("recursive, iterative and nested tell the same events but for lines and vars", () => {
  const strip = ({ line, vars, ...rest }) => rest;
  const kindsRenamed = (e) => strip(e);
  for (let n = 1; n <= 7; n++) {
    const recursive = traces.recursive[n].map(kindsRenamed);
    assert.deepEqual(traces.iterative[n].map(kindsRenamed), recursive, `iterative n = ${n}`);
    assert.deepEqual(traces.nested[n].map(kindsRenamed), recursive, `nested n = ${n}`);
    assert.ok(traces.nested[n].some((e, i) => e.line !== traces.iterative[n][i].line), `nested n = ${n}: iterative's lines`);
  }
});

check("trace.hpp's example and the spec's sizes: 78 events at n = 4, 512 blind", () => {
  const four = traces.recursive[4];
  assert.equal(four.length, 78);
  assert.equal(four.filter((e) => e.kind === "reject").length, 44);
  assert.equal(four.at(-1).placements, 60);
  assert.equal(traces.blind[4].length, 512);
  assert.equal(four.at(-1).board.every((c) => c === -1), true); // every queen taken back
});

check("first: true stops at the first solution, the same prefix as the whole trace", () => {
  for (const method of textbook) {
    for (const n of [1, 4, 5]) {
      const firstOnly = referenceTrace(n, method, { first: true });
      const whole = traces[method][n];
      const end = whole.findIndex((e) => e.kind === "solution");
      assert.deepEqual(firstOnly, whole.slice(0, end + 1), `${method} n = ${n}`);
    }
    assert.deepEqual(referenceTrace(3, method, { first: true }), traces[method][3], `${method} n = 3`);
  }
});

check("maxEvents cuts the trace", () => {
  assert.deepEqual(referenceTrace(5, "amb", { maxEvents: 17 }), traces.amb[5].slice(0, 17));
});

check("the event shapes the spec gives, method by method", () => {
  const boardsAreFull = (e) => e.board.every((c) => c >= 0);
  for (let n = 4; n <= 6; n++) {
    // bitmask: a free for every row reached, no reject; its free bits are the safe squares.
    for (const e of traces.bitmask[n].filter((x) => x.kind === "free")) {
      const free = e.vars.find(([name]) => name === "free")[1];
      assert.equal(free.length, 2 + n);
      for (let c = 0; c < n; c++) {
        const safe = e.board.slice(0, e.row).every((q, r) => !attacks(lineBetween(r, q, e.row, c)));
        assert.equal(free[2 + n - 1 - c], safe ? "1" : "0", `bitmask n = ${n} step ${e.step}`);
      }
    }
    // blind and permutations: a candidate per board, each full; permutations' a permutation.
    for (const method of ["blind", "permutations"]) {
      const candidates = traces[method][n].filter((e) => e.kind === "candidate");
      assert.equal(candidates.length, method === "blind" ? n ** n : [1, 1, 2, 6, 24, 120, 720][n]);
      assert.ok(candidates.every(boardsAreFull));
    }
    // amb: a backtrack before every run but the first; runs numbered from 1.
    const amb = traces.amb[n];
    amb.forEach((e, i) => {
      if (e.kind === "run" && e.number > 1) assert.equal(amb[i - 1].kind, "backtrack");
      if (e.kind === "backtrack") assert.equal(amb[i + 1].kind, "run");
    });
    // functional: a level per k, its number the boards kept.
    const levels = traces.functional[n].filter((e) => e.kind === "level");
    assert.equal(levels.length, n);
    assert.equal(levels.at(-1).number, brute[n].length);
    // board-scan: scans along the three ways, each with r, k off the board.
    for (const e of traces["board-scan"][n].filter((x) => x.kind === "scan")) {
      const r = Number(e.vars[3][1]);
      const k = Number(e.vars[4][1]);
      assert.ok(r < 0 || k < 0 || k >= n, `board-scan n = ${n} step ${e.step}`);
      assert.ok(e.row > 0);
    }
  }
});

check("vars print like JavaScript and bit masks have n digits", () => {
  const place = traces.recursive[4].find((e) => e.kind === "place" && e.row === 1);
  assert.deepEqual(place.vars, [["row", "1"], ["c", "2"], ["cols", "[0, 2]"]]);
  const free = traces.bitmask[4].find((e) => e.kind === "free" && e.row === 1);
  assert.deepEqual(free.vars, [["row", "1"], ["taken", "0b0001"], ["diag", "0b0010"],
    ["anti", "0b0000"], ["free", "0b1100"], ["cols", "[0]"]]);
  const iterativeRemove = traces.iterative[4].find((e) => e.kind === "remove");
  assert.match(iterativeRemove.vars[1][1], /^\[(-?\d+, ){3}-?\d+\]$/);
});

// README.md's table of `nqueens compare 8`: placements, checks, nodes at the end of each method.
check("the totals at n = 8 are README.md's compare table", () => {
  const published = {
    nested: [15720, 46752, 15720], iterative: [15720, 46752, 15720], recursive: [15720, 46752, 15720],
    "board-scan": [15720, 81318, 15720], permutations: [40320, 181964, 40320],
    amb: [87204, 207808, 13756], functional: [15720, 46752, 15720], bitmask: [2056, 1965, 2056],
    blind: [16777216, 50199400, 16777216],
  };
  for (const [method, totals] of Object.entries(published)) {
    const end = runReferenceTrace(8, method); // counting only: blind has 3.4e7 events
    assert.deepEqual([end.placements, end.checks, end.nodes], totals, method);
    assert.equal(end.solutions, 92, method);
  }
});

check("recursive counts the published totals for n = 8..10", () => {
  for (const [n, total] of [[8, 92], [9, 352], [10, 724]]) {
    assert.equal(runReferenceTrace(n, "recursive").solutions, total);
  }
});

// random: every pick a fresh column, every undo restoring the board of its move, the counters as
// the spec says, and a solution at the end. Streamed: some seeds restart dozens of times (n = 6,
// seed 7: 6 million events), so these are seeds whose searches are short.
const randomCases = [[1, 1], [4, 1], [4, 2], [4, 3], [4, 7], [5, 1], [5, 7], [6, 2], [7, 2], [7, 7],
  [7, 99], [8, 1], [8, 2], [8, 7], [16, 3], [16, 7], [25, 1]];

function lastRandomEvent(n, seed, onEvent = () => {}) {
  let last = null;
  runReferenceTrace(n, "random", { seed }, (e) => { onEvent(e, last); last = e; });
  return last;
}

check("random: picks, moves and undos agree with the boards and counters", () => {
  for (const [n, seed] of randomCases) {
    const end = lastRandomEvent(n, seed, (e, previous) => {
      const before = previous ?? { placements: 0, checks: 0, nodes: 0, kind: "" };
      assert.equal(e.line, KIND_LINES.random[e.kind]);
      const swap = e.kind === "move" || e.kind === "undo";
      assert.equal(e.nodes, before.nodes + (e.kind === "start" || swap ? 1 : 0));
      if (e.kind === "pick") {
        const placed = e.board.filter((c) => c >= 0);
        assert.equal(placed.length, e.row + 1);
        assert.equal(new Set(placed).size, e.row + 1);
        assert.ok(e.placements > before.placements && e.placements - before.placements <= 32);
      }
      if (swap) {
        // One event a swap tried, after its decision: kept (the board shows it) or undone.
        assert.notEqual(e.row, e.byRow);
        assert.equal(e.placements, before.placements + 1);
        assert.equal(e.checks, before.checks + 1);
        const [was, tried, now] = [e.vars[3][1], e.vars[4][1], e.vars[5][1]];
        const b = before.board.slice();
        const kept = n <= 128 ? tried <= was : tried < was; // sideways moves up to 128 queens
        assert.equal(e.kind === "move", kept);
        if (kept) [b[e.row], b[e.byRow]] = [b[e.byRow], b[e.row]];
        assert.equal(now, kept ? tried : was);
        assert.deepEqual(e.board, b);
      }
    });
    assert.equal(end.kind, "solution");
    assert.ok(end.board.every((c) => c >= 0) && completion(end.board), `n = ${n} seed ${seed}`);
  }
});

// The binary's answer is independent of the trace: the same seed must end on the same solution.
check("random ends on the solution of `nqueens solve N --method random --seed S`", () => {
  const binary = process.argv[2] ?? new URL("../../build/release/nqueens", import.meta.url).pathname;
  if (!existsSync(binary)) {
    console.log("skipped: build/release/nqueens is not built");
    return;
  }
  // Counting only, so that long searches (n = 6, seed 7 restarts 45 times) are cheap too.
  for (const [n, seed] of [...randomCases, [6, 1], [6, 7], [10, 2], [25, 3], [64, 1], [200, 7]]) {
    const answer = execFileSync(binary, ["solve", String(n), "--method", "random", "--seed", String(seed)],
      { encoding: "utf8" }).trim().split(/\s+/).map((c) => Number(c) - 1);
    assert.deepEqual(runReferenceTrace(n, "random", { seed }).lastSolution, answer, `n = ${n} seed ${seed}`);
  }
});

// A trace of first made here the simplest way the spec allows: every probe refuted whole or
// completed, pieces searched by plain backtracking with a count of its nodes.
function simpleFirstTrace(n, { splitFirstProbe = false } = {}) {
  const events = [];
  const counters = { placements: 0, checks: 0, nodes: 0 };
  const text = (v) => (Array.isArray(v) ? formatArray(v) : String(v));
  const tell = (kind, fields, vars) => events.push({ step: events.length + 1, kind,
    line: KIND_LINES.first[kind], row: -1, col: -1, byRow: -1, byCol: -1, along: "", number: 0,
    ...fields, ...counters, board: fields.board.slice(), vars: vars.map(([k, v]) => [k, text(v)]) });
  const pad = (prefix) => Array.from({ length: n }, (_, r) => (r < prefix.length ? prefix[r] : -1));
  const rows = [];
  let known = null;
  for (let row = 0; row < n; row++) {
    const right = known ? known[row] : n;
    let col = right;
    for (let c = 0; c < right; c++) {
      const r = rows.findIndex((q, i) => q === c || Math.abs(q - c) === row - i);
      counters.checks++;
      if (r >= 0) {
        const along = lineBetween(r, rows[r], row, c);
        tell("reject", { row, col: c, byRow: r, byCol: rows[r], along, board: pad(rows) },
          [["row", row], ["c", c], ["rows", rows]]);
        continue;
      }
      counters.placements++;
      tell("probe", { row, col: c, board: pad([...rows, c]) }, [["row", row], ["c", c], ["rows", rows]]);
      const piece = pad([...rows, c]);
      const found = completion(piece);
      if (found) {
        tell("completed", { row, col: c, board: found }, [["row", row], ["c", c], ["found", found]]);
        known = found;
        col = c;
        break;
      }
      if (splitFirstProbe && row + 1 < n) { // cut along the next row: each square dead or refuted
        splitFirstProbe = false;
        const dead = [];
        const sub = [];
        for (let x = 0; x < n; x++) {
          const attacked = piece.some((q, r) => q >= 0 && (q === x || Math.abs(q - x) === row + 1 - r));
          if (attacked) continue;
          if (x % 2 === 0) dead.push(x); else sub.push(x);
        }
        tell("split", { row, col: c, byRow: row + 1, along: "row", board: piece },
          [["row", row], ["c", c], ["rows", rows], ["dead", dead]]);
        for (const x of sub) {
          const more = piece.slice();
          more[row + 1] = x;
          counters.nodes += 3;
          tell("refuted", { row, col: c, board: more, number: 3 }, [["row", row], ["c", c], ["rows", rows]]);
        }
        continue;
      }
      counters.nodes += 5;
      tell("refuted", { row, col: c, board: piece, number: 5 }, [["row", row], ["c", c], ["rows", rows]]);
    }
    if (col === n) return events;
    rows.push(col);
    tell("settled", { row, col, board: pad(rows) }, [["row", row], ["col", col], ["rows", rows], ["known", known]]);
  }
  tell("solution", { board: rows, number: 1 }, [["rows", rows]]);
  return events;
}

check("the checker of first passes traces made the simplest right way", () => {
  for (let n = 1; n <= 8; n++) {
    assert.deepEqual(checkFirstTrace(n, simpleFirstTrace(n)), [], `n = ${n}`);
    assert.deepEqual(checkFirstTrace(n, simpleFirstTrace(n, { splitFirstProbe: true })), [], `n = ${n} split`);
  }
  assert.deepEqual(lexicographicallyFirstSolution(8), [0, 4, 7, 5, 2, 6, 1, 3]);
});

// Each mutation must trip the rule it breaks (other rules may trip too). At n = 8 the first probe
// completes, and row 1's probe at column 2 is split along row 2 (simpleFirstTrace).
check("the checker of first finds what is broken", () => {
  const nth = (events, kind, k = 0) => events.filter((e) => e.kind === kind)[k];
  const renumber = (events) => events.forEach((e, k) => { e.step = k + 1; });
  const cases = [
    ["a reject by a queen that does not attack", /does not attack|above row/, (ev) => {
      const e = nth(ev, "reject", 3);
      e.byRow = e.row - 1;
      e.byCol = e.board[e.row - 1];
    }],
    ["a reject along the wrong line", /along/, (ev) => {
      const e = nth(ev, "reject", 2);
      e.along = e.along === "column" ? "diagonal" : "column";
    }],
    ["a probe on an attacked square", /probes an attacked square/, (ev) => {
      const e = nth(ev, "reject", 0);
      Object.assign(e, { kind: "probe", line: 9, byRow: -1, byCol: -1, along: "" });
    }],
    ["a refuted piece that has a completion", /has a completion/, (ev) => {
      const e = nth(ev, "completed", 0);
      Object.assign(e, { kind: "refuted", line: 9, board: e.board.map((c, r) => (r === 0 ? c : -1)) });
    }],
    ["a refutation missing", /ended neither completed nor covered/, (ev) => {
      ev.splice(ev.findIndex((e) => e.kind === "refuted"), 1);
      renumber(ev);
    }],
    ["a probe counted twice", /placements moved by 2/, (ev) => {
      const from = ev.indexOf(nth(ev, "probe", 1));
      for (const e of ev.slice(from)) e.placements++;
    }],
    ["a wrong line", /line 12, expected 13/, (ev) => { nth(ev, "settled").line = 12; }],
    ["a completion that is no solution", /is not a solution/, (ev) => {
      const e = nth(ev, "completed");
      e.board[7] = e.board[6]; // two queens on one column
    }],
    ["a settled column that is not known's", /column \d+, expected \d+/, (ev) => {
      const e = nth(ev, "settled", 4);
      e.col++;
      e.board[e.row]++;
    }],
    ["a dead square that has a completion", /dead square/, (ev) => {
      nth(ev, "split").vars[3][1] = formatArray([...Array(8).keys()]);
    }],
    ["a refuted piece's nodes misstated", /expected the piece's \d+ nodes/, (ev) => { nth(ev, "refuted").number++; }],
    ["a settled row without known", /vars are named/, (ev) => { nth(ev, "settled").vars.pop(); }],
    ["no solution at the end", /without its solution/, (ev) => { ev.pop(); }],
  ];
  for (const [name, rule, change] of cases) {
    const events = structuredClone(simpleFirstTrace(8, { splitFirstProbe: true }));
    change(events);
    const problems = checkFirstTrace(8, events);
    assert.ok(problems.some((p) => rule.test(p)), `${name}: ${JSON.stringify(problems)}`);
  }
  assert.deepEqual(checkFirstTrace(3, simpleFirstTrace(3)), []);
  const cutShort = checkFirstTrace(3, simpleFirstTrace(3).slice(0, -1));
  assert.ok(cutShort.some((p) => /ended neither completed nor covered/.test(p)), "n = 3 cut short");
});

if (process.exitCode) console.error("trace reference selftest: FAILED");
else console.log(`trace reference selftest: ok (${checked} checks)`);
