// SPDX-License-Identifier: MIT
// Reference traces of the eleven methods, written from docs/trace.md alone (none of the library's
// code was read): each method runs its listing literally and tells the events of the spec's tables
// at their lines, with the board, the counters as "When the counters move" says and the listing's
// variables as text. `first` cannot be replayed (its pieces are the engine's), so it gets a
// checker of the invariants the spec states instead. The test oracle for the C++ tracer.
import { readFileSync } from "node:fs";

export const METHODS = ["recursive", "iterative", "nested", "bitmask", "blind", "board-scan",
  "permutations", "amb", "functional", "random", "first"];

// The line that tells each kind, from the tables of docs/trace.md.
export const KIND_LINES = {
  recursive: { place: 9, reject: 17, remove: 11, solution: 6 },
  iterative: { place: 9, reject: 17, remove: 5, solution: 10 },
  bitmask: { free: 9, place: 13, remove: 15, solution: 8 },
  blind: { candidate: 4, conflict: 16, solution: 4 },
  "board-scan": { scan: 22, reject: 21, place: 11, remove: 14, solution: 7 },
  permutations: { candidate: 4, conflict: 10, solution: 4, swap: 22, reverse: 23 },
  amb: { run: 20, replay: 12, choose: 13, fail: 5, solution: 7, backtrack: 28 },
  functional: { extend: 5, keep: 6, drop: 6, level: 4, solution: 8 },
  random: { start: 2, pick: 10, move: 18, undo: 19, solution: 25 },
  first: { reject: 8, probe: 9, refuted: 9, split: 9, completed: 10, settled: 13, solution: 15 },
};

// nested's listing depends on n (docs/trace.md, nested): up to 8 rows each row r (0-based) has
// its `for` on line 2r + 3 and its check on line 2r + 4, report(cols) is line 2n + 3 and safe()'s
// `return false` line 3n + 7, of 3n + 11; beyond 8 rows, rows 0..2 as before, line 9 stands for
// rows 3..n - 3 (both their lines), row n - 2 has lines 10 and 11, row n - 1 lines 12 and 13,
// report(cols) is line 14 and `return false` line 24, of 28.
export function nestedLines(n) {
  const loop = [];
  const check = [];
  for (let r = 0; r < n; r++) {
    if (n <= 8 || r < 3) [loop[r], check[r]] = [2 * r + 3, 2 * r + 4];
    else if (r < n - 2) [loop[r], check[r]] = [9, 9];
    else [loop[r], check[r]] = [10 + 2 * (r - (n - 2)), 11 + 2 * (r - (n - 2))];
  }
  return n <= 8
    ? { loop, check, report: 2 * n + 3, reject: 3 * n + 7, length: 3 * n + 11 }
    : { loop, check, report: 14, reject: 24, length: 28 };
}

// The line that tells an event of `kind` about `row` at n; the kinds' table of a listing (nested:
// row 0's lines).
export function lineOf(method, kind, row, n) {
  if (method !== "nested") return KIND_LINES[method][kind];
  const lines = nestedLines(n);
  return { place: lines.check[row], remove: lines.loop[row], reject: lines.reject, solution: lines.report }[kind];
}

export function kindLines(method, n) {
  if (method !== "nested") return KIND_LINES[method];
  const lines = nestedLines(n);
  return { place: lines.check[0], reject: lines.reject, remove: lines.loop[0], solution: lines.report };
}

// The code an event's line must hold: KIND_FRAGMENTS' for every method but nested, whose place
// and remove come from their row's own check and loop (the rows a long listing leaves out, from
// the line that says so).
export function fragmentOf(method, kind, row, n) {
  if (method !== "nested" || (kind !== "place" && kind !== "remove")) return KIND_FRAGMENTS[method][kind];
  if (n > 8 && row >= 3 && row < n - 2) return `rows 4 to ${n - 2}: the same loop`;
  return kind === "place" ? `if (!safe(${row}, cols[${row}])) continue;`
    : `for (cols[${row}] = 0; cols[${row}] < n; cols[${row}]++) {`;
}

// A piece of code that the line of each kind must hold: what the kind stands for (my own reading
// of the listings, so that a listing edited without its table shows up).
export const KIND_FRAGMENTS = {
  recursive: { place: "cols[row] = c;", reject: "return false", remove: "cols.length = row",
    solution: "report(cols)" },
  iterative: { place: "safe(row, cols[row])", reject: "return false", remove: "cols[row]++",
    solution: "report(cols)" },
  nested: { place: "if (!safe(0, cols[0])) continue;", reject: "return false",
    remove: "for (cols[0] = 0; cols[0] < n; cols[0]++) {", solution: "report(cols)" },
  bitmask: { free: "let free = all & ~(taken | diag | anti)", place: "cols[row] = Math.log2(bit)",
    remove: "cols.length = row", solution: "report(cols)" },
  blind: { candidate: "allSafe(cols)", conflict: "return false", solution: "report(cols)" },
  "board-scan": { scan: "this way is clear", reject: "if (board[r][k]) return false",
    place: "board[row][c] = true", remove: "cols.length = row", solution: "report(cols)" },
  permutations: { candidate: "noSharedDiagonal(p)", conflict: "return false",
    solution: "report(p)", swap: "[p[i], p[j]] = [p[j], p[i]]",
    reverse: "p.splice(i + 1).reverse()" },
  amb: { run: "pos = 0", replay: "return options[trail[pos++]]", choose: "trail.push(0); pos++",
    fail: "amb.require(safe(cols, row))", solution: "report(cols)",
    backtrack: "trail[trail.length - 1]++" },
  functional: { extend: "range(n).map(c => [...board, c])", keep: ".filter(safe)",
    drop: ".filter(safe)", level: "boards = boards.flatMap(", solution: "return boards" },
  random: { start: "for (;;)", pick: "[cols[i], cols[j]] = [cols[j], cols[i]]",
    move: "[cols[i], cols[j]] = [cols[j], cols[i]];", undo: "if (worse(pairs(cols), was))",
    solution: "if (pairs(cols) === 0) return cols" },
  first: { reject: "if (attacked(rows, row, c)) continue", probe: "complete([...rows, c])",
    refuted: "complete([...rows, c])", split: "complete([...rows, c])",
    completed: "known = found", settled: "rows.push(col)", solution: "return rows" },
};

