// SPDX-License-Identifier: MIT
// The JavaScript API of nqueens.d.ts over the WebAssembly core. tools/bundle.mjs puts this after
// the core's factory and `const core = await createNQueensCore();`, in one module. The core
// returns {ok} or {error}; here an error becomes a thrown Error with the command line's message.
// Numbers go to the core as numbers, where the library's checks take them (a fraction or a
// negative number gets the command line's words, "N must be a positive whole number, got
// '2.5'"); anything that is not a number is a TypeError here.

/* global core */

function unwrap(result) {
  if (result.error !== undefined) throw new Error(result.error);
  return result.ok;
}

function number(value, name) {
  if (typeof value === "bigint") return Number(value);
  if (typeof value !== "number" || Number.isNaN(value)) {
    throw new TypeError(`${name} must be a number, not ${value === null ? "null" : typeof value}`);
  }
  return value;
}

function options(given, allowed, name) {
  if (given === undefined) return {};
  if (given === null || typeof given !== "object") throw new TypeError(`${name}: options must be an object`);
  for (const key of Object.keys(given)) {
    if (!allowed.includes(key)) {
      throw new TypeError(`${name}: unknown option '${key}' (${allowed.join(", ")})`);
    }
  }
  return given;
}

// A 64-bit count from the core's decimal text: a Number while exact, a BigInt past 2^53 - 1.
function exact(text) {
  const big = BigInt(text);
  return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
}

// A placement given as any array-like of column numbers, checked here (the core takes a
// Uint32Array) with the message the Python module gives.
function columnsOf(placement, name) {
  if (placement === null || typeof placement !== "object" || typeof placement.length !== "number") {
    throw new TypeError(`${name}: a placement is an array of 0-based columns`);
  }
  const n = placement.length;
  const columns = new Uint32Array(n);
  for (let row = 0; row < n; row++) {
    const c = placement[row];
    if (typeof c !== "number" || !Number.isInteger(c)) {
      throw new TypeError(`${name}: column ${String(c)} of row ${row} is not a whole number`);
    }
    if (c < 0 || c >= n) {
      throw new Error(`placement: column ${c} of row ${row} is outside a board of size ${n} (columns are 0-based)`);
    }
    columns[row] = c;
  }
  return columns;
}

const toArray = (typed) => Array.from(typed);

// Rows of n columns out of one flat typed array.
function rowsOf(flat, n) {
  const rows = [];
  for (let at = 0; at + n <= flat.length; at += n) rows.push(Array.from(flat.subarray(at, at + n)));
  return rows;
}

function count(n, opts) {
  const { engine = "auto" } = options(opts, ["engine"], "count");
  return unwrap(core.count(number(n, "n"), String(engine)));
}

function knownCount(n) {
  if (typeof n !== "number" || !Number.isInteger(n)) return null;
  const r = core.knownCount(n);
  return r === null ? null : { total: exact(r.total), unique: exact(r.unique) };
}

function solve(n, opts) {
  const { method = defaultOf("solve.method"), seed } = options(opts, ["method", "seed"], "solve");
  const seedGiven = seed === undefined || seed === null ? null : number(seed, "seed");
  return toArray(unwrap(core.solve(number(n, "n"), String(method), seedGiven)));
}

// Batches of solutions cross from the core at a time; a batch grows to this many.
const SOLUTION_BATCH = 1024;

function* solutions(n, opts) {
  const { unique = false, skip = 0, limit = Infinity } = options(opts, ["unique", "skip", "limit"], "solutions");
  for (const [value, name] of [[skip, "skip"], [limit, "limit"]]) {
    if (typeof value !== "number" || !(value >= 0) || !(Number.isInteger(value) || value === Infinity)) {
      throw new Error(`solutions: ${name} must be a whole number, got '${String(value)}'`);
    }
  }
  const cursor = unwrap(core.solutions(number(n, "n"), Boolean(unique)));
  try {
    const size = Number(n);
    if (skip > 0) cursor.skip(skip);
    let left = limit;
    let batch = 16; // the first solutions come at once; later batches amortise the crossing
    while (left > 0) {
      const flat = cursor.next(Math.min(batch, left));
      if (flat.length === 0) return;
      for (const row of rowsOf(flat, size)) {
        left--;
        yield row;
      }
      batch = Math.min(batch * 4, SOLUTION_BATCH);
    }
  } finally {
    cursor.delete(); // embind objects live in the core's heap until deleted
  }
}

