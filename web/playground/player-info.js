// SPDX-License-Identifier: MIT
// What the player says beside the board about a method: one line on how it works, what its three
// counters count (one definition each, as docs/trace.md defines them, so that "placements" means
// one thing and says which), and how long its whole trace is, when that is beyond what a page
// can walk (blind n = 8 has 3.4 × 10^7 events, by the library's estimate): said, not hung on.

export const ABOUT = {
  recursive: "Backtracking as a recursive function place(row): try each column, go a row deeper on a safe square, take the queen back on return.",
  iterative: "The same backtracking with a row index instead of recursion: advance on a safe square, back up when a row runs out of columns.",
  nested: "One for loop per row, each inside the one before, as tutorials write them for a fixed n: a row's loop moves on as soon as its queen is attacked, and the innermost one reports a solution.",
  bitmask: "The bit-parallel backtracker: a row's free squares are one machine word, so attacked squares are never even tried (no rejects).",
  blind: "Tries all n^n ways to put one queen in each row, like an odometer, and tests each complete board only once it is full.",
  "board-scan": "Recursive backtracking on an n×n array of cells: a square is checked by walking up its column and diagonals on the board until a queen or the edge.",
  permutations: "Walks through all n! permutations (one queen per row and per column) in lexicographic order and keeps those with no shared diagonal.",
  amb: "Nondeterministic choice: choose a column for each row with amb, require it to be safe; on a failure amb runs the program again, replaying its trail of choices up to the latest one with options left.",
  functional: "Builds the list of safe k-queen boards from the (k−1)-queen boards with map and filter, a whole level at a time.",
  random: "Local search (QS4-style): a random permutation built with few diagonal conflicts, then repaired by swapping two queens' columns: a swap is kept if it makes fewer attacking pairs (on boards of up to 128 queens, also if it makes as many), and undone otherwise; a fresh start when a round of swaps brings no progress.",
  first: "The lexicographically first solution, by probing: each row takes the leftmost column from which the board can still be completed, which a separate search proves (completed) or refutes.",
};

// One definition each, then what it is for the method (docs/trace.md, "Conventions").
export const COUNTERS = {
  placements: ["Placements", "a queen put on a square to be tested"],
  checks: ["Checks", "one elementary test of safety"],
  nodes: ["Nodes", "the states the search stands on"],
};
const ROW_BY_ROW = {
  placements: "each square about to be tested",
  checks: "each queen above compared with the square",
  nodes: "each partial board tried",
};
export const COUNTED = {
  recursive: ROW_BY_ROW, iterative: ROW_BY_ROW, nested: ROW_BY_ROW,
  "board-scan": { placements: "each square tried", checks: "each cell of the board read while scanning", nodes: "each partial board tried" },
  bitmask: { placements: "each square taken from the free set", checks: "each mask operation (one a row)", nodes: "each partial board" },
  blind: { placements: "each whole board of n queens tested (once)", checks: "each pair of queens compared", nodes: "each whole candidate board" },
  permutations: { placements: "each whole permutation tested (once)", checks: "each pair of queens compared on its diagonals", nodes: "each whole candidate permutation" },
  amb: { placements: "each choice amb answers (replays included)", checks: "each queen above compared by safe", nodes: "each run of the program" },
  functional: { placements: "each board extended by a column (n a board)", checks: "each queen above compared by safe", nodes: "each board made" },
  random: { placements: "each column drawn while building, and each swap tried", checks: "each diagonal test of a drawn column, and each comparison of the attacking pairs after a swap", nodes: "each start, and each swap tried" },
  first: { placements: "each probe", checks: "each column tested against the rows above (by mask)", nodes: "the nodes of the probes' searches (refuted pieces)" },
};

// ---- how long a whole trace is (the library's estimate, nq.estimatedEvents, comes with the source)

// The most events the page walks to reach the end of a trace (in the worker, with Cancel).
export const END_LIMIT = 2e6;

const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";
export function scientific(x) {
  if (x < 1e6) return Math.round(x).toLocaleString("en-US");
  const e = Math.floor(Math.log10(x));
  const m = (x / 10 ** e).toFixed(1);
  return `${m} × 10${String(e).split("").map(d => SUPERSCRIPT[d]).join("")}`;
}

// The line the page shows about the size of the trace, or "" when there is nothing to say.
// `events`: about how many events the whole trace has (null or 0: not known, or few).
export function limitNote(method, n, first, events) {
  if (first || !events || events <= END_LIMIT) return "";
  const exact = method === "blind" ? `2·${n}^${n} = ${scientific(events)}` : `about ${scientific(events)}`;
  const why = method === "blind" ? " That is blind enumeration's lesson: the n^n boards it tries grow far faster than the solutions." : "";
  return `The whole search of ${method} at n = ${n} has ${exact} steps, more than the ${scientific(END_LIMIT)} this page walks through: step, play and go to the next solution at will, but its end is out of this page's reach; a smaller n shows the whole search.${why}`;
}