const docPath = new URL("../../docs/trace.md", import.meta.url);

// The listing under `### method` in docs/trace.md: the lines of its first ```js block (`block`:
// of a later one; nested shows two, n = 4 and n = 10).
export function listingLines(method, block = 0) {
  const doc = readFileSync(docPath, "utf8").split("\n").map((line) => line.replace(/\r$/, ""));
  const heading = doc.indexOf(`### ${method}`);
  if (heading < 0) throw new Error(`docs/trace.md has no heading '### ${method}'`);
  const next = doc.findIndex((line, i) => i > heading && line.startsWith("### "));
  let open = heading;
  for (let k = 0; k <= block; k++) {
    open = doc.findIndex((line, i) => i > open && line.startsWith("```js"));
    if (open < 0 || (next >= 0 && open > next)) throw new Error(`docs/trace.md: no js listing ${block + 1} under ${method}`);
  }
  const close = doc.findIndex((line, i) => i > open && line.startsWith("```"));
  if (close < 0) throw new Error(`docs/trace.md: no js listing under ${method}`);
  return doc.slice(open + 1, close);
}

// ---- how values are written ------------------------------------------------------------------

export function formatArray(values) {
  return `[${values.join(", ")}]`;
}

function formatMask(mask, n) {
  const shown = mask & ((1n << BigInt(n)) - 1n); // n digits: bits shifted past the board drop
  return `0b${shown.toString(2).padStart(n, "0")}`;
}

function formatValue(value) {
  if (Array.isArray(value)) return formatArray(value);
  if (value === null) return "null";
  return String(value); // numbers; masks come already written
}

// The line two queens share, the first (upper) one at (r1, c1): column wins over a diagonal.
export function lineBetween(r1, c1, r2, c2) {
  if (c1 === c2) return "column";
  if (c2 - c1 === r2 - r1) return "diagonal"; // same row - column: the \ direction
  if (c1 - c2 === r2 - r1) return "anti-diagonal"; // same row + column: the / direction
  return "";
}

// ---- the recorder: counters, steps, and where a trace stops ----------------------------------

const stop = Symbol("stop");

class Recorder {
  constructor(n, { first, maxEvents }, onEvent) {
    this.n = n;
    this.first = first;
    this.maxEvents = maxEvents;
    this.onEvent = onEvent;
    this.step = 0;
    this.solutions = 0;
    this.lastSolution = null;
    this.placements = 0;
    this.checks = 0;
    this.nodes = 0;
  }

  // The board of a prefix (or of a whole array), -1 for the rows past it.
  board(prefix = []) {
    const board = new Array(this.n).fill(-1);
    for (let r = 0; r < prefix.length && r < this.n; r++) board[r] = prefix[r];
    return board;
  }

  // vars is a function, so that a counting-only run never writes them.
  tell(kind, line, fields, vars) {
    this.step++;
    if (kind === "solution") {
      this.solutions++;
      this.lastSolution = this.board(fields.board);
    }
    if (this.onEvent) {
      this.onEvent({
        step: this.step,
        kind,
        line,
        row: fields.row ?? -1,
        col: fields.col ?? -1,
        byRow: fields.byRow ?? -1,
        byCol: fields.byCol ?? -1,
        along: fields.along ?? "",
        board: this.board(fields.board),
        number: fields.number ?? (kind === "solution" ? this.solutions : 0),
        placements: this.placements,
        checks: this.checks,
        nodes: this.nodes,
        vars: vars().map(([name, value]) => [name, formatValue(value)]),
      });
    }
    if (this.step >= this.maxEvents) throw stop;
    if (this.first && kind === "solution") throw stop;
  }
}

// The topmost queen of cols[0..row-1] that attacks (row, c), -1 if none; one check per queen
// compared, the failing one included (the textbook safe()).
function topmostAttacker(cols, row, c, rec) {
  for (let r = 0; r < row; r++) {
    rec.checks++;
    if (cols[r] === c || Math.abs(cols[r] - c) === row - r) return r;
  }
  return -1;
}

function rejectFields(cols, row, c, r) {
  return { row, col: c, byRow: r, byCol: cols[r], along: lineBetween(r, cols[r], row, c) };
}

// ---- recursive, iterative, nested: the same squares in the same order --------------------------

