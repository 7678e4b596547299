// SPDX-License-Identifier: MIT
// The sentence the player says for each kind of event (docs/trace.md), the one place they are
// written for the page and the trace page: rows and columns 1-based, as everywhere on the page.
// Free of the page's DOM, so that web/tests/sentences.test.mjs renders every kind in Node.
import { square, columns1, plural, fmt } from "./util.js";

const line = along => ({ column: "same column", diagonal: "same diagonal, \\", "anti-diagonal": "same anti-diagonal, /", row: "row" }[along] ?? along);
const by = e => `the queen on ${square(e.byRow, e.byCol)} (${line(e.along)})`;

// The local search's swaps: the attacking pairs before a swap (was) and with it made (tried).
const varOf = (e, name) => Number(e.vars.find(([k]) => k === name)?.[1]);
const pairsNow = e => {
  const was = varOf(e, "was"), tried = varOf(e, "tried");
  return tried === was ? `still ${plural(tried, "attacking pair")}, a sideways move`
    : `${plural(tried, "attacking pair")} instead of ${was}`;
};

// How many of a functional level's boards the player draws under the board (player-draw.js).
export const STRIP_MAX = 8;
const drawnUnder = k => k <= STRIP_MAX ? ", drawn under the board" : `, the first ${STRIP_MAX} drawn under the board`;

const SAY = {
  place: e => `a queen on ${square(e.row, e.col)}.`,
  reject: e => e.byRow >= 0 ? `${square(e.row, e.col)} is attacked by ${by(e)}.` : `${square(e.row, e.col)} is attacked.`,
  remove: e => `backtrack: the queen on ${square(e.row, e.col)} is taken back.`,
  solution: e => `solution ${fmt(e.number)}: ${columns1(e.board)}.`,
  free: e => `row ${e.row + 1}: the squares no queen above attacks, all at once (${e.vars.find(([k]) => k === "free")?.[1] ?? ""}).`,
  scan: e => `the walk ${{ column: "straight up", diagonal: "up and left", "anti-diagonal": "up and right" }[e.along]} from ${square(e.row, e.col)} meets no queen.`,
  candidate: e => `a new candidate board: ${columns1(e.board)}.`,
  conflict: e => `the queens on ${square(e.byRow, e.byCol)} and ${square(e.row, e.col)} attack each other (${line(e.along)}): not a solution.`,
  swap: e => `swap rows ${e.row + 1} and ${e.byRow + 1}: the next permutation starts here.`,
  reverse: e => e.row + 1 >= e.board.length
    ? `only row ${e.board.length} follows the swap: reversing it changes nothing (${columns1(e.board)}).`
    : `reverse rows ${e.row + 1} to ${e.board.length}: ${columns1(e.board)}.`,
  run: e => `run ${fmt(e.number)} of the program, from an empty board, replaying the trail.`,
  replay: e => `amb replays an earlier choice: column ${e.col + 1} for row ${e.row + 1}.`,
  choose: e => `a new choice point: row ${e.row + 1} takes its first option, column ${e.col + 1}.`,
  fail: e => `require fails: ${square(e.row, e.col)} is attacked by ${by(e)}; back to the latest choice.`,
  backtrack: e => `backtrack: choice ${e.row + 1} moves on to option ${e.col + 1}; the next run replays these choices from an empty board.`,
  extend: e => e.row === 0 ? "extend the empty board by each column of row 1." : `extend the board with ${plural(e.row, "queen")} (columns ${columns1(e.board.filter(c => c >= 0))}) by each column of row ${e.row + 1}.`,
  keep: e => `keep ${square(e.row, e.col)}: safe.`,
  drop: e => e.byRow >= 0 ? `drop ${square(e.row, e.col)}: attacked by ${by(e)}.` : `drop ${square(e.row, e.col)}.`,
  level: e => `level ${varOf(e, "k")} done: ${plural(e.number, "safe board")} of ${plural(varOf(e, "k"), "queen")}${e.number ? drawnUnder(e.number) : ""}.`,
  start: e => `start ${fmt(e.number)}: a fresh board.`,
  pick: e => `row ${e.row + 1} draws column ${e.col + 1} (from row ${e.byRow + 1}'s).`,
  move: e => `swap the queens of rows ${e.row + 1} and ${e.byRow + 1}: ${pairsNow(e)}, kept.`,
  undo: e => `swapping the queens of rows ${e.row + 1} and ${e.byRow + 1} would make ${plural(varOf(e, "tried"), "attacking pair")} instead of ${varOf(e, "was")}: undone.`,
  probe: e => `probe ${square(e.row, e.col)}: can a board starting so be completed?`,
  refuted: e => `probe ${square(e.row, e.col)}: refuted after ${plural(e.number, "node")} of search; no solution holds ${e.board.filter(c => c >= 0).length > e.row + 1 ? "this piece's queens" : "these queens"}.`,
  split: e => `the piece is split along ${e.along === "row" ? `row ${e.byRow + 1}` : `column ${e.byCol + 1}`}.`,
  completed: e => `completed: a solution starts with ${square(e.row, e.col)}: ${columns1(e.board)}.`,
  settled: e => `row ${e.row + 1} is settled on column ${e.col + 1}: the solution found has its queen there, and no column left of it starts a solution.`,
};

export function describe(e) {
  if (!e) return "The start. Press Play, or step with the arrow keys.";
  const say = SAY[e.kind] ?? (() => `${e.kind}.`);
  return `Step ${fmt(e.step)}, line ${e.line}: ${say(e)}`;
}
