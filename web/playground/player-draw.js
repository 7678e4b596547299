// SPDX-License-Identifier: MIT
// What the player draws for each kind of event (docs/trace.md), and the sentence it says: the
// queens of the event's board, plus marks that fit the kind: a rejected square with a cross and
// a dashed line to the queen that attacks it; the cells a board scan walked; a conflicting pair;
// the two queens a swap exchanged; the rows a reversal turned; Amb's trail of choices still to
// replay, outlined, its attacking pairs joined; the functional method's candidate row, and its
// levels as a strip of small boards; the local search's moves and undos; the
// probing search's probes, refutations and splits. Every mark has a shape as well as a colour.
// The sentences are sentences.js's.
import { queenSvg, lineSvg, ringSvg, crossSvg } from "./board.js";
import { STRIP_MAX } from "./sentences.js";

const dot = (r, c, cls) => `<circle class="${cls}" cx="${c + 0.5}" cy="${r + 0.5}" r="0.12"/>`;
const band = (r0, r1, n, cls) => `<rect class="${cls}" x="0.03" y="${r0 + 0.03}" width="${n - 0.06}" height="${r1 - r0 + 0.94}" rx="0.12" vector-effect="non-scaling-stroke"/>`;
const columnBand = (c, n, cls) => `<rect class="${cls}" x="${c + 0.03}" y="0.03" width="0.94" height="${n - 0.06}" rx="0.12" vector-effect="non-scaling-stroke"/>`;

// The directions of docs/trace.md's `along`, as the board-scan walks them: up, up-left, up-right.
const WALK = { column: 0, diagonal: -1, "anti-diagonal": 1 };

// The cells from the square (exclusive) up along `along` to the edge, or to (toRow, toCol).
function walked(row, col, along, n, toRow = -1) {
  const dc = WALK[along] ?? 0, cells = [];
  for (let r = row - 1, k = col + dc; r >= 0 && k >= 0 && k < n; r--, k += dc) {
    cells.push([r, k]);
    if (r === toRow) break;
  }
  return cells;
}

// Pairs of queens that attack each other, on a shared diagonal or column (the local search's
// conflicts, where a permutation has no shared column; Amb's trail, which may have both).
function attackingPairs(board) {
  const pairs = [];
  for (let a = 0; a < board.length; a++) {
    for (let b = a + 1; b < board.length; b++) {
      if (board[a] >= 0 && board[b] >= 0 && (board[a] === board[b] || Math.abs(board[a] - board[b]) === b - a)) pairs.push([a, b]);
    }
  }
  return pairs;
}

// The first `max` boards of the functional method's level k: the safe boards of k queens, in
// the order flatMap makes them (lexicographic), found here by a small search; the level
// event itself carries only their number.
export function levelBoards(n, k, max = STRIP_MAX) {
  const boards = [], cols = [];
  const safe = c => cols.every((q, r) => q !== c && Math.abs(q - c) !== cols.length - r);
  (function grow() {
    if (cols.length === k) { boards.push(cols.slice()); return; }
    for (let c = 0; c < n && boards.length < max; c++) {
      if (!safe(c)) continue;
      cols.push(c);
      grow();
      cols.pop();
    }
  })();
  return boards;
}

// The trail's choices parsed from Amb's `trail` variable ("[0, 2, 1]").
function trailOf(e) {
  const text = e.vars.find(([name]) => name === "trail")?.[1];
  if (!text) return [];
  return text.replace(/[[\]\s]/g, "").split(",").filter(Boolean).map(Number);
}

// The board's queens with classes, and the overlay markup, for one event (null: the start).
export function drawing(e, n) {
  if (!e) return { queens: [], lines: "", marks: "", shade: true };
  const queens = [];
  e.board.forEach((c, r) => { if (c >= 0) queens.push({ r, c, cls: "" }); });
  const mark = (r, c, cls) => { const q = queens.find(q => q.r === r && q.c === c); if (q) q.cls = cls; };
  const out = { queens, lines: "", marks: "", shade: true, bands: "" };
  const attack = () => {
    mark(e.byRow, e.byCol, "attacker");
    out.marks += ringSvg(e.byRow, e.byCol, "conflict-ring");
    out.lines += lineSvg(e.byRow, e.byCol, e.row, e.col, "attack-line");
    out.marks += crossSvg(e.row, e.col);
  };
  switch (e.kind) {
    case "place": case "keep": case "pick": case "settled":
      out.marks += ringSvg(e.row, e.col, e.kind);
      break;
    case "run": case "backtrack":  // the trail: choices to replay, not queens standing
      queens.length = 0;
      out.marks += tentative(trailOf(e), e.kind === "backtrack" ? e.row : -1);
      out.shade = false;
      break;
    case "level":
      out.strip = { k: Number(e.vars.find(([name]) => name === "k")?.[1] ?? 0), count: e.number };
      out.shade = false;
      break;
    case "choose": case "replay":
      out.marks += ringSvg(e.row, e.col, e.kind);
      out.marks += trailAhead(e, n);
      break;
    case "probe":
      out.marks += ringSvg(e.row, e.col, "probe");
      break;
    case "reject": case "fail": case "drop":
      if (e.byRow >= 0) {
        attack();
        if (e.line && e.vars.some(([name]) => name === "dc")) {  // board-scan: the cells walked to it
          for (const [r, k] of walked(e.row, e.col, e.along, n, e.byRow).slice(0, -1)) out.marks += dot(r, k, "walked");
        }
      } else {
        out.marks += crossSvg(e.row, e.col);
      }
      if (e.kind === "fail") out.marks += trailAhead(e, n);
      break;
    case "scan":
      out.marks += ringSvg(e.row, e.col, "place");
      for (const [r, k] of walked(e.row, e.col, e.along, n)) out.marks += dot(r, k, "walked");
      break;
    case "remove":
      out.marks += queenSvg(e.row, e.col, "ghost");
      break;
    case "free":
      out.marks += freeSquares(e, n);
      break;
    case "conflict":
      mark(e.row, e.col, "conflict");
      mark(e.byRow, e.byCol, "conflict");
      out.marks += ringSvg(e.row, e.col, "conflict-ring") + ringSvg(e.byRow, e.byCol, "conflict-ring");
      out.lines += lineSvg(e.byRow, e.byCol, e.row, e.col, "conflict-line");
      out.shade = false;
      break;
    case "candidate":
      out.shade = false;
      break;
    case "swap": case "move": case "undo":
      mark(e.row, e.col, "swapped");
      mark(e.byRow, e.byCol, "swapped");
      out.lines += lineSvg(e.row, e.col, e.byRow, e.byCol, e.kind === "undo" ? "swap-line undo" : "swap-line");
      out.shade = false;
      if (e.kind !== "swap") out.lines += conflictsOf(e.board);
      break;
    case "reverse":
      out.bands += band(e.row, n - 1, n, "reversed");
      out.shade = false;
      break;
    case "extend":
      out.bands += band(e.row, e.row, n, "candidates");
      break;
    case "refuted":
      for (const q of queens) q.cls = "refuted";
      out.marks += crossSvg(e.row, e.col);
      out.shade = false;
      break;
    case "split":
      out.bands += e.along === "row" ? band(e.byRow, e.byRow, n, "split") : columnBand(e.byCol, n, "split");
      out.shade = false;
      break;
    case "completed": case "solution":
      for (const q of queens) q.cls = "solution";
      out.shade = false;
      break;
    default:
      break;
  }
  return out;
}