function traceRecursive(n, rec) {
  const cols = [];
  place(0);

  function place(row) {
    if (row === n) {
      rec.tell("solution", 6, { board: cols }, () => [["row", row], ["cols", cols]]);
      return;
    }
    for (let c = 0; c < n; c++) {
      rec.placements++;
      rec.nodes++;
      const r = topmostAttacker(cols, row, c, rec);
      if (r >= 0) {
        rec.tell("reject", 17, { ...rejectFields(cols, row, c, r), board: cols },
          () => [["row", row], ["c", c], ["r", r], ["cols", cols]]);
        continue;
      }
      cols[row] = c;
      rec.tell("place", 9, { row, col: c, board: cols }, () => [["row", row], ["c", c], ["cols", cols]]);
      place(row + 1);
      cols.length = row;
      rec.tell("remove", 11, { row, col: c, board: cols }, () => [["row", row], ["c", c], ["cols", cols]]);
    }
  }
}

// The queens that stand: rows whose queen has stayed (cols also holds rejected squares and n).
function standingQueens(cols, stayed) {
  return cols.map((c, r) => (stayed[r] ? c : -1));
}

function traceIterative(n, rec) {
  const cols = new Array(n).fill(-1);
  const stayed = new Array(n).fill(false);
  let row = 0;
  while (row >= 0) {
    cols[row]++;
    if (stayed[row]) { // the queen that moves on had stayed: it is taken back
      stayed[row] = false;
      rec.tell("remove", 5, { row, col: cols[row] - 1, board: standingQueens(cols, stayed) },
        () => [["row", row], ["cols", cols]]);
    }
    if (cols[row] === n) {
      cols[row] = -1;
      row--;
      continue;
    }
    const c = cols[row];
    rec.placements++;
    rec.nodes++;
    const r = topmostAttacker(cols, row, c, rec);
    if (r >= 0) {
      rec.tell("reject", 17, { ...rejectFields(cols, row, c, r), board: standingQueens(cols, stayed) },
        () => [["row", row], ["c", c], ["r", r], ["cols", cols]]);
      continue;
    }
    stayed[row] = true;
    rec.tell("place", 9, { row, col: c, board: standingQueens(cols, stayed) },
      () => [["row", row], ["cols", cols]]);
    if (row === n - 1) {
      rec.tell("solution", 10, { board: cols }, () => [["row", row], ["cols", cols]]);
    } else {
      row++;
    }
  }
}

// nested: the listing's loops, one a row, each run as the listing writes it (a for loop whose
// body is the next row's loop); the recursion only stands for writing the n loops out.
function traceNested(n, rec) {
  const lines = nestedLines(n);
  const cols = [];
  loop(0);

  function loop(k) {
    for (cols[k] = 0; cols[k] < n;) {
      const c = cols[k];
      rec.placements++;
      rec.nodes++;
      const r = topmostAttacker(cols, k, c, rec);
      let stayed = false;
      if (r >= 0) {
        rec.tell("reject", lines.reject, { ...rejectFields(cols, k, c, r), board: cols.slice(0, k) },
          () => [["row", k], ["c", c], ["r", r], ["cols", cols]]);
      } else {
        stayed = true;
        rec.tell("place", lines.check[k], { row: k, col: c, board: cols.slice(0, k + 1) },
          () => [["cols", cols]]);
        if (k === n - 1) rec.tell("solution", lines.report, { board: cols }, () => [["cols", cols]]);
        else loop(k + 1);
      }
      cols[k]++; // the for's update: the loop turns
      if (stayed) { // past a queen that had stayed: it is taken back
        rec.tell("remove", lines.loop[k], { row: k, col: c, board: cols.slice(0, k) }, () => [["cols", cols]]);
      }
    }
  }
}

// ---- bitmask ---------------------------------------------------------------------------------

// BigInt masks, so that n = 32 works where the listing's 32-bit numbers would not.
function traceBitmask(n, rec) {
  const all = (1n << BigInt(n)) - 1n;
  const cols = [];
  const mask = (bits) => formatMask(bits, n);
  place(0, 0n, 0n, 0n);

  function place(row, taken, diag, anti) {
    if (row === n) {
      rec.tell("solution", 8, { board: cols }, () => [["row", row], ["cols", cols]]);
      return;
    }
    rec.checks++;
    let free = all & ~(taken | diag | anti);
    rec.tell("free", 9, { row, board: cols }, () => [["row", row], ["taken", mask(taken)],
      ["diag", mask(diag)], ["anti", mask(anti)], ["free", mask(free)], ["cols", cols]]);
    while (free !== 0n) {
      const bit = free & -free;
      free -= bit;
      rec.placements++;
      rec.nodes++;
      const c = bit.toString(2).length - 1;
      cols[row] = c;
      rec.tell("place", 13, { row, col: c, board: cols },
        () => [["row", row], ["free", mask(free)], ["cols", cols]]);
      place(row + 1, taken | bit, (diag | bit) << 1n, (anti | bit) >> 1n);
      cols.length = row;
      rec.tell("remove", 15, { row, col: c, board: cols },
        () => [["row", row], ["free", mask(free)], ["cols", cols]]);
    }
  }
}

// ---- blind and permutations: whole boards ----------------------------------------------------

// The first attacking pair, b ascending, then a, as b * n + a (-1: none); one check per pair
// compared. A number, not a pair: blind at n = 8 asks 1.7e7 times.
function firstAttackingPair(cols, n, rec, diagonalsOnly) {
  for (let b = 1; b < n; b++) {
    for (let a = 0; a < b; a++) {
      rec.checks++;
      const shareColumn = !diagonalsOnly && cols[a] === cols[b];
      if (shareColumn || Math.abs(cols[a] - cols[b]) === b - a) return b * n + a;
    }
  }
  return -1;
}

