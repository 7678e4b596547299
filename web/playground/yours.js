// SPDX-License-Identifier: MIT
// The Your board tab: queens placed by hand (mouse or keyboard), their conflicts, whether the
// board can still be completed, and a completion on request; a placement pasted as text (read by
// the library's nq.parse: perm, LeetCode's strings or a FEN-like board), checked by nq.verify
// with its first attacking pair drawn. The queens are kept in the address (share.js).
import { $, square, plural, fillSelect, guarded, showError } from "./util.js";
import { makeBoard, drawBoard, lineSvg, ringSvg } from "./board.js";
import { share, copyLinkButton } from "./share.js";

const N_FROM = 4, N_TO = 20;  // the sizes this board offers
const yours = { n: 8, queens: [], added: new Set(), completion: null, board: null, verdict: null };
const key = (r, c) => `${r},${c}`;

function startYours(queens = []) {
  yours.n = Number($("yours-n").value);
  yours.queens = queens;
  yours.added.clear();
  yours.verdict = null;
  yours.board = makeBoard($("yours-board"), yours.n, true);
  renderYours();
}

function toggleQueen(r, c) {
  const i = yours.queens.findIndex(([qr, qc]) => qr === r && qc === c);
  if (i >= 0) yours.queens.splice(i, 1);
  else yours.queens.push([r, c]);
  yours.added.delete(key(r, c));
  yours.verdict = null;  // the pasted placement's verdict no longer describes the board
  renderYours();
}

// ---- a pasted placement

// The library reads the text (its message names what is wrong), and checks the placement; the
// board then shows it, with nq.verify's first attacking pair marked.
function showPasted() {
  $("paste-error").hidden = true;
  const text = $("paste-text").value;
  let columns;
  try {
    columns = nq.parse(text);
  } catch (error) {
    showError("paste-error", error);
    return;
  }
  const n = columns.length;
  if (n < N_FROM || n > N_TO) {
    showError("paste-error", `That is a placement of ${n} queens; this board takes ${N_FROM} to ${N_TO} (Big boards checks any size).`);
    return;
  }
  $("yours-n").value = String(n);
  startYours(Array.from(columns, (c, r) => [r, c]));
  yours.verdict = { attack: nq.verify(columns) };
  renderYours();
}

// Whether this board takes n queens, and a solution put on it (the Gallery's Open button).
export const yoursTakes = n => n >= N_FROM && n <= N_TO;
export function openOnYourBoard(columns) {
  $("yours-n").value = String(columns.length);
  startYours(Array.from(columns, (c, r) => [r, c]));
}

// The queens as the address keeps them: row.column pairs, 1-based.
const queensText = queens => queens.map(([r, c]) => `${r + 1}.${c + 1}`).join(",");
function queensFromText(text, n) {
  const queens = [];
  for (const pair of (text ?? "").split(",")) {
    const m = /^(\d+)\.(\d+)$/.exec(pair.trim());
    if (!m) continue;
    const r = Number(m[1]) - 1, c = Number(m[2]) - 1;
    if (r < n && c < n && r >= 0 && c >= 0 && !queens.some(([qr, qc]) => qr === r && qc === c)) queens.push([r, c]);
  }
  return queens;
}

// Every attacking pair, computed here: nq.verify wants one queen in every row, and a board
// being built has rows without a queen (and may have rows with two).
function conflicts(queens) {
  const pairs = [];
  queens.forEach(([r1, c1], i) => {
    for (const [r2, c2] of queens.slice(i + 1)) {
      const line = r1 === r2 ? "row" : c1 === c2 ? "column"
        : r1 - c1 === r2 - c2 ? "diagonal" : r1 + c1 === r2 + c2 ? "anti-diagonal" : null;
      if (line) pairs.push({ a: [r1, c1], b: [r2, c2], line });
    }
  });
  return pairs;
}

