// SPDX-License-Identifier: MIT
// The search tree of the row-by-row methods, folded: one level per row, and on each level only
// the squares tried under the queens now on the board. Which of those were attacked follows from
// the board itself (the rows are filled in order, so a square left of a row's queen was either
// attacked by the queens above or explored and backtracked); how far the newest row has got
// follows from the event. Each state has its own shape, not only its own colour: the path a
// large filled circle, a solution a star, "backtracked" a small grey circle, "solution below" a
// diamond, attacked a cross, untried a small ring.

const SLOT = 22, LEVEL = 20, PAD = 10;

// `solvedBelow(prefix)`: whether a solution seen so far starts with these columns.
export function drawTree(svg, n, e, solvedBelow) {
  const board = e ? e.board : new Array(n).fill(-1);
  const frontier = board.includes(-1) ? board.indexOf(-1) : n;
  const triedAtFrontier = e && e.kind !== "place" && e.kind !== "solution" && e.row === frontier ? e.col : -1;
  const x = c => (c + 0.5) * SLOT;
  const y = level => PAD + level * LEVEL;
  const width = n * SLOT;
  let edges = "", nodes = `<rect class="n-root" x="${width / 2 - 4}" y="${PAD - 4}" width="8" height="8" rx="2"/>`;
  for (let r = 0; r <= Math.min(frontier, n - 1); r++) {
    const px = r === 0 ? width / 2 : x(board[r - 1]);
    const current = r < frontier ? board[r] : -1;
    const triedUpTo = r < frontier ? current - 1 : triedAtFrontier;
    for (let c = 0; c < n; c++) {
      const status = c === current ? (e?.kind === "solution" ? "solution" : "path")
        : c <= triedUpTo ? triedStatus(board, r, c, solvedBelow) : "open";
      if (status !== "open") {
        const on = status === "path" || status === "solution" ? " on" : "";
        edges += `<line class="edge${on}" x1="${px}" y1="${y(r)}" x2="${x(c)}" y2="${y(r + 1)}"/>`;
      }
      nodes += treeNode(status, x(c), y(r + 1));
    }
  }
  svg.setAttribute("viewBox", `0 0 ${width} ${y(n) + PAD}`);
  svg.style.maxWidth = `${width * 1.5}px`;
  svg.innerHTML = edges + nodes;
}

function triedStatus(board, r, c, solvedBelow) {
  for (let q = 0; q < r; q++) {
    if (board[q] === c || Math.abs(board[q] - c) === r - q) return "rejected";
  }
  return solvedBelow([...board.slice(0, r), c]) ? "solved" : "done";
}

const star = (cx, cy, r) => {
  let d = "";
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2, rr = i % 2 ? r * 0.45 : r;
    d += `${i ? "L" : "M"}${(cx + rr * Math.cos(a)).toFixed(2)} ${(cy + rr * Math.sin(a)).toFixed(2)}`;
  }
  return d + "Z";
};

export function treeNode(status, cx, cy) {
  switch (status) {
    case "rejected": {
      const d = 3.2;
      return `<path class="n-rejected" d="M${cx - d} ${cy - d}L${cx + d} ${cy + d}M${cx - d} ${cy + d}L${cx + d} ${cy - d}"/>`;
    }
    case "solution": return `<path class="n-solution" d="${star(cx, cy, 7)}"/>`;
    case "solved": return `<path class="n-solved" d="M${cx} ${cy - 5}L${cx + 5} ${cy}L${cx} ${cy + 5}L${cx - 5} ${cy}Z"/>`;
    case "done": return `<circle class="n-done" cx="${cx}" cy="${cy}" r="3.6"/>`;
    case "path": return `<circle class="n-path" cx="${cx}" cy="${cy}" r="5.5"/>`;
    default: return `<circle class="n-open" cx="${cx}" cy="${cy}" r="1.8"/>`;
  }
}

// The legend's icons, drawn by the same function as the tree's nodes.
export function legendIcon(status) {
  return `<svg class="legend-icon" viewBox="0 0 16 16" aria-hidden="true">${treeNode(status, 8, 8)}</svg>`;
}