function conflictFields(cols, n, pair) {
  const a = pair % n;
  const b = (pair - a) / n;
  return { row: b, col: cols[b], byRow: a, byCol: cols[a], along: lineBetween(a, cols[a], b, cols[b]), board: cols };
}

function traceBlind(n, rec) {
  const cols = new Array(n).fill(0);
  const candidateVars = () => [["cols", cols]];
  const candidate = { board: cols };
  for (;;) {
    rec.placements++;
    rec.nodes++;
    rec.tell("candidate", 4, candidate, candidateVars);
    const pair = firstAttackingPair(cols, n, rec, false);
    if (pair >= 0) {
      const fields = conflictFields(cols, n, pair);
      rec.tell("conflict", 16, fields, () => [["a", fields.byRow], ["b", fields.row], ["cols", cols]]);
    } else {
      rec.tell("solution", 4, candidate, candidateVars);
    }
    let row = n - 1;
    while (row >= 0 && ++cols[row] === n) {
      cols[row] = 0;
      row--;
    }
    if (row < 0) return;
  }
}

function tracePermutations(n, rec) {
  const p = [...Array(n).keys()];
  do {
    rec.placements++;
    rec.nodes++;
    rec.tell("candidate", 4, { board: p }, () => [["p", p]]);
    const pair = firstAttackingPair(p, n, rec, true);
    if (pair >= 0) {
      const fields = conflictFields(p, n, pair);
      rec.tell("conflict", 10, fields, () => [["a", fields.byRow], ["b", fields.row], ["p", p]]);
    } else {
      rec.tell("solution", 4, { board: p }, () => [["p", p]]);
    }
  } while (nextPermutation());

  function nextPermutation() {
    let i = n - 2;
    while (i >= 0 && p[i] > p[i + 1]) i--;
    if (i < 0) return false;
    let j = n - 1;
    while (p[j] < p[i]) j--;
    [p[i], p[j]] = [p[j], p[i]];
    rec.tell("swap", 22, { row: i, col: p[i], byRow: j, byCol: p[j], board: p },
      () => [["i", i], ["j", j], ["p", p]]);
    p.push(...p.splice(i + 1).reverse());
    rec.tell("reverse", 23, { row: i + 1, board: p }, () => [["i", i], ["p", p]]);
    return true;
  }
}

// ---- board-scan --------------------------------------------------------------------------------

const wayOf = { 0: "column", [-1]: "diagonal", 1: "anti-diagonal" };

function traceBoardScan(n, rec) {
  const board = Array.from({ length: n }, () => new Array(n).fill(false));
  const cols = [];
  // What a page draws is the board of cells.
  const queensOnBoard = () => board.map((cells) => cells.indexOf(true));
  place(0);

  function place(row) {
    if (row === n) {
      rec.tell("solution", 7, { board: cols }, () => [["row", row], ["cols", cols]]);
      return;
    }
    for (let c = 0; c < n; c++) {
      rec.placements++;
      rec.nodes++;
      if (!scanIsSafe(row, c)) continue;
      cols[row] = c;
      board[row][c] = true;
      rec.tell("place", 11, { row, col: c, board: queensOnBoard() },
        () => [["row", row], ["c", c], ["cols", cols]]);
      place(row + 1);
      board[row][c] = false;
      cols.length = row;
      rec.tell("remove", 14, { row, col: c, board: queensOnBoard() },
        () => [["row", row], ["c", c], ["cols", cols]]);
    }
  }

  function scanIsSafe(row, c) {
    for (const dc of [0, -1, 1]) {
      let r = row - 1;
      let k = c + dc;
      let read = 0;
      for (; r >= 0 && k >= 0 && k < n; r--, k += dc) {
        rec.checks++;
        read++;
        if (board[r][k]) {
          const [metRow, metCol] = [r, k];
          rec.tell("reject", 21,
            { row, col: c, byRow: metRow, byCol: metCol, along: wayOf[dc], board: queensOnBoard() },
            () => [["row", row], ["c", c], ["dc", dc], ["r", metRow], ["k", metCol]]);
          return false;
        }
      }
      if (read > 0) {
        const [leftRow, leftCol] = [r, k];
        rec.tell("scan", 22, { row, col: c, along: wayOf[dc], board: queensOnBoard() },
          () => [["row", row], ["c", c], ["dc", dc], ["r", leftRow], ["k", leftCol]]);
      }
    }
    return true;
  }
}

// ---- amb ---------------------------------------------------------------------------------------

const failure = Symbol("failure");

function traceAmb(n, rec) {
  let trail = [];
  let pos = 0;
  let runs = 0;
  do {
    rec.nodes++;
    runs++;
    pos = 0;
    rec.tell("run", 20, { number: runs }, () => [["trail", trail], ["pos", pos]]);
    try {
      program();
    } catch (e) {
      if (e !== failure) throw e;
      trail.length = pos;
    }
  } while (backtrack());

  function program() {
    const cols = [];
    for (let row = 0; row < n; row++) {
      cols[row] = choose(row, cols);
      const r = topmostAttacker(cols, row, cols[row], rec);
      if (r >= 0) {
        rec.tell("fail", 5, { ...rejectFields(cols, row, cols[row], r), board: cols.slice(0, row) },
          () => [["row", row], ["cols", cols], ["trail", trail]]);
        throw failure;
      }
    }
    rec.tell("solution", 7, { board: cols }, () => [["cols", cols], ["trail", trail]]);
  }

  // choose(range(n)): the option is the column itself. Line 4 assigns cols[row] only once choose
  // returns, so at lines 12 and 13 the board and cols are the rows above (docs/trace.md, amb).
  function choose(row, cols) {
    rec.placements++;
    if (pos < trail.length) {
      const col = trail[pos++];
      rec.tell("replay", 12, { row, col, board: cols },
        () => [["row", row], ["pos", pos], ["trail", trail], ["cols", cols]]);
      return col;
    }
    trail.push(0);
    pos++;
    rec.tell("choose", 13, { row, col: 0, board: cols },
      () => [["row", row], ["pos", pos], ["trail", trail], ["cols", cols]]);
    return 0;
  }

  function backtrack() {
    while (trail.length > 0 && trail.at(-1) === n - 1) trail.pop();
    if (trail.length === 0) return false;
    trail[trail.length - 1]++;
    rec.tell("backtrack", 28, { row: trail.length - 1, col: trail.at(-1), board: trail },
      () => [["trail", trail]]);
    return true;
  }
}

