// SPDX-License-Identifier: MIT
// `nqueens trace N --method M --format jsonl` against the reference traces written from
// docs/trace.md alone (tests/reference/trace_reference.mjs), event by event and field by field,
// for every method on small boards; `first`, whose pieces only the engine knows, against the
// reference's checker of what the spec says. Run: node trace_reference.mjs NQUEENS_BINARY
import { spawnSync } from "node:child_process";
import { isDeepStrictEqual } from "node:util";
import { METHODS, referenceTrace, checkFirstTrace, formatArray } from "../reference/trace_reference.mjs";

const binary = process.argv[2];
if (!binary) {
  console.error("usage: node trace_reference.mjs NQUEENS_BINARY");
  process.exit(2);
}

const kMaxMismatches = 20;
const kMaxPerTrace = 5; // past the first few, a trace that went wrong only repeats itself
const kWholeRandom = 20000; // random traces longer than this (some seeds restart dozens of
const kRandomPrefix = 2000; // times) are compared on their first events only
let mismatches = 0;
let traces = 0;

function report(method, n, step, field, expected, got) {
  mismatches++;
  if (mismatches <= kMaxMismatches) {
    const [want, have] = [JSON.stringify(expected), JSON.stringify(got)];
    console.log(`${method} n=${n} step ${step}: ${field}: expected ${want}, got ${have}`);
  }
}

// ---- the command line's form of an event: 1-based squares, null for none ---------------------

const oneBased = (x) => (x >= 0 ? x + 1 : null);

// The listing's variables keep their own (0-based) values: numbers, arrays, bit-mask strings.
function varValue(text) {
  if (text === "null") return null;
  if (text.startsWith("[")) return text === "[]" ? [] : text.slice(1, -1).split(", ").map(Number);
  if (text.startsWith("0b")) return text;
  return Number(text);
}

function varText(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return formatArray(value);
  return String(value);
}

// What each line must say, normalized: a field that may be absent or null reads as null.
function expectedLine(e) {
  return {
    step: e.step,
    event: e.kind,
    code_line: e.line,
    row: oneBased(e.row),
    col: oneBased(e.col),
    by: e.byRow >= 0 || e.byCol >= 0 ? { row: oneBased(e.byRow), col: oneBased(e.byCol) } : null,
    along: e.along || null,
    board: e.board.map(oneBased),
    number: e.number,
    placements: e.placements,
    checks: e.checks,
    nodes: e.nodes,
    vars: e.vars.map(([name, text]) => [name, varValue(text)]),
  };
}

const knownKeys = new Set(["step", "event", "code_line", "row", "col", "by", "along", "board", "number",
  "placements", "checks", "nodes", "vars"]);

// The line as the program printed it, in the same normalized form. The line two queens share is
// by.line; a scan's way, which names no other queen, may come as by.line or as a top-level along.
function normalizedLine(json) {
  const by = json.by ?? null;
  return {
    step: json.step,
    event: json.event,
    code_line: json.code_line,
    row: json.row ?? null,
    col: json.col ?? null,
    by: by && (by.row != null || by.col != null) ? { row: by.row ?? null, col: by.col ?? null } : null,
    along: by?.line || json.along || null, // "" reads as none, like null
    board: json.board,
    number: json.number ?? 0,
    placements: json.placements,
    checks: json.checks,
    nodes: json.nodes,
    vars: json.vars && typeof json.vars === "object" ? Object.entries(json.vars) : json.vars,
    extra: Object.keys(json).filter((key) => !knownKeys.has(key)),
  };
}

// Back to the reference's shape (0-based), for the checker of first.
function referenceShape(json) {
  const line = normalizedLine(json);
  const zeroBased = (x) => (x == null ? -1 : x - 1);
  return {
    step: line.step,
    kind: line.event,
    line: line.code_line,
    row: zeroBased(line.row),
    col: zeroBased(line.col),
    byRow: zeroBased(line.by?.row),
    byCol: zeroBased(line.by?.col),
    along: line.along ?? "",
    board: Array.isArray(line.board) ? line.board.map(zeroBased) : line.board,
    number: line.number,
    placements: line.placements,
    checks: line.checks,
    nodes: line.nodes,
    vars: Array.isArray(line.vars) ? line.vars.map(([name, value]) => [name, varText(value)]) : [],
  };
}

// ---- running the program -----------------------------------------------------------------------