// The squares of the row that no queen above attacks (what bitmask's `free` holds).
function freeSquares(e, n) {
  let marks = "";
  for (let c = 0; c < n; c++) {
    const attacked = e.board.some((q, r) => r < e.row && q >= 0 && (q === c || Math.abs(q - c) === e.row - r));
    if (!attacked) marks += dot(e.row, c, "free-square");
  }
  return marks;
}

// Amb replays its trail: the choices below the current row, still to be replayed this run.
function trailAhead(e, n) {
  let marks = "";
  trailOf(e).forEach((c, r) => { if (r > e.row && r < n && e.board[r] < 0) marks += dot(r, c, "trail"); });
  return marks;
}

function conflictsOf(board) {
  return attackingPairs(board).map(([a, b]) => lineSvg(a, board[a], b, board[b], "conflict-line faint")).join("");
}

// Amb's trail drawn as what it is: a choice per row, outlined, that the next run replays; the
// pairs of choices that attack each other joined (that run fails there); the choice that just
// moved on ringed.
function tentative(trail, moved) {
  let marks = "";
  for (const [a, b] of attackingPairs(trail)) marks += lineSvg(a, trail[a], b, trail[b], "conflict-line");
  trail.forEach((c, r) => { marks += queenSvg(r, c, "tentative"); });
  if (moved >= 0 && moved < trail.length) marks += ringSvg(moved, trail[moved], "backtrack");
  return marks;
}

// What the marks of one event's drawing mean, in a few words each: the legend under the board
// names only what is drawn at this step.
const RING = "ring: this step's square";
const MARKS = {
  place: [RING], keep: [RING], pick: [RING], settled: [RING], probe: ["ring: the square probed"],
  run: ["outlined queens: the trail's choices, replayed from an empty board", "line: two choices that attack each other"],
  backtrack: ["outlined queens: the trail's choices for the next run", "ring: the choice moved on", "line: two choices that attack each other"],
  level: ["the board is empty between levels; under it, the level's first boards"],
  choose: [RING, "dots: the trail's choices still to replay"],
  replay: [RING, "dots: the trail's choices still to replay"],
  reject: ["cross: the square refused", "line: to the queen that attacks it"],
  fail: ["cross: the square refused", "line: to the queen that attacks it", "dots: the trail's choices still to replay"],
  drop: ["cross: the square dropped", "line: to the queen that attacks it"],
  scan: [RING, "dots: the squares walked, no queen met"],
  remove: ["faded queen: the one taken back"],
  free: ["dots: the squares no queen above attacks"],
  conflict: ["rings and line: two queens that attack each other"],
  swap: ["line: the two queens swapped"],
  move: ["line: the two queens swapped", "thin lines: the pairs still attacking"],
  undo: ["dashed line: the swap tried and undone", "thin lines: the pairs still attacking"],
  reverse: ["band: the rows reversed"],
  extend: ["band: the row every column is tried in"],
  refuted: ["cross: the probe refuted"],
  split: ["band: where the piece is split"],
  completed: ["green queens: a solution"],
  solution: ["green queens: a solution"],
};

export function legend(e, d) {
  if (!e) return "";
  let words = [...(MARKS[e.kind] ?? [])];
  if (e.byRow < 0) words = words.filter(w => !w.startsWith("line: to the queen"));
  if ((e.kind === "run" || e.kind === "backtrack") && !attackingPairs(trailOf(e)).length) words = words.filter(w => !w.startsWith("line:"));
  else if (e.kind === "reject" && e.vars.some(([name]) => name === "dc")) words.push("dots: the squares walked to it");
  if (d.shade && d.queens.length) words.push("hatched: squares the queens attack");
  return words.join(" · ");
}