// ---- functional ----------------------------------------------------------------------------------

function traceFunctional(n, rec) {
  let boards = [[]];
  for (let k = 1; k <= n; k++) {
    const next = [];
    for (const board of boards) {
      rec.placements += n;
      rec.nodes += n;
      rec.tell("extend", 5, { row: k - 1, board }, () => [["k", k], ["board", board]]);
      for (let c = 0; c < n; c++) {
        const r = topmostAttacker(board, k - 1, c, rec);
        if (r < 0) {
          const extended = [...board, c];
          next.push(extended);
          rec.tell("keep", 6, { row: k - 1, col: c, board: extended },
            () => [["k", k], ["board", board], ["c", c]]);
        } else {
          rec.tell("drop", 6, { ...rejectFields(board, k - 1, c, r), board },
            () => [["k", k], ["board", board], ["c", c]]);
        }
      }
    }
    boards = next;
    rec.tell("level", 4, { number: boards.length }, () => [["k", k], ["boards.length", boards.length]]);
  }
  for (const board of boards) {
    rec.tell("solution", 8, { board }, () => [["boards.length", boards.length]]);
  }
}

// ---- random ------------------------------------------------------------------------------------

const mask64 = (1n << 64n) - 1n;

// src/split_mix.hpp: SplitMix64 and Lemire's multiply-shift below(bound).
export class SplitMix64 {
  constructor(seed) {
    this.state = BigInt.asUintN(64, BigInt(seed));
  }
  next() {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & mask64;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask64;
    return z ^ (z >> 31n);
  }
  below(bound) {
    return Number((this.next() * BigInt(bound)) >> 64n);
  }
}

// The diagonal counters of a permutation and its number of attacking pairs, kept up to date.
class Diagonals {
  constructor(n) {
    this.n = n;
    this.down = new Array(2 * n).fill(0); // row - column + n
    this.up = new Array(2 * n).fill(0); // row + column
    this.pairs = 0;
  }
  add(row, col, sign) {
    const d = row - col + this.n;
    const u = row + col;
    if (sign < 0) { this.down[d]--; this.up[u]--; }
    this.pairs += sign * (this.down[d] + this.up[u]);
    if (sign > 0) { this.down[d]++; this.up[u]++; }
  }
  attacked(row, col) {
    return this.down[row - col + this.n] > 1 || this.up[row + col] > 1;
  }
  free(row, col) {
    return this.down[row - col + this.n] === 0 && this.up[row + col] === 0;
  }
}

function traceRandom(n, rec, seed) {
  const rng = new SplitMix64(seed);
  for (let start = 1; ; start++) {
    rec.nodes++;
    rec.tell("start", 2, { number: start }, () => []);
    const cols = [...Array(n).keys()];
    const diagonals = new Diagonals(n); // rows 0..i-1 while building, then all rows
    for (let i = 0; i < n; i++) {
      let j = i;
      let t = 0;
      for (; t < 32; t++) {
        rec.placements++;
        j = i + rng.below(n - i);
        rec.checks++;
        if (diagonals.free(i, cols[j])) break;
      }
      const kept = Math.min(t, 31); // all 32 failed: the last draw is kept
      [cols[i], cols[j]] = [cols[j], cols[i]];
      diagonals.add(i, cols[i], +1);
      rec.tell("pick", 10, { row: i, col: cols[i], byRow: j, board: cols.slice(0, i + 1) },
        () => [["i", i], ["j", j], ["t", kept], ["cols", cols]]);
    }
    const swap = (i, j) => {
      diagonals.add(i, cols[i], -1);
      diagonals.add(j, cols[j], -1);
      [cols[i], cols[j]] = [cols[j], cols[i]];
      diagonals.add(i, cols[i], +1);
      diagonals.add(j, cols[j], +1);
    };
    let tries = 64;
    const most = Math.min(16384, Math.max(64, 8 * n));
    while (diagonals.pairs > 0) {
      const before = diagonals.pairs;
      const attackedRows = cols.map((c, r) => r).filter((r) => diagonals.attacked(r, cols[r]));
      for (const i of attackedRows) {
        for (let t = 0; t < tries && diagonals.attacked(i, cols[i]); t++) {
          const r = rng.below(n - 1);
          const j = r < i ? r : r + 1; // otherRow(i)
          const was = diagonals.pairs;
          rec.placements++;
          rec.nodes++;
          swap(i, j);
          const tried = diagonals.pairs;
          rec.checks++;
          const kept = n <= 128 ? tried <= was : tried < was; // worse(pairs(cols), was)
          if (!kept) swap(i, j);
          rec.tell(kept ? "move" : "undo", kept ? 18 : 19,
            { row: i, col: cols[i], byRow: j, byCol: cols[j], board: cols },
            () => [["i", i], ["j", j], ["t", t], ["was", was], ["tried", tried], ["pairs(cols)", diagonals.pairs]]);
        }
      }
      if (diagonals.pairs < before) tries = 64;
      else if ((tries *= 2) > most) break;
    }
    if (diagonals.pairs === 0) {
      rec.tell("solution", 25, { board: cols, number: 1 }, () => [["cols", cols]]);
      return;
    }
  }
}

