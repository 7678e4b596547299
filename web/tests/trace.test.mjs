// SPDX-License-Identifier: MIT
// The JavaScript API's trace() and listing() in Node's test runner, against the built module
// (NQ_MODULE, default build/web/package/nqueens.mjs) and the reference traces written from
// docs/trace.md alone (tests/reference/trace_reference.mjs): every method on small boards, event
// by event and field by field; first's traces through the reference's checker; the listings line
// for line (nested's written out for n, run as JavaScript); windows (from), filters (only), first,
// and bad input.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  METHODS, kindLines, fragmentOf, listingLines, referenceTrace, checkFirstTrace,
} from "../../tests/reference/trace_reference.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const modulePath = process.env.NQ_MODULE ?? path.join(here, "../../build/web/package/nqueens.mjs");
const nq = await import(pathToFileURL(modulePath).href);

const textbook = METHODS.filter((m) => m !== "random" && m !== "first");
const sizes = (method) => (method === "blind" ? [1, 2, 3, 4, 5] : [1, 2, 3, 4, 5, 6, 7]);
const kSeeds = [1, 2, 3, 7]; // 3: at n = 4 a pick keeps its 32nd draw (t = 31)
const kWholeRandom = 20000; // longer random traces (some seeds restart dozens of times) are
const kRandomPrefix = 2000; // compared on their first events only
const fields = ["step", "kind", "line", "row", "col", "byRow", "byCol", "along", "board", "number",
  "placements", "checks", "nodes", "vars"];

// The first k events of an iterator, without running the rest.
function take(iterator, k) {
  const events = [];
  for (const e of iterator) {
    events.push(e);
    if (events.length === k) break;
  }
  return events;
}

const plain = (value) => (ArrayBuffer.isView(value) ? Array.from(value) : value);

// The first field that differs, as one sentence, or null: a short message where deepEqual of a
// few thousand events would print pages.
function firstDifference(expected, got) {
  for (let i = 0; i < Math.max(expected.length, got.length); i++) {
    if (i >= got.length || i >= expected.length) {
      return `${expected.length} events expected, ${got.length} told`;
    }
    const want = expected[i];
    const have = got[i];
    for (const field of fields) {
      if (!isDeepStrictEqual(plain(have[field]), want[field])) {
        const [is, expected] = [JSON.stringify(plain(have[field])), JSON.stringify(want[field])];
        return `step ${want.step} (${want.kind}): ${field} is ${is}, expected ${expected}`;
      }
    }
    if ("sameColumn" in have && have.sameColumn !== (want.along === "column")) {
      return `step ${want.step}: sameColumn is ${have.sameColumn}, along is ${want.along}`;
    }
    if (want.kind === "solution") {
      if ("placement" in have && !isDeepStrictEqual(plain(have.placement), want.board)) {
        return `step ${want.step}: placement ${JSON.stringify(plain(have.placement))}, board ${want.board}`;
      }
      if ("solution" in have && have.solution !== want.number) {
        return `step ${want.step}: solution ${have.solution}, number ${want.number}`;
      }
    }
  }
  return null;
}

function assertSameTrace(expected, got, what) {
  assert.equal(firstDifference(expected, got), null, what);
}

test("trace: every textbook method tells the reference's events, n = 1..7 (blind to 5)", () => {
  for (const method of textbook) {
    for (const n of sizes(method)) {
      assertSameTrace(referenceTrace(n, method), [...nq.trace(n, { method })], `${method} n = ${n}`);
    }
  }
});

test("trace: first: true stops at the first solution like the reference", () => {
  for (const method of textbook) {
    for (const n of [1, 3, 4, 5, 6]) {
      assertSameTrace(referenceTrace(n, method, { first: true }), [...nq.trace(n, { method, first: true })],
        `${method} n = ${n}`);
    }
  }
});

test("trace: random tells the reference's search for seeds 1, 2, 3 and 7", () => {
  for (const n of [1, 4, 5, 6, 7, 8]) {
    for (const seed of kSeeds) {
      const expected = referenceTrace(n, "random", { seed, maxEvents: kWholeRandom + 1 });
      const whole = expected.length <= kWholeRandom;
      const got = take(nq.trace(n, { method: "random", seed }), whole ? kWholeRandom + 1 : kRandomPrefix);
      assertSameTrace(whole ? expected : expected.slice(0, kRandomPrefix), got, `random n = ${n} seed ${seed}`);
    }
  }
});

test("trace: first's events keep every rule docs/trace.md gives them, n = 1..10, 12, 18", () => {
  for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 18]) { // 12, 18: probes split into pieces
    const events = [...nq.trace(n, { method: "first" })].map((e) => ({ ...e, board: plain(e.board) }));
    assert.deepEqual(checkFirstTrace(n, events), [], `first n = ${n}`);
  }
});