function renderYours() {
  const { n, queens } = yours;
  const pairs = conflicts(queens);
  const hit = new Set(pairs.flatMap(({ a, b }) => [key(...a), key(...b)]));
  const cls = (r, c) => (hit.has(key(r, c)) ? "conflict" : yours.added.has(key(r, c)) ? "added" : "");
  const first = yours.verdict?.attack;
  drawBoard(yours.board, queens.map(([r, c]) => ({ r, c, cls: cls(r, c) })), {
    lines: pairs.map(({ a, b }) => lineSvg(...a, ...b, "conflict-line")).join("") +
      (first ? lineSvg(first.rowA, first.colA, first.rowB, first.colB, "first-pair") : ""),
    // Conflicting queens are ringed (a shape, not only red); nq.verify's first pair more boldly.
    marks: queens.filter(([r, c]) => hit.has(key(r, c))).map(([r, c]) => ringSvg(r, c, "conflict-ring")).join("") +
      (first ? ringSvg(first.rowA, first.colA, "first-pair") + ringSvg(first.rowB, first.colB, "first-pair") : ""),
  });
  share({ size: n, queens: queensText(queens) });
  yours.completion = pairs.length || queens.length === n ? null : nq.complete({ n, queens }).solution;
  $("yours-conflicts").innerHTML = pairs
    .map(({ a, b, line }) => `<li>The queens on ${square(...a)} and ${square(...b)} share ${/^[aeiou]/.test(line) ? "an" : "a"} ${line}.</li>`).join("");
  const [text, tone] = yours.verdict ? pastedVerdict(yours.verdict.attack) : yoursVerdict(pairs.length);
  const status = $("yours-status");
  status.textContent = text;
  status.className = `status ${tone}`;
  status.dataset.state = tone === "good" ? (queens.length === n ? "solved" : "completable") : tone === "bad" ? "stuck" : "empty";
  $("yours-complete").disabled = !yours.completion;
}

function yoursVerdict(conflictCount) {
  const { n, queens } = yours;
  const k = queens.length;
  if (conflictCount) return [`${plural(conflictCount, "attacking pair")}: this board cannot be completed. Take a queen away.`, "bad"];
  if (k === 0) return [`An empty ${n}×${n} board. Click a square to place a queen.`, ""];
  if (k === n) return [n === 1 ? "Solved: a queen alone attacks nothing." : `Solved: ${n} queens and no two attack each other.`, "good"];
  if (yours.completion) return [`${plural(k, "queen")}, no conflicts, and the board can still be completed with ${n - k} more.`, "good"];
  return [`${plural(k, "queen")} and no conflicts, but no solution of the ${n}×${n} board contains them all: it cannot be completed.`, "bad"];
}

function pastedVerdict(attack) {
  if (attack) return [`Not a solution: the ${attack.message} (the first attacking pair, marked on the board).`, "bad"];
  return [yours.n === 1 ? "A solution: a queen alone attacks nothing." : `A solution: no two of the ${yours.n} queens attack each other.`, "good"];
}

function showCompletion() {
  const { queens, completion } = yours;
  if (!completion) return;
  const taken = new Set(queens.map(([r]) => r));
  completion.forEach((c, r) => {
    if (taken.has(r)) return;
    queens.push([r, c]);
    yours.added.add(key(r, c));
  });
  renderYours();
}

// Arrow keys move between squares, so the board can be played from the keyboard.
function moveFocus(event) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  const cell = event.target.closest(".cell");
  if (!moves[event.key] || !cell) return;
  event.preventDefault();
  const { n, cells } = yours.board;
  const r = Math.min(n - 1, Math.max(0, Number(cell.dataset.row) + moves[event.key][0]));
  const c = Math.min(n - 1, Math.max(0, Number(cell.dataset.col) + moves[event.key][1]));
  cell.tabIndex = -1;
  cells[r * n + c].tabIndex = 0;
  cells[r * n + c].focus();
}

// The address may bring a board: its size and queens.
export function setUpYours(params) {
  const size = Number(params.get("size"));
  if (Number.isInteger(size) && size >= N_FROM && size <= N_TO) yours.n = size;
  fillSelect($("yours-n"), N_FROM, N_TO, yours.n);
  $("yours-n").addEventListener("change", guarded("yours-error", () => startYours()));
  $("yours-clear").addEventListener("click", guarded("yours-error", () => startYours()));
  $("paste-form").addEventListener("submit", event => { event.preventDefault(); showPasted(); });
  copyLinkButton($("yours-link"));
  $("yours-complete").addEventListener("click", guarded("yours-error", showCompletion));
  const board = $("yours-board");
  board.addEventListener("click", guarded("yours-error", event => {
    const cell = event.target.closest(".cell");
    if (cell) toggleQueen(Number(cell.dataset.row), Number(cell.dataset.col));
  }));
  board.addEventListener("keydown", moveFocus);
  guarded("yours-error", () => startYours(queensFromText(params.get("queens"), yours.n)))();
}

