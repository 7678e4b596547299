// SPDX-License-Identifier: MIT
// The paste box's parser (nq.parse, the library's nq::read_placement) under property tests with
// fast-check (pinned in tests/browser/package.json): any placement written in any of its formats
// reads back as itself, and any text at all, random or a valid placement garbled, either reads as
// a placement or throws an Error of one clear line, never anything else. From the built module
// (NQ_MODULE, default build/web/package/nqueens.mjs); FC_SEED and FC_RUNS choose the runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const modulePath = process.env.NQ_MODULE ?? path.join(here, "../../build/web/package/nqueens.mjs");
const nq = await import(pathToFileURL(modulePath).href);
const fc = createRequire(path.join(here, "../../tests/browser/package.json"))("fast-check");

const params = { seed: Number(process.env.FC_SEED ?? 1), numRuns: Number(process.env.FC_RUNS ?? 300) };

// A placement: a column (0-based) for each of n rows, any columns (not only solutions).
const placement = fc.integer({ min: 1, max: 40 }).chain(n => fc.array(fc.integer({ min: 0, max: n - 1 }), { minLength: n, maxLength: n }));

// The formats the box takes, each written as a person or another program would.
const written = {
  "perm, spaces": p => p.map(c => c + 1).join(" "),
  "perm, commas": p => p.map(c => c + 1).join(","),
  "board lines": p => p.map(c => ".".repeat(c) + "Q" + ".".repeat(p.length - c - 1)).join("\n"),
  "JSON perm": p => JSON.stringify({ perm: p.map(c => c + 1) }),
  "LeetCode": p => JSON.stringify(p.map(c => ".".repeat(c) + "Q" + ".".repeat(p.length - c - 1))),
  "FEN-like": p => p.map(c => (c ? String(c) : "") + "q" + (p.length - c - 1 ? String(p.length - c - 1) : "")).join("/"),
};

// What the parser may do with any text: give a placement (a column in 0..n-1 for each of its n
// rows), or throw an Error whose message is one line that says something.
function readsOrSaysWhy(text) {
  let p;
  try {
    p = nq.parse(text);
  } catch (error) {
    assert.ok(error instanceof Error, `not an Error: ${error}`);
    assert.ok(error.message.length > 0 && !error.message.includes("\n"), `message: ${JSON.stringify(error.message)}`);
    assert.doesNotMatch(error.message, /undefined|NaN|std::|\[object/);
    return;
  }
  assert.ok(Array.isArray(p) && p.length > 0, `not a placement: ${JSON.stringify(p)}`);
  for (const c of p) assert.ok(Number.isInteger(c) && c >= 0 && c < p.length, `column ${c} of ${p.length}`);
}

for (const [format, write] of Object.entries(written)) {
  test(`a placement written as ${format} reads back as itself`, () => {
    fc.assert(fc.property(placement, p => {
      assert.deepEqual(nq.parse(write(p)), p);
    }), params);
  });
}

test("a bare JSON array that holds a 0 counts from 0, and reads back", () => {
  fc.assert(fc.property(placement.filter(p => p.includes(0) && !p.includes(p.length)), p => {
    assert.deepEqual(nq.parse(JSON.stringify(p)), p);
  }), params);
});

test("any text reads as a placement or throws one clear line", () => {
  fc.assert(fc.property(fc.string({ unit: "binary", maxLength: 200 }), readsOrSaysWhy), params);
  fc.assert(fc.property(fc.string({ unit: fc.constantFrom(..."Qq.0123456789 ,/[]{}\"\n-:perm"), maxLength: 120 }), readsOrSaysWhy), params);
});

test("a valid placement garbled by a few edits reads or throws one clear line", () => {
  const edit = fc.tuple(fc.nat(), fc.constantFrom("insert", "delete", "replace"), fc.string({ unit: "binary", minLength: 1, maxLength: 3 }));
  const formats = fc.constantFrom(...Object.values(written));
  fc.assert(fc.property(placement, formats, fc.array(edit, { minLength: 1, maxLength: 4 }), (p, write, edits) => {
    let text = write(p);
    for (const [at, how, what] of edits) {
      const i = text.length ? at % (text.length + 1) : 0;
      text = how === "insert" ? text.slice(0, i) + what + text.slice(i)
        : how === "delete" ? text.slice(0, i) + text.slice(i + 1)
          : text.slice(0, i) + what + text.slice(i + what.length);
    }
    readsOrSaysWhy(text);
  }), params);
});
