// SPDX-License-Identifier: MIT
// The sentences the playground says for events (web/playground/sentences.js), rendered for every
// event of every method on boards of 1, 4 and 5 queens (and the kinds only bigger boards tell,
// at 8 and 12) from the built module (NQ_MODULE, default
// build/web/package/nqueens.mjs): none may hold the wrong forms a learner met (an article before
// a vowel, one of a plural, a range of one row, a library's internal name, an unfinished range).
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe as sentence } from "../playground/sentences.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const modulePath = process.env.NQ_MODULE ?? path.join(here, "../../build/web/package/nqueens.mjs");
const nq = await import(pathToFileURL(modulePath).href);

const WRONG = [
  [/\ba (?=[aeiou])/i, "'a' before a vowel"],
  [/(^|[^\d.,])1 (rows|columns|queens|squares|boards|safe boards|attacking pairs|solutions|choices|options|steps)\b/, "one of a plural"],
  [/\brows (\d+)[–-]\1\b/, "a range of one row"],
  [/\bnq\.|\bnqueens\./, "a library's name"],
  [/to the last\b/, "a range without its end"],
  [/undefined|NaN|\[object/, "a value missing"],
];

const kinds = new Set();  // method:kind, over every run below

// Renders every event of one trace and checks each sentence against the wrong forms.
function sayAll(n, method, options) {
  for (const e of nq.trace(n, { method, ...options })) {
    const said = sentence(e, nq.registry.events);
    kinds.add(`${method}:${e.kind}`);
    for (const [form, what] of WRONG) {
      assert.doesNotMatch(said, form, `${method} n = ${n} step ${e.step} (${e.kind}), ${what}: "${said}"`);
    }
  }
}

for (const n of [1, 4, 5]) {
  test(`every sentence of every method at n = ${n} reads right`, () => {
    for (const method of nq.traceMethods) {
      if (method === "random" && (n === 2 || n === 3)) continue;
      sayAll(n, method, { seed: 1, first: false });
    }
  });
}

// Kinds these small boards never tell: the local search's moves (it needs a board with attacks
// to repair) and first's splits (pieces are cut from n = 12 on).
test("the local search's moves and first's splits read right", () => {
  for (const seed of [3, 4]) sayAll(8, "random", { seed, first: true });
  sayAll(12, "first", { first: true });
});

// Over these runs, every kind each method's listing tells was said at least once.
test("every kind of event of every method was rendered", () => {
  const missing = nq.traceMethods.flatMap(method =>
    Object.keys(nq.listing(method).kinds).filter(kind => !kinds.has(`${method}:${kind}`)).map(kind => `${method}:${kind}`));
  assert.deepEqual(missing, []);
});