test("listing: docs/trace.md's listing line for line, each kind's line holding its code", () => {
  for (const method of METHODS) {
    const n = method === "nested" ? 4 : 8; // docs/trace.md writes nested out for n = 4
    const listing = nq.listing(method, n);
    assert.deepEqual([...listing.lines], listingLines(method), method);
    assert.deepEqual({ ...listing.kinds }, kindLines(method, n), method);
    for (const [kind, line] of Object.entries(listing.kinds)) {
      assert.ok(listing.lines[line - 1].includes(fragmentOf(method, kind, 0, n)),
        `${method} ${kind}: line ${line} is '${listing.lines[line - 1]}'`);
    }
    if (method !== "nested") assert.deepEqual(nq.listing(method, 5), listing, `${method}: the same for every n`);
  }
  assert.deepEqual(nq.listing("nested", 10).lines, listingLines("nested", 1), "nested n = 10");
  assert.throws(() => nq.listing("nested", 33), /between 1 and 32|too large/);
});

// nested's listing is one for loop a row (up to 8 rows; beyond, rows 4 to n - 2 are one line),
// JavaScript that runs and finds the solutions; each event comes from its row's own lines.
test("listing: nested's loops are written out for n, run, and tell each row from its own lines", () => {
  const loops = (n) => nq.listing("nested", n).lines.filter((l) => l.includes("for (cols[")).length;
  assert.equal(loops(4), 4);
  assert.equal(loops(8), 8);
  for (const n of [1, 2, 3, 5, 6, 7]) assert.equal(loops(n), n);
  for (const n of [9, 10, 20, 32]) assert.equal(loops(n), 5);
  const counts = [1, 0, 0, 2, 10, 4, 40, 92];
  for (let n = 1; n <= 8; n++) {
    const found = [];
    const lines = nq.listing("nested", n).lines;
    const queens = new Function("report", `${lines.join("\n")}\nreturn queens;`)((cols) => found.push(cols.slice()));
    queens(n);
    assert.equal(found.length, counts[n - 1], `n = ${n}: the listing run finds ${found.length} solutions`);
    if (n <= 7) {
      assert.deepEqual(found, referenceTrace(n, "nested").filter((e) => e.kind === "solution").map((e) => e.board));
    }
  }
  for (const n of [4, 6, 8, 10, 12]) {
    const lines = nq.listing("nested", n).lines;
    const events = take(nq.trace(n, { method: "nested" }), 20000);
    const iterative = take(nq.trace(n, { method: "iterative" }), 20000);
    assert.ok(events.some((e, i) => e.line !== iterative[i].line), `n = ${n}: iterative's lines`);
    for (const [i, e] of events.entries()) {
      assert.deepEqual([e.kind, e.row, e.col], [iterative[i].kind, iterative[i].row, iterative[i].col]);
      const fragment = fragmentOf("nested", e.kind, e.row, n);
      assert.ok(lines[e.line - 1].includes(fragment),
        `n = ${n} step ${e.step} ${e.kind} row ${e.row}: line ${e.line} is '${lines[e.line - 1]}', not '${fragment}'`);
    }
  }
});

test("trace: from: K starts after step K, with the same steps and counters", () => {
  for (const method of METHODS.filter((m) => m !== "first")) {
    const whole = referenceTrace(5, method, { seed: 2 });
    for (const from of [0, 1, 17, whole.length - 1, whole.length]) {
      assertSameTrace(whole.slice(from), [...nq.trace(5, { method, seed: 2, from })], `${method} from ${from}`);
    }
  }
  const first = [...nq.trace(8, { method: "first" })];
  const window = [...nq.trace(8, { method: "first", from: 10 })];
  const summary = (events) => events.map((e) => [e.step, e.kind, e.checks]);
  assert.deepEqual(summary(window), summary(first.slice(10)));
});

test("trace: only: ['solution'] tells the solutions with their steps and counters", () => {
  for (const method of METHODS.filter((m) => m !== "first")) {
    for (const n of method === "blind" || method === "random" ? [4, 5] : [4, 6]) {
      const solutions = referenceTrace(n, method, { seed: 2 }).filter((e) => e.kind === "solution");
      assertSameTrace(solutions, [...nq.trace(n, { method, seed: 2, only: ["solution"] })], `${method} n = ${n}`);
    }
  }
  const first = [...nq.trace(8, { method: "first" })].filter((e) => e.kind === "solution");
  const only = [...nq.trace(8, { method: "first", only: ["solution"] })];
  assert.deepEqual(only.map((e) => [e.step, e.placements, e.checks, e.nodes]),
    first.map((e) => [e.step, e.placements, e.checks, e.nodes]));
});

test("trace: bad input throws; a seed for a method without one is fine", () => {
  assert.throws(() => nq.trace(4, { method: "magic" }).next());
  assert.throws(() => nq.trace(0, { method: "recursive" }).next());
  assert.throws(() => nq.trace(33, { method: "recursive" }).next());
  assert.throws(() => nq.trace(33, { method: "bitmask" }).next());
  assert.throws(() => nq.listing("magic"));
  assertSameTrace(referenceTrace(4, "recursive"), [...nq.trace(4, { method: "recursive", seed: 5 })], "seed 5");
});