// ---- the entry points ----------------------------------------------------------------------------

const tracers = {
  recursive: traceRecursive,
  iterative: traceIterative,
  nested: traceNested,
  bitmask: traceBitmask,
  blind: traceBlind,
  "board-scan": traceBoardScan,
  permutations: tracePermutations,
  amb: traceAmb,
  functional: traceFunctional,
};

// Runs one method, calling onEvent for each event (null: only count). Returns the recorder:
// its step, solutions, lastSolution and counters are those of the last event told.
export function runReferenceTrace(n, method, { first = false, seed = 1, maxEvents = Infinity } = {}, onEvent = null) {
  const largest = method === "random" ? 1 << 20 : 32; // random's trace is as long as its search
  if (!Number.isInteger(n) || n < 1 || n > largest) throw new RangeError(`n = ${n} is out of 1..${largest}`);
  if (method === "first") throw new Error("first has no reference trace: use checkFirstTrace");
  if (method === "random" && (n === 2 || n === 3) && maxEvents === Infinity) {
    // The listing restarts for ever: there is no solution to end it.
    throw new RangeError(`there is no solution for n = ${n}`);
  }
  const rec = new Recorder(n, { first: first && method !== "random", maxEvents }, onEvent);
  try {
    if (method === "random") traceRandom(n, rec, seed);
    else if (tracers[method]) tracers[method](n, rec);
    else throw new Error(`unknown method '${method}'`);
  } catch (e) {
    if (e !== stop) throw e;
  }
  return rec;
}

export function referenceTrace(n, method, options = {}) {
  const events = [];
  runReferenceTrace(n, method, options, (event) => events.push(event));
  return events;
}

// ---- first: a checker of what the spec says its events must be ---------------------------------

// Whether the queens of `board` (-1: an empty row) attack one another.
function queensClash(board) {
  for (let a = 0; a < board.length; a++) {
    if (board[a] < 0) continue;
    for (let b = a + 1; b < board.length; b++) {
      if (board[b] < 0) continue;
      if (board[a] === board[b] || Math.abs(board[a] - board[b]) === b - a) return true;
    }
  }
  return false;
}

// Whether a queen of `board` attacks the empty square (row, col), along its row included.
function squareAttacked(board, row, col) {
  for (let r = 0; r < board.length; r++) {
    const c = board[r];
    if (c < 0) continue;
    if (r === row || c === col || Math.abs(c - col) === Math.abs(r - row)) return true;
  }
  return false;
}

// The smallest solution (in lexicographic order) that keeps the queens of `board`, by plain
// backtracking over its empty rows; null if there is none.
export function completion(board) {
  const n = board.length;
  if (queensClash(board)) return null;
  const cols = board.slice();
  function fill(row) {
    if (row === n) return true;
    if (board[row] >= 0) return fill(row + 1);
    for (let c = 0; c < n; c++) {
      cols[row] = -1;
      if (squareAttacked(cols, row, c)) continue;
      cols[row] = c;
      if (fill(row + 1)) return true;
    }
    cols[row] = -1;
    return false;
  }
  return fill(0) ? cols : null;
}

export function lexicographicallyFirstSolution(n) {
  return completion(new Array(n).fill(-1));
}

const sameArray = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const keyOf = (board) => board.join(",");
const attacking = (along) => along === "column" || along === "diagonal" || along === "anti-diagonal";

function parseArray(text) {
  if (typeof text !== "string" || !/^\[(-?\d+(, -?\d+)*)?\]$/.test(text)) return null;
  return text === "[]" ? [] : text.slice(1, -1).split(", ").map(Number);
}

// What a trace of `first` must be, event by event: the listing's loop replayed from the events
// (the settled rows, the latest completion `known`, the next column of the row to be told), with
// the pieces refuted and split so far, to check that each probe that does not complete is covered.
class FirstTraceChecker {
  constructor(n) {
    this.n = n;
    this.problems = [];
    this.rows = [];
    this.known = null;
    this.nextCol = 0;
    this.probe = null; // { row, col, completed }
    this.completedCol = -1; // this row's completion, if any
    this.last = { placements: 0, checks: 0, nodes: 0 };
    this.ended = false;
    this.refuted = new Set();
    this.splits = new Map();
  }

  say(event, text) {
    this.problems.push(event ? `step ${event.step} (${event.kind}): ${text}` : `at the end: ${text}`);
  }

  padded(prefix) {
    return Array.from({ length: this.n }, (_, r) => (r < prefix.length ? prefix[r] : -1));
  }