// A placement from text in any format the command line reads (nq::read_placement: perm, board
// lines, JSON, FEN-like; see nqueens.d.ts); 0-based columns back, or an Error naming what is wrong.
function parse(text) {
  if (typeof text !== "string") throw new TypeError("parse: the text must be a string");
  return toArray(unwrap(core.parse(text)));
}

function verify(placement) {
  return unwrap(core.verify(columnsOf(placement, "verify")));
}

function symmetries(placement) {
  return unwrap(core.symmetries(columnsOf(placement, "symmetries")));
}

function canonical(placement) {
  return toArray(unwrap(core.canonical(columnsOf(placement, "canonical"))));
}

function render(placement, opts) {
  const { format = "svg", title = "" } = options(opts, ["format", "title"], "render");
  return unwrap(core.render(columnsOf(placement, "render"), String(format), String(title)));
}

// What the library names (include/nqueens/registry.hpp): each option's values, each job's
// range of n, the defaults; the lists and defaults below are read from it.
const registry = Object.freeze(JSON.parse(core.registryJson));
const namesOf = key => Object.freeze(registry.choices[key].map(c => c.name));
const defaultOf = key => registry.defaults[key].value;

const classicMethods = namesOf("classic.method");
// Every method can be traced: the nine, then solve's random and first (the library's names).
const traceMethods = Object.freeze(core.traceMethods());
const traceableMethods = traceMethods;
// What compare runs, in its order: the nine, then random and first (the library's list).
const compareMethods = Object.freeze(core.compareMethods());

function classic(n, method, opts) {
  const { mode = defaultOf("classic.mode") } = options(opts, ["mode"], "classic");
  const r = unwrap(core.classic(number(n, "n"), String(method), String(mode)));
  return { ...r, solutions: rowsOf(r.solutions, r.n) };
}

// first: the nine stop at their first solution instead of counting every one (random and first
// stop at one either way).
function compare(n, opts) {
  const { methods = [], budget = defaultOf("compare.budget"), first = defaultOf("compare.first") } = options(opts, ["methods", "budget", "first"], "compare");
  if (!Array.isArray(methods)) throw new TypeError("compare: methods must be an array of method names");
  if (typeof budget !== "number") throw new TypeError("compare: budget must be a number of seconds");
  return unwrap(core.compare(number(n, "n"), methods.map(String).join(","), budget, Boolean(first)));
}

const KINDS = Object.freeze(core.traceKinds());  // the library's kinds, by their index
const ALONGS = Object.freeze(["", ...namesOf("trace.along")]);  // by the library's index
// The first window of steps, and the most a window grows to: of every event, or of a few kinds
// (`only`), when the search runs far between the events it builds.
const TRACE_FIRST_WINDOW = 256;
const TRACE_MAX_WINDOW = 1 << 18;
const TRACE_MAX_SPARSE_WINDOW = 1 << 24;

// The listing for a board of n queens: only nested's depends on n (its loops are written out).
function listing(method, n = 8) {
  const r = unwrap(core.traceListing(String(method), number(n, "n")));
  return { method: String(method), lines: Array.from(r.lines), kinds: { ...r.kinds } };
}

// About how many events the whole trace of a method has (0 for random and first, which tell a
// few a row): the library's estimate, exact for blind and permutations.
function estimatedEvents(n, method = "recursive") {
  return unwrap(core.traceEstimate(number(n, "n"), String(method)));
}