// The event lines of one trace, or null (and a mismatch said) when the program failed.
function runTrace(method, n, extra) {
  const args = ["trace", String(n), "--method", method, "--format", "jsonl", "--all", ...extra];
  const run = spawnSync(binary, args, { encoding: "utf8", maxBuffer: 1 << 30 });
  traces++;
  if (run.status !== 0) {
    const why = (run.stderr || "").trim().split("\n")[0];
    report(method, n, 0, `exit status of ${args.join(" ")}`, 0, `${run.status}: ${why}`);
    return null;
  }
  const lines = [];
  for (const text of run.stdout.split("\n")) {
    if (text === "") continue;
    let json;
    try {
      json = JSON.parse(text);
    } catch {
      report(method, n, lines.length + 1, "JSON", "a JSON object", text.slice(0, 80));
      return null;
    }
    if (json.summary === true) continue;
    lines.push(json);
  }
  return lines;
}

// A problem the checker of first found, already a sentence.
function reportProblem(n, problem) {
  mismatches++;
  if (mismatches <= kMaxMismatches) console.log(`first n=${n} ${problem}`);
}

function compareTrace(method, n, expected, got) {
  let inThisTrace = 0;
  const differ = (step, field, want, have) => {
    if (inThisTrace++ < kMaxPerTrace) report(method, n, step, field, want, have);
    else mismatches++;
  };
  for (let i = 0; i < Math.max(expected.length, got.length) && inThisTrace < kMaxPerTrace; i++) {
    if (i >= got.length) { differ(i + 1, "events", expected.length, got.length); break; }
    if (i >= expected.length) { differ(i + 1, "events", expected.length, got.length); break; }
    const want = expectedLine(expected[i]);
    const have = normalizedLine(got[i]);
    for (const field of Object.keys(want)) {
      if (!isDeepStrictEqual(want[field], have[field])) differ(i + 1, field, want[field], have[field]);
    }
    // A solution may repeat its board as `perm`, the perm format's array.
    if (have.extra.includes("perm") && want.event === "solution") {
      if (!isDeepStrictEqual(got[i].perm, want.board)) differ(i + 1, "perm", want.board, got[i].perm);
      have.extra = have.extra.filter((key) => key !== "perm");
    }
    if (have.extra.length > 0) differ(i + 1, "unknown fields", [], have.extra);
  }
}

// ---- the traces --------------------------------------------------------------------------------

const sizes = (method) => {
  if (method === "blind") return [1, 2, 3, 4, 5];
  if (method === "random") return [1, 4, 5, 6, 7];
  return [1, 2, 3, 4, 5, 6, 7];
};

for (const method of METHODS.filter((m) => m !== "first")) {
  for (const n of sizes(method)) {
    // Seed 3: at n = 4 its last pick keeps the 32nd draw, all of them refused (t = 31).
    for (const seed of method === "random" ? [1, 2, 3, 7] : [null]) {
      const options = seed === null ? {} : { seed, maxEvents: kWholeRandom + 1 };
      const extra = seed === null ? [] : ["--seed", String(seed)];
      let expected = referenceTrace(n, method, options);
      if (expected.length > kWholeRandom) {
        expected = expected.slice(0, kRandomPrefix);
        extra.push("--max-steps", String(kRandomPrefix));
      }
      const got = runTrace(method, n, extra);
      if (got) compareTrace(seed === null ? method : `${method} seed ${seed}`, n, expected, got);
    }
  }
}

// 12 and 18: the first sizes whose probes are split into pieces.
for (const n of [1, 2, 3, 4, 5, 6, 7, 12, 18]) {
  const got = runTrace("first", n, []);
  if (!got) continue;
  const problems = checkFirstTrace(n, got.map(referenceShape));
  for (const problem of problems.slice(0, kMaxPerTrace)) reportProblem(n, problem);
  mismatches += Math.max(0, problems.length - kMaxPerTrace);
}

// Every method the program traces has its reference here: a method added to the library without
// one fails (the reference is written from docs/trace.md alone).
const info = spawnSync(binary, ["info", "--json"], { encoding: "utf8" });
const traced = JSON.parse(info.stdout).choices["trace.method"].map((c) => c.name);
for (const method of traced.filter((m) => !METHODS.includes(m))) {
  mismatches++;
  console.log(`${method}: traced by the program, but tests/reference/trace_reference.mjs has no reference for it`);
}

if (mismatches > 0) {
  if (mismatches > kMaxMismatches) console.log(`... ${mismatches - kMaxMismatches} more`);
  console.log(`trace reference: ${mismatches} mismatches in ${traces} traces`);
  process.exit(1);
}
console.log(`trace reference: ok (${traces} traces)`);