  check(event, index) {
    if (this.ended) this.say(event, "comes after the solution");
    if (event.step !== index + 1) this.say(event, `step is ${event.step}, expected ${index + 1}`);
    const line = KIND_LINES.first[event.kind];
    if (line === undefined) return this.say(event, `unknown kind ${event.kind}`);
    if (event.line !== line) this.say(event, `line ${event.line}, expected ${line}`);
    this.checkCounters(event);
    if (event.kind !== "solution" && event.kind !== "refuted" && event.number !== 0) this.say(event, `number ${event.number}, expected 0`);
    if (!Array.isArray(event.board) || event.board.length !== this.n) return this.say(event, "board is not n columns");
    if (event.kind !== "reject" && event.kind !== "split" &&
        (event.byRow !== -1 || event.byCol !== -1 || event.along !== "")) {
      this.say(event, "names another queen or a line");
    }
    this[`on${event.kind[0].toUpperCase()}${event.kind.slice(1)}`](event);
  }

  // placements +1 at a probe, checks +1 at a reject or a probe, nodes only at a refuted piece.
  checkCounters(event) {
    const moved = (counter) => event[counter] - this.last[counter];
    const placements = event.kind === "probe" ? 1 : 0;
    const checks = event.kind === "probe" || event.kind === "reject" ? 1 : 0;
    if (moved("placements") !== placements) {
      this.say(event, `placements moved by ${moved("placements")}, expected ${placements}`);
    }
    if (moved("checks") !== checks) this.say(event, `checks moved by ${moved("checks")}, expected ${checks}`);
    this.previousNodes = this.last.nodes;
    if (event.kind === "refuted" ? moved("nodes") < 0 : moved("nodes") !== 0) {
      this.say(event, `nodes moved by ${moved("nodes")}, expected ${event.kind === "refuted" ? ">= 0" : 0}`);
    }
    this.last = event;
  }

  // The names the table gives, and the values the checker knows (undefined: not checked).
  varsAre(event, expected) {
    const names = (event.vars ?? []).map(([name]) => name);
    const wanted = expected.map(([name]) => name);
    if (!sameArray(names, wanted)) {
      return this.say(event, `vars are named ${formatArray(names)}, expected ${formatArray(wanted)}`);
    }
    for (const [name, value] of expected) {
      const got = event.vars.find(([v]) => v === name)[1];
      if (value !== undefined && got !== formatValue(value)) {
        this.say(event, `var ${name} = ${got}, expected ${formatValue(value)}`);
      }
    }
  }

  boardIsTheSettledRows(event) {
    if (!sameArray(event.board, this.padded(this.rows))) {
      this.say(event, `board ${formatArray(event.board)} is not the settled rows`);
    }
  }

  // A reject or a probe: the next column of the row being settled, left of known's.
  nextSquareOfTheRow(event) {
    this.closeProbe(event);
    const row = this.rows.length;
    if (event.row !== row) this.say(event, `row ${event.row}, expected the row being settled, ${row}`);
    if (event.col !== this.nextCol) {
      this.say(event, `column ${event.col}, expected the next one not yet told, ${this.nextCol}`);
    }
    const right = this.known ? this.known[row] : this.n;
    if (event.col >= right) this.say(event, `column ${event.col} is not left of ${right}`);
    this.nextCol = event.col + 1;
    this.varsAre(event, [["row", event.row], ["c", event.col], ["rows", this.rows]]);
  }

  onReject(event) {
    this.nextSquareOfTheRow(event);
    const { rows } = this;
    this.boardIsTheSettledRows(event);
    const r = event.byRow;
    if (!(r >= 0 && r < rows.length && rows[r] === event.byCol)) {
      return this.say(event, `by row ${r} column ${event.byCol} is not a settled queen`);
    }
    const along = lineBetween(r, rows[r], event.row, event.col);
    if (!attacking(along)) return this.say(event, "the queen named does not attack it");
    if (event.along !== along) this.say(event, `along ${event.along}, expected ${along}`);
    const above = rows.findIndex((c, k) => k < r && attacking(lineBetween(k, c, event.row, event.col)));
    if (above >= 0) this.say(event, `row ${above} attacks it too and is above row ${r}`);
  }

  onProbe(event) {
    this.nextSquareOfTheRow(event);
    if (squareAttacked(this.padded(this.rows), event.row, event.col)) this.say(event, "probes an attacked square");
    if (!sameArray(event.board, this.padded([...this.rows, event.col]))) {
      this.say(event, `board ${formatArray(event.board)} is not the rows and the probe`);
    }
    this.probe = { row: event.row, col: event.col, completed: false };
  }

  // A refuted, split or completed event belongs to the open probe, and its board extends it.
  inProbe(event) {
    const { probe } = this;
    if (!probe || probe.completed) this.say(event, "outside a probe");
    else if (event.row !== probe.row || event.col !== probe.col) {
      this.say(event, `names row ${event.row} column ${event.col}, the probe is row ${probe.row} column ${probe.col}`);
    }
    const extendsIt = this.rows.every((c, r) => event.board[r] === c) && event.board[this.rows.length] === event.col;
    if (!extendsIt) this.say(event, `${formatArray(event.board)} does not extend the rows and the probe`);
  }

  onRefuted(event) {
    this.inProbe(event);
    const found = completion(event.board);
    if (found) this.say(event, `the piece ${formatArray(event.board)} has a completion: ${formatArray(found)}`);
    this.refuted.add(keyOf(event.board));
    const nodes = event.nodes - this.previousNodes;
    if (event.number !== nodes) this.say(event, `number ${event.number}, expected the piece's ${nodes} nodes`);
    this.varsAre(event, [["row", event.row], ["c", event.col], ["rows", this.rows]]);
  }