// The kinds of `only` as the core's bit set (bit k for KINDS[k]).
function kindSet(only) {
  if (only === undefined) return 2 ** KINDS.length - 1;
  if (!Array.isArray(only)) throw new TypeError("trace: only takes an array of kind names");
  let set = 0;
  for (const name of only) {
    const k = KINDS.indexOf(String(name));
    if (k < 0) throw new Error(`trace: unknown kind '${String(name)}' (${KINDS.join(", ")})`);
    set += set & 2 ** k ? 0 : 2 ** k;
  }
  return set;
}

// A window's events: their numbers in the core's field order (traceFields), boards, variables.
const TRACE_FIELDS = Object.freeze(core.traceFields());
const decodeEvent = eventDecoder(TRACE_FIELDS, KINDS, ALONGS);

// Each window runs the search again from its start (the core cannot pause a method inside its
// recursion), so windows double in size (up to TRACE_MAX_WINDOW steps): N events cost about 2N
// steps of the search while they still double (docs/web.md). `from` starts after that step,
// `only` tells only the kinds named (the steps and counters stay those of the whole trace).
function* trace(n, opts) {
  const { method = defaultOf("trace.method"), first = defaultOf("trace.first"), seed = defaultOf("trace.seed"), from = 0, only } =
    options(opts, ["method", "first", "seed", "from", "only"], "trace");
  if (typeof from !== "number" || !Number.isInteger(from) || from < 0) {
    throw new Error(`trace: from must be a whole number, got '${String(from)}'`);
  }
  const kinds = kindSet(only);
  const nGiven = number(n, "n"), seedGiven = number(seed, "seed");
  const most = only === undefined ? TRACE_MAX_WINDOW : TRACE_MAX_SPARSE_WINDOW;
  let skip = from;
  let window = TRACE_FIRST_WINDOW;
  for (;;) {
    const w = unwrap(core.traceWindow(nGiven, String(method), Boolean(first), seedGiven, skip, window, kinds));
    const lines = w.vars.split("\n");
    const count = w.values.length / TRACE_FIELDS.length;
    for (let i = 0; i < count; i++) {
      const board = Array.from(w.boards.subarray(nGiven * i, nGiven * (i + 1)));
      yield decodeEvent(w.values, TRACE_FIELDS.length * i, board, lines[i]);
    }
    if (w.ended) return;
    skip += window;
    window = Math.min(window * 2, most);
  }
}

function pairs(list, name) {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new TypeError(`complete: ${name} takes [row, column] pairs of 0-based numbers`);
  const flat = [];
  for (const pair of list) {
    if (!Array.isArray(pair) || pair.length !== 2) {
      throw new Error(`complete: ${name} takes [row, column] pairs of 0-based numbers`);
    }
    flat.push(number(pair[0], "a row"), number(pair[1], "a column"));
  }
  return flat;
}

function wholes(list, name) {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new TypeError(`complete: ${name} takes an array of whole numbers`);
  return list.map((v) => number(v, name));
}

function complete(instance, opts) {
  if (instance === null || typeof instance !== "object") {
    throw new TypeError("complete: the instance is an object {n, queens, blocked, excludedSums, excludedDifferences}");
  }
  options(instance, ["n", "queens", "blocked", "excludedSums", "excludedDifferences"], "complete");
  const { limit = 1 } = options(opts, ["limit"], "complete");
  const limitGiven = limit === Infinity ? null : number(limit, "limit");
  const r = unwrap(core.complete(
    number(instance.n, "n"), pairs(instance.queens, "queens"), pairs(instance.blocked, "blocked"),
    wholes(instance.excludedSums, "excludedSums"), wholes(instance.excludedDifferences, "excludedDifferences"),
    limitGiven));
  return { ...r, solution: r.solution === null ? null : toArray(r.solution) };
}

function infinite(terms) {
  return toArray(unwrap(core.infinite(number(terms, "terms"))));
}

const version = core.version;
