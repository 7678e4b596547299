// SPDX-License-Identifier: MIT
// Boards: a grid of cells under an SVG overlay in board coordinates, the squares the queens
// attack, and the marks the tabs draw on them (queens, rings, crosses, lines); small static
// boards for the gallery.
import { source as DEFS } from "./defs.svg?source";
import { SVG_NS, square } from "./util.js";

// A board is a grid of n x n cells (buttons where squares can be clicked) under an SVG overlay
// in board coordinates (one unit a square) for queens, marks and lines, so all of it scales.
export function makeBoard(container, n, clickable) {
  container.style.setProperty("--n", n);
  const cells = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = document.createElement(clickable ? "button" : "div");
      cell.className = (r + c) % 2 ? "cell dark" : "cell";
      cell.dataset.row = r;
      cell.dataset.col = c;
      if (clickable) {
        cell.type = "button";
        cell.tabIndex = r === 0 && c === 0 ? 0 : -1;
      }
      cells.push(cell);
    }
  }
  const overlay = document.createElementNS(SVG_NS, "svg");
  overlay.setAttribute("class", "overlay");
  overlay.setAttribute("viewBox", `0 0 ${n} ${n}`);
  overlay.setAttribute("aria-hidden", "true");
  container.replaceChildren(...cells, overlay);
  requestAnimationFrame(reachScrollingBoards);
  return { n, cells, overlay, container, clickable, edges: edgeNumbers(n) };
}

// The edges are numbered as the sentences and the paste box count: rows 1..n down the left,
// columns 1..n along the bottom, in the squares' corners (numbers, not a chess board's a..h and
// 1..8, whose ranks count up from the bottom and stop at 8). Drawn in the overlay, which
// screen readers skip: each square's own label already names its row and column.
function edgeNumbers(n) {
  let out = "";
  for (let i = 0; i < n; i++) {
    out += `<text class="coord" x="0.05" y="${i + 0.22}">${i + 1}</text>`;
    out += `<text class="coord" x="${i + 0.95}" y="${n - 0.05}" text-anchor="end">${i + 1}</text>`;
  }
  return out;
}

// A board too large for its column scrolls in its .board-wrap; a frame that scrolls must be
// reachable from the keyboard (to scroll it with the arrow keys), so it takes the focus then.
function reachScrollingBoards() {
  for (const wrap of document.querySelectorAll(".board-wrap")) {
    const scrolls = wrap.scrollWidth > wrap.clientWidth + 1;
    if (scrolls && !wrap.hasAttribute("tabindex")) {
      wrap.tabIndex = 0;
      wrap.setAttribute("role", "region");
      wrap.setAttribute("aria-label", "The board (it scrolls)");
    } else if (!scrolls && wrap.hasAttribute("tabindex")) {
      wrap.removeAttribute("tabindex");
      wrap.removeAttribute("role");
      wrap.removeAttribute("aria-label");
    }
  }
}
addEventListener("resize", reachScrollingBoards);

// How many of the queens attack each square (along rows, columns and diagonals).
export function attackCounts(n, queens) {
  const count = new Uint8Array(n * n);
  for (const { r, c } of queens) {
    for (const [dr, dc] of [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
      for (let i = r + dr, j = c + dc; i >= 0 && i < n && j >= 0 && j < n; i += dr, j += dc) count[i * n + j]++;
    }
  }
  return count;
}

export const queenSvg = (r, c, cls = "") => `<use href="#queen" class="q ${cls}" x="${c + 0.12}" y="${r + 0.12}" width="0.76" height="0.76"/>`;
export const lineSvg = (r1, c1, r2, c2, cls) =>
  `<line class="${cls}" x1="${c1 + 0.5}" y1="${r1 + 0.5}" x2="${c2 + 0.5}" y2="${r2 + 0.5}" vector-effect="non-scaling-stroke"/>`;
export const ringSvg = (r, c, cls = "") => `<rect class="ring ${cls}" x="${c + 0.06}" y="${r + 0.06}" width="0.88" height="0.88" rx="0.1" vector-effect="non-scaling-stroke"/>`;
export const crossSvg = (r, c) => lineSvg(r - 0.28, c - 0.28, r + 0.28, c + 0.28, "hit") + lineSvg(r - 0.28, c + 0.28, r + 0.28, c - 0.28, "hit");

// Draws queens ({r, c, cls}) with the squares they attack shaded (unless `shade` is false: on a
// solution every square is attacked, and the shading would only hide the pattern), plus extra
// overlay markup: `lines` under the queens, `marks` over them.
export function drawBoard(board, queens, { lines = "", marks = "", shade = true } = {}) {
  const { n, cells } = board;
  const attacked = shade ? attackCounts(n, queens) : new Uint8Array(n * n);
  const occupied = new Set(queens.map(({ r, c }) => r * n + c));
  cells.forEach((cell, i) => {
    const queen = occupied.has(i);
    const level = String(queen ? 0 : Math.min(3, attacked[i]));
    if (cell.dataset.attacked !== level) cell.dataset.attacked = level;
    cell.classList.toggle("has-queen", queen);
    if (board.clickable) {
      const what = queen ? "queen" : attacked[i] ? "attacked" : "free";
      cell.setAttribute("aria-label", `${square(Math.floor(i / n), i % n)}: ${what}`);
      cell.setAttribute("aria-pressed", String(queen));
    }
  });
  board.overlay.innerHTML =
    board.edges + lines + queens.map(({ r, c, cls }) => queenSvg(r, c, cls)).join("") + marks;
}

// A small static board for the gallery and the player's level strip: one checkered rect (the
// shared pattern) and the queens of p's rows (a board of n rows, p.length of them with a queen).
export function miniBoard(p, label, n = p.length) {
  const queens = Array.from(p, (c, r) => `<use href="#queen" class="q" x="${c + 0.1}" y="${r + 0.1}" width="0.8" height="0.8"/>`);
  return `<svg class="mini" viewBox="0 0 ${n} ${n}" role="img" aria-label="${label}"><rect width="${n}" height="${n}" fill="url(#checker)"/>${queens.join("")}</svg>`;
}


// The shapes every board uses (the queen, the checker pattern), put into the page once if it
// does not have them yet: the trace page starts without; the playground's index.html gets the
// same file from the bundle, so that its masthead's queen paints before the script has run.
export function ensureDefs() {
  if (!document.getElementById("queen")) document.body.insertAdjacentHTML("afterbegin", DEFS);
}