  // Cut along an open row or column; each dead square free and without completion.
  onSplit(event) {
    this.inProbe(event);
    const { board } = event;
    const alongRow = event.along === "row";
    if (!alongRow && event.along !== "column") this.say(event, `along ${event.along}, expected row or column`);
    const line = alongRow ? event.byRow : event.byCol;
    if (!(line >= 0 && line < this.n) || (alongRow ? event.byCol : event.byRow) !== -1) {
      return this.say(event, `the line cut along is by_row ${event.byRow}, by_col ${event.byCol}`);
    }
    if (alongRow ? board[line] !== -1 : board.includes(line)) this.say(event, `the ${event.along} ${line} is not open`);
    const deadVar = (event.vars ?? []).find(([name]) => name === "dead");
    const dead = deadVar ? parseArray(deadVar[1]) : null;
    if (!dead) this.say(event, `dead is ${deadVar ? deadVar[1] : "missing"}, not an array`);
    for (const x of dead ?? []) {
      const [r, c] = alongRow ? [line, x] : [x, line];
      const piece = board.slice();
      piece[r] = c;
      if (!(x >= 0 && x < this.n) || squareAttacked(board, r, c) || completion(piece)) {
        this.say(event, `the dead square row ${r} column ${c} is not a free square without completion`);
      }
    }
    this.splits.set(keyOf(board), { alongRow, line, dead: dead ?? [] });
    this.varsAre(event, [["row", event.row], ["c", event.col], ["rows", this.rows], ["dead", undefined]]);
  }

  onCompleted(event) {
    this.inProbe(event);
    if (event.board.includes(-1) || queensClash(event.board)) {
      this.say(event, `${formatArray(event.board)} is not a solution`);
    }
    if (this.probe) this.probe.completed = true;
    this.known = event.board.slice();
    this.completedCol = event.col;
    this.varsAre(event, [["row", event.row], ["c", event.col], ["found", event.board]]);
  }

  // The column of this row's completion, right after it; else known's, every column left of it told.
  onSettled(event) {
    const justCompleted = this.probe?.completed ?? false;
    this.closeProbe(event);
    const row = this.rows.length;
    if (event.row !== row) this.say(event, `row ${event.row}, expected ${row}`);
    const taken = this.completedCol >= 0 ? this.completedCol : this.known ? this.known[row] : this.n;
    if (event.col !== taken) this.say(event, `column ${event.col}, expected ${taken}`);
    if (this.completedCol >= 0 && !justCompleted) this.say(event, "does not come right after its row's completion");
    if (this.nextCol !== (this.completedCol >= 0 ? this.completedCol + 1 : event.col)) {
      this.say(event, `the columns left of ${event.col} were told up to ${this.nextCol - 1} only`);
    }
    this.rows.push(event.col);
    this.boardIsTheSettledRows(event);
    this.varsAre(event, [["row", event.row], ["col", event.col], ["rows", this.rows], ["known", this.known]]);
    this.nextCol = 0;
    this.completedCol = -1;
  }

  onSolution(event) {
    this.closeProbe(event);
    if (this.rows.length !== this.n) this.say(event, `only ${this.rows.length} rows are settled`);
    this.boardIsTheSettledRows(event);
    if (event.number !== 1) this.say(event, `number ${event.number}, expected 1`);
    this.varsAre(event, [["rows", this.rows]]);
    this.ended = true;
  }

  // A piece is covered when it was refuted, or split along a line whose every square is attacked
  // by the piece, dead, or a covered piece itself.
  covered(board, depth = 0) {
    if (this.refuted.has(keyOf(board))) return true;
    const split = this.splits.get(keyOf(board));
    if (!split || depth > this.n) return false;
    for (let x = 0; x < this.n; x++) {
      const [r, c] = split.alongRow ? [split.line, x] : [x, split.line];
      if (squareAttacked(board, r, c) || split.dead.includes(x)) continue;
      const piece = board.slice();
      piece[r] = c;
      if (!this.covered(piece, depth + 1)) return false;
    }
    return true;
  }

  // A probe ends at the next event outside it: completed, or covered by what refuted it.
  closeProbe(event) {
    const { probe } = this;
    if (probe && !probe.completed && !this.covered(this.padded([...this.rows, probe.col]))) {
      const where = `row ${probe.row} column ${probe.col}`;
      this.say(event, `the probe ${where} ended neither completed nor covered by refuted pieces`);
    }
    this.probe = null;
  }

  finish() {
    this.closeProbe(null);
    const expected = lexicographicallyFirstSolution(this.n);
    if (expected) {
      if (!this.ended) this.say(null, "the trace ends without its solution");
      if (!sameArray(this.rows, expected)) {
        const first = formatArray(expected);
        this.say(null, `settled ${formatArray(this.rows)}, expected the lexicographically first ${first}`);
      }
    } else {
      if (this.ended || this.rows.length > 0) this.say(null, `n = ${this.n} has no solution, yet rows were settled`);
      if (this.nextCol !== this.n) this.say(null, `the columns of row 0 were told up to ${this.nextCol - 1} only`);
    }
    return this.problems;
  }
}

// Checks a trace of `first` (events in the reference's shape, 0-based) against docs/trace.md:
// lines, counters, every reject attacked by the topmost queen named, every probe free and in
// column order, every refuted piece and dead square truly without completion, every probe that
// does not complete covered by its refutations and splits, every completion a solution that
// extends the probe, and the settled rows the lexicographically first solution. Returns the
// problems found, one sentence each; none when the trace is right.
export function checkFirstTrace(n, events) {
  const checker = new FirstTraceChecker(n);
  events.forEach((event, index) => checker.check(event, index));
  return checker.finish();
}
