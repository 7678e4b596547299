// SPDX-License-Identifier: MIT
// The playground's script. The build places it in the module that holds the WebAssembly core and
// its API, after `const nq = {...}` is defined, so it uses `nq` directly; every nq call is
// synchronous. One part per tab: the search player, your board, the gallery, the counts table
// and the big board, on top of a few shared helpers (formatting, errors, boards).

const $ = id => document.getElementById(id);
const SVG_NS = "http://www.w3.org/2000/svg";

// ---------------------------------------------------------------- shared helpers

// Numbers and squares for people: thousands grouped, rows and columns counted from 1.
const fmt = x => x.toLocaleString("en-US");
const square = (r, c) => `row ${r + 1}, column ${c + 1}`;
const columns1 = p => Array.from(p, c => c + 1).join(" ");
const plural = (k, word) => `${fmt(k)} ${word}${k === 1 ? "" : "s"}`;

function fmtSeconds(s) {
  if (s < 1e-3) return `${Math.max(1, Math.round(s * 1e6))} µs`;
  if (s < 1) return `${(s * 1e3).toFixed(s < 0.01 ? 2 : 1)} ms`;
  return `${s.toFixed(2)} s`;
}

// Lets the browser handle input and paint before a long synchronous call.
const nextTask = () => new Promise(resolve => setTimeout(resolve));
const afterPaint = () => new Promise(resolve => requestAnimationFrame(() => setTimeout(resolve)));

function fillSelect(select, from, to, value) {
  for (let n = from; n <= to; n++) select.add(new Option(String(n), String(n), false, n === value));
}

// nq throws Errors carrying the command line's message; an action wrapped here shows that
// message in its panel's error line instead of letting it escape (async actions too).
function showError(errorId, error) {
  const box = $(errorId);
  box.textContent = error instanceof Error ? error.message : String(error);
  box.hidden = false;
}
function guarded(errorId, action) {
  return async (...args) => {
    $(errorId).hidden = true;
    try {
      await action(...args);
    } catch (error) {
      showError(errorId, error);
    }
  };
}

// Labelled numbers in a <dl>; rebuilt only when the set of labels changes, since the search
// updates them every frame.
function showCounters(dl, items) {
  const keys = items.map(([key]) => key).join();
  if (dl.dataset.keys !== keys) {
    dl.dataset.keys = keys;
    dl.innerHTML = items.map(([key, label]) => `<div data-key="${key}"><dt>${label}</dt><dd></dd></div>`).join("");
  }
  items.forEach(([, , value], i) => { dl.children[i].lastChild.textContent = value; });
}

// ---------------------------------------------------------------- boards

// A board is a grid of n x n cells (buttons where squares can be clicked) under an SVG overlay
// in board coordinates (one unit a square) for queens, marks and lines, so all of it scales.
function makeBoard(container, n, clickable) {
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
  return { n, cells, overlay, container, clickable };
}

// How many of the queens attack each square (along rows, columns and diagonals).
function attackCounts(n, queens) {
  const count = new Uint8Array(n * n);
  for (const { r, c } of queens) {
    for (const [dr, dc] of [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [1, -1], [-1, 1], [-1, -1]]) {
      for (let i = r + dr, j = c + dc; i >= 0 && i < n && j >= 0 && j < n; i += dr, j += dc) count[i * n + j]++;
    }
  }
  return count;
}

const queenSvg = (r, c, cls = "") => `<use href="#queen" class="q ${cls}" x="${c + 0.12}" y="${r + 0.12}" width="0.76" height="0.76"/>`;
const lineSvg = (r1, c1, r2, c2, cls) =>
  `<line class="${cls}" x1="${c1 + 0.5}" y1="${r1 + 0.5}" x2="${c2 + 0.5}" y2="${r2 + 0.5}" vector-effect="non-scaling-stroke"/>`;
const ringSvg = (r, c) => `<rect class="ring" x="${c + 0.06}" y="${r + 0.06}" width="0.88" height="0.88" rx="0.1" vector-effect="non-scaling-stroke"/>`;
const crossSvg = (r, c) => lineSvg(r - 0.28, c - 0.28, r + 0.28, c + 0.28, "hit") + lineSvg(r - 0.28, c + 0.28, r + 0.28, c - 0.28, "hit");

// Draws queens ({r, c, cls}) with the squares they attack shaded (unless `shade` is false: on a
// solution every square is attacked, and the shading would only hide the pattern), plus extra
// overlay markup: `lines` under the queens, `marks` over them.
function drawBoard(board, queens, { lines = "", marks = "", shade = true } = {}) {
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
  board.overlay.innerHTML = lines + queens.map(({ r, c, cls }) => queenSvg(r, c, cls)).join("") + marks;
}

// A small static board for the gallery: one checkered rect (the shared pattern) and the queens.
function miniBoard(p, label) {
  const n = p.length;
  const queens = Array.from(p, (c, r) => `<use href="#queen" class="q" x="${c + 0.1}" y="${r + 0.1}" width="0.8" height="0.8"/>`);
  return `<svg class="mini" viewBox="0 0 ${n} ${n}" role="img" aria-label="${label}"><rect width="${n}" height="${n}" fill="url(#checker)"/>${queens.join("")}</svg>`;
}

// ---------------------------------------------------------------- Search

// One line on each method; for those that are run rather than stepped, also why.
const ABOUT = {
  recursive: "Backtracking as a recursive function place(row): try each column, go a row deeper on a safe square, take the queen back on return.",
  iterative: "The same backtracking with a row index instead of recursion: advance on a safe square, back up when a row runs out of columns.",
  nested: "One loop per row, like an odometer, but a partial board is abandoned as soon as its newest queen is attacked.",
  bitmask: "The bit-parallel backtracker: a row's free squares are one machine word, so attacked squares are never even tried (no rejects).",
  blind: "Tries all n^n ways to put one queen in each row, like an odometer, and tests each complete board at the end. Not stepped: every candidate is a full board (16,777,216 of them for n = 8), so there is no search to watch.",
  "board-scan": "Recursive backtracking on an n×n array of cells, checking a square by walking its column and diagonals on the board. Not stepped: it visits the same boards as recursive (step through that one); only the cost of a check differs.",
  permutations: "Walks through all n! permutations (one queen per row and per column) in order and keeps those with no shared diagonal. Not stepped: it only ever looks at complete boards.",
  amb: "Nondeterministic choice: pick a column for each row with amb, require the queen to be safe, and let amb backtrack when a requirement fails. Not stepped: the backtracking happens inside the amb operator, out of the trace's sight.",
  functional: "Builds the list of safe k-queen boards from the (k−1)-queen boards with map, filter and fold, a whole row at a time. Not stepped: there is no single path to follow, and it builds every level even for the first solution.",
  first: "The lexicographically first solution, found by probing: each row takes the leftmost column whose board can still be completed, which a separate search proves or refutes. Not stepped: the probes search in their own order.",
};

// How far each method that is run may go before the page would freeze for seconds (measured
// natively, where each of these takes well under a second; the page is a few times slower):
// every solution counted up to `all`, only the first found up to `first`, nothing beyond.
const RUN_LIMITS = {
  blind: { all: 8, first: 9 },
  permutations: { all: 10, first: 12 },
  functional: { all: 11, first: 11 },  // builds every level even for the first solution
  amb: { all: 9, first: 17 },
  "board-scan": { all: 12, first: 20 },
  first: { all: 0, first: 20 },
};
function runMode(method, n) {
  const limit = RUN_LIMITS[method];
  return n <= limit.all ? "count" : n <= limit.first ? "first" : null;
}

const HISTORY = 20000;  // events kept for stepping back; the oldest half goes when it is full
const search = {
  n: 8,
  method: "recursive",
  events: null,       // the nq.trace iterator; null for a method that is run, not stepped
  history: [],        // events pulled so far (the last HISTORY at most)
  cursor: 0,          // how many of them are applied to the board
  forgotten: 0,       // events dropped from the front of the history
  before: null,       // the last dropped event, which the board at cursor 0 follows
  ahead: null,        // the iterator's next event, pulled early to know the end; null at it
  col: [],            // each row's queen, -1 for none
  counts: null,       // placements, rejects, backtracks, solutions so far
  solvedPrefixes: new Map(),  // "c0,c1,..,ck" -> solutions found below that partial board
  playing: false,
  job: 0,             // bumped to cancel a running play loop or solution hunt
  board: null,
};

// The four the page steps until its player follows every method (the next commits).
const isTraceable = method => ["recursive", "iterative", "nested", "bitmask"].includes(method);
const lastEvent = () => (search.cursor > 0 ? search.history[search.cursor - 1] : search.before);
const atEnd = () => !search.ahead && search.cursor === search.history.length;

function fillMethods(select) {
  const group = (label, methods) => {
    const g = document.createElement("optgroup");
    g.label = label;
    for (const m of methods) g.append(new Option(m, m));
    select.append(g);
  };
  group("Step through", nq.classicMethods.filter(isTraceable));
  group("Run", [...nq.classicMethods.filter(m => !isTraceable(m)), "first"]);
  select.value = search.method;
}

// A fresh search for the chosen n, method and option; also what "back to the start" does.
function startSearch() {
  const s = search;
  s.job++;
  s.playing = false;
  s.n = Number($("search-n").value);
  s.method = $("search-method").value;
  const traceable = isTraceable(s.method);
  s.events = traceable ? nq.trace(s.n, { method: s.method, first: $("search-first").checked }) : null;
  Object.assign(s, { history: [], cursor: 0, forgotten: 0, before: null, ahead: null });
  if (traceable) pullAhead();
  s.col = new Array(s.n).fill(-1);
  s.counts = { placements: 0, rejects: 0, backtracks: 0, solutions: 0 };
  s.solvedPrefixes.clear();
  if (s.board?.n !== s.n) s.board = makeBoard($("search-board"), s.n, false);
  $("search-about").textContent = ABOUT[s.method];
  for (const id of ["trace-controls", "tree-figure", "search-keys", "search-first-label"]) $(id).hidden = !traceable;
  $("run-controls").hidden = traceable;
  if (traceable) renderSearch();
  else showRunReady();
}

// Applies an event to the board and counters (sign +1), or undoes it (sign -1).
function apply(e, sign) {
  const s = search;
  if (e.kind === "place") {
    s.col[e.row] = sign > 0 ? e.col : -1;
    s.counts.placements += sign;
  } else if (e.kind === "remove") {
    s.col[e.row] = sign > 0 ? -1 : e.col;
    s.counts.backtracks += sign;
  } else if (e.kind === "reject") {
    s.counts.rejects += sign;
  } else {
    s.counts.solutions += sign;
    for (let k = 1; k <= e.placement.length; k++) {
      const key = e.placement.slice(0, k).join();
      s.solvedPrefixes.set(key, (s.solvedPrefixes.get(key) ?? 0) + sign);
    }
  }
}

function pullAhead() {
  const next = search.events.next();
  search.ahead = next.done ? null : next.value;
}

// One event forward: replayed from the history, or taken from the iterator (lazily, one event
// ahead, so a search of millions of events costs only what is watched). False at the end.
function stepForward() {
  const s = search;
  if (s.cursor === s.history.length) {
    if (!s.ahead) return false;
    s.history.push(s.ahead);
    pullAhead();
    if (s.history.length > HISTORY) forgetOldest(HISTORY / 2);
  }
  apply(s.history[s.cursor++], +1);
  return true;
}
function forgetOldest(k) {
  const s = search;
  s.before = s.history[k - 1];
  s.history.splice(0, k);
  s.cursor -= k;
  s.forgotten += k;
}
function stepBack() {
  if (search.cursor === 0) return false;
  apply(search.history[--search.cursor], -1);
  return true;
}

function describe(e) {
  if (!e) return "The empty board. Press Play, or step with the arrow keys.";
  const at = `Step ${fmt(e.step)}: `;
  if (e.kind === "place") return `${at}a queen on ${square(e.row, e.col)}.`;
  if (e.kind === "reject") {
    const line = e.sameColumn ? "same column" : "diagonal";
    return `${at}${square(e.row, e.col)} is attacked by the queen on ${square(e.byRow, e.byCol)} (${line}).`;
  }
  if (e.kind === "remove") return `${at}backtrack: the queen on ${square(e.row, e.col)} is taken back.`;
  return `${at}solution ${fmt(e.solution)}: ${columns1(e.placement)}.`;
}

function renderSearch() {
  const s = search, e = lastEvent();
  const solved = e?.kind === "solution";
  const queens = [];
  s.col.forEach((c, r) => {
    if (c < 0) return;
    const attacker = e?.kind === "reject" && e.byRow === r;
    queens.push({ r, c, cls: solved ? "solution" : attacker ? "attacker" : "" });
  });
  const overlay = { shade: !solved };
  if (e?.kind === "reject") {
    overlay.lines = lineSvg(e.byRow, e.byCol, e.row, e.col, "attack-line");
    overlay.marks = crossSvg(e.row, e.col);
  } else if (e?.kind === "place") {
    overlay.marks = ringSvg(e.row, e.col);
  } else if (e?.kind === "remove") {
    overlay.marks = queenSvg(e.row, e.col, "ghost");
  }
  drawBoard(s.board, queens, overlay);
  s.board.container.classList.toggle("solved", solved);
  s.board.container.setAttribute("aria-label", `The board: ${plural(queens.length, "queen")}`);
  showCounters($("search-counters"), [
    ["steps", "Steps", fmt(s.forgotten + s.cursor)],
    ["placements", "Placements", fmt(s.counts.placements)],
    ["rejects", "Rejects", fmt(s.counts.rejects)],
    ["backtracks", "Backtracks", fmt(s.counts.backtracks)],
    ["solutions", "Solutions", fmt(s.counts.solutions)],
  ]);
  const event = $("event");
  event.dataset.kind = e?.kind ?? "start";
  event.textContent = describe(e) + (atEnd() ? ` The search is over: ${plural(s.counts.solutions, "solution")}.` : "");
  drawTree();
  updateTraceButtons();
}

function updateTraceButtons() {
  const end = atEnd();
  $("back").disabled = search.cursor === 0;
  $("forward").disabled = end;
  $("next-solution").disabled = end;
  $("play").disabled = end && !search.playing;
  $("play").textContent = search.playing ? "Pause" : "Play";
  $("play").setAttribute("aria-pressed", String(search.playing));
}

// The search tree, folded: one level per row, and on each level only the squares tried under
// the queens now on the board. Which of those were rejected follows from the board itself (the
// rows are filled in order, so a square left of a row's queen was either attacked by the queens
// above or explored and backtracked); how far the newest row has got follows from the last event.
const SLOT = 22, LEVEL = 20, PAD = 10;
function drawTree() {
  const s = search, n = s.n, e = lastEvent();
  const frontier = s.col.includes(-1) ? s.col.indexOf(-1) : n;
  const triedAtFrontier = e && e.kind !== "place" && e.kind !== "solution" && e.row === frontier ? e.col : -1;
  const x = c => (c + 0.5) * SLOT;
  const y = level => PAD + level * LEVEL;
  const width = n * SLOT;
  let edges = "", nodes = `<rect class="n-root" x="${width / 2 - 4}" y="${PAD - 4}" width="8" height="8" rx="2"/>`;
  for (let r = 0; r <= Math.min(frontier, n - 1); r++) {
    const px = r === 0 ? width / 2 : x(s.col[r - 1]);
    const current = r < frontier ? s.col[r] : -1;
    const triedUpTo = r < frontier ? current - 1 : triedAtFrontier;
    for (let c = 0; c < n; c++) {
      const status = c === current ? (e?.kind === "solution" ? "solution" : "path")
        : c <= triedUpTo ? triedStatus(r, c) : "open";
      if (status !== "open") {
        const on = status === "path" || status === "solution" ? " on" : "";
        edges += `<line class="edge${on}" x1="${px}" y1="${y(r)}" x2="${x(c)}" y2="${y(r + 1)}"/>`;
      }
      nodes += treeNode(status, x(c), y(r + 1));
    }
  }
  const tree = $("tree");
  tree.setAttribute("viewBox", `0 0 ${width} ${y(n) + PAD}`);
  tree.style.maxWidth = `${width * 1.5}px`;
  tree.innerHTML = edges + nodes;
}
function triedStatus(r, c) {
  const col = search.col;
  for (let q = 0; q < r; q++) {
    if (col[q] === c || Math.abs(col[q] - c) === r - q) return "rejected";
  }
  return search.solvedPrefixes.get([...col.slice(0, r), c].join()) > 0 ? "solved" : "done";
}
function treeNode(status, cx, cy) {
  if (status === "rejected") {
    const d = 3.2;
    return `<path class="n-rejected" d="M${cx - d} ${cy - d}L${cx + d} ${cy + d}M${cx - d} ${cy + d}L${cx + d} ${cy - d}"/>`;
  }
  const radius = { path: 5.5, solution: 5.5, solved: 4.5, done: 4, open: 2.6 }[status];
  return `<circle class="n-${status}" cx="${cx}" cy="${cy}" r="${radius}"/>`;
}

// Playback: each animation frame applies as many events as the speed has made due.
const speed = () => Math.round(10 ** (Number($("speed").value) / 25));  // 1 .. 10,000 steps/s
function showSpeed() {
  $("speed-out").textContent = `${fmt(speed())} steps/s`;
}
function changeSpeed(delta) {
  const slider = $("speed");
  slider.value = String(Number(slider.value) + delta * Number(slider.step));
  showSpeed();
}

function pause() {
  search.job++;
  search.playing = false;
}
function togglePlay() {
  if (search.playing) {
    pause();
    renderSearch();
    return;
  }
  const job = ++search.job;
  search.playing = true;
  let clock = performance.now(), due = 1;  // the first step at once
  const frame = now => {
    if (job !== search.job) return;
    due = Math.min(due + ((now - clock) / 1000) * speed(), speed() / 4 + 1);
    clock = now;
    try {
      for (; due >= 1 && search.playing; due--) search.playing = stepForward();
    } catch (error) {
      search.playing = false;
      showError("search-error", error);
    }
    renderSearch();
    if (search.playing) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

function step(direction) {
  pause();
  if (direction > 0) stepForward();
  else stepBack();
  renderSearch();
}

// Runs on to the next solution event, in slices with a pause between them so that the page
// stays responsive when it is millions of events away.
async function nextSolution() {
  pause();
  const job = search.job;
  const slice = 20000;
  for (;;) {
    for (let i = 0; i < slice; i++) {
      if (!stepForward() || lastEvent().kind === "solution") {
        renderSearch();
        return;
      }
    }
    $("event").textContent = `Searching… step ${fmt(search.forgotten + search.cursor)}`;
    await nextTask();
    if (job !== search.job) return;
  }
}

// Methods that are run whole: the note on what Run will do, then the result.
function showRunReady() {
  const { n, method } = search;
  const mode = runMode(method, n);
  const max = RUN_LIMITS[method].first;
  $("run").disabled = !mode;
  $("run-note").textContent =
    method === "first" ? "Finds the lexicographically first solution."
    : mode === "count" ? "Runs the whole search, counting every solution and its work."
    : mode === "first" ? `Stops at the first solution: counting them all takes too long beyond n = ${RUN_LIMITS[method].all}.`
    : `Too slow to run in a page beyond n = ${max}; pick a smaller n or a backtracking method.`;
  drawBoard(search.board, []);
  search.board.container.classList.remove("solved");
  showCounters($("search-counters"), []);
  $("event").dataset.kind = "ready";
  $("event").textContent = "";
}

async function runMethod() {
  const { n, method, job } = search;
  $("run").disabled = true;
  $("event").textContent = "Running…";
  await afterPaint();  // a run may take a second; show that it started
  if (job !== search.job) return;  // n or the method changed meanwhile
  $("run").disabled = false;
  $("event").textContent = "";
  const start = performance.now();
  let solution, items;
  if (method === "first") {
    solution = nq.solve(n, { method: "first" });
    items = [["time", "Time", fmtSeconds((performance.now() - start) / 1000)]];
  } else {
    const mode = runMode(method, n);
    const result = nq.classic(n, method, { mode });
    solution = mode === "first" ? result.solutions[0] : nq.classic(n, method, { mode: "first" }).solutions[0];
    items = [
      ["solutions", "Solutions", fmt(result.count)],
      ["placements", "Placements", fmt(result.placements)],
      ["checks", "Checks", fmt(result.checks)],
      ["nodes", "Nodes", fmt(result.nodes)],
      ["time", "Time", fmtSeconds(result.seconds)],
    ];
  }
  drawBoard(search.board, solution ? Array.from(solution, (c, r) => ({ r, c, cls: "solution" })) : [], { shade: false });
  search.board.container.classList.toggle("solved", Boolean(solution));
  showCounters($("search-counters"), items);
  $("event").dataset.kind = solution ? "solution" : "none";
  $("event").textContent = solution ? `The first solution: ${columns1(solution)}.` : "No solution.";
}

function setUpSearch() {
  fillSelect($("search-n"), 4, 20, search.n);
  fillMethods($("search-method"));
  const restart = guarded("search-error", startSearch);
  const forward = guarded("search-error", () => step(+1));
  const back = () => step(-1);
  const next = guarded("search-error", nextSolution);
  for (const id of ["search-n", "search-method", "search-first"]) $(id).addEventListener("change", restart);
  $("reset").addEventListener("click", restart);
  $("back").addEventListener("click", back);
  $("forward").addEventListener("click", forward);
  $("play").addEventListener("click", togglePlay);
  $("next-solution").addEventListener("click", next);
  $("run").addEventListener("click", guarded("search-error", runMethod));
  $("speed").addEventListener("input", showSpeed);
  showSpeed();
  const keys = {
    " ": togglePlay, ArrowRight: forward, ArrowLeft: back, n: next, Home: restart,
    "+": () => changeSpeed(+1), "=": () => changeSpeed(+1), "-": () => changeSpeed(-1),
  };
  document.addEventListener("keydown", event => searchKey(event, keys));
  restart();
}

// Space, arrows, N, +/- and Home drive the player while the Search tab is open, except where
// the key already means something (form fields, the tab list).
function searchKey(event, keys) {
  if ($("panel-search").hidden || !search.events || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target.closest("input, select, textarea, [role=tab]")) return;
  const action = keys[event.key.length === 1 ? event.key.toLowerCase() : event.key];
  if (!action) return;
  event.preventDefault();
  action();
}

// ---------------------------------------------------------------- Your board

const yours = { n: 8, queens: [], added: new Set(), completion: null, board: null };
const key = (r, c) => `${r},${c}`;

function startYours() {
  yours.n = Number($("yours-n").value);
  yours.queens = [];
  yours.added.clear();
  yours.board = makeBoard($("yours-board"), yours.n, true);
  renderYours();
}

function toggleQueen(r, c) {
  const i = yours.queens.findIndex(([qr, qc]) => qr === r && qc === c);
  if (i >= 0) yours.queens.splice(i, 1);
  else yours.queens.push([r, c]);
  yours.added.delete(key(r, c));
  renderYours();
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
  drawBoard(yours.board, queens.map(([r, c]) => ({ r, c, cls: cls(r, c) })), {
    lines: pairs.map(({ a, b }) => lineSvg(...a, ...b, "conflict-line")).join(""),
  });
  yours.completion = pairs.length || queens.length === n ? null : nq.complete({ n, queens }).solution;
  $("yours-conflicts").innerHTML = pairs
    .map(({ a, b, line }) => `<li>The queens on ${square(...a)} and ${square(...b)} share a ${line}.</li>`).join("");
  const [text, tone] = yoursVerdict(pairs.length);
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
  if (k === n) return [`Solved: ${n} queens and no two attack each other.`, "good"];
  if (yours.completion) return [`${plural(k, "queen")}, no conflicts, and the board can still be completed with ${n - k} more.`, "good"];
  return [`${plural(k, "queen")} and no conflicts, but no solution of the ${n}×${n} board contains them all: it cannot be completed.`, "bad"];
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

function setUpYours() {
  fillSelect($("yours-n"), 4, 20, yours.n);
  $("yours-n").addEventListener("change", guarded("yours-error", startYours));
  $("yours-clear").addEventListener("click", guarded("yours-error", startYours));
  $("yours-complete").addEventListener("click", guarded("yours-error", showCompletion));
  const board = $("yours-board");
  board.addEventListener("click", guarded("yours-error", event => {
    const cell = event.target.closest(".cell");
    if (cell) toggleQueen(Number(cell.dataset.row), Number(cell.dataset.col));
  }));
  board.addEventListener("keydown", moveFocus);
  guarded("yours-error", startYours)();
}

// ---------------------------------------------------------------- Gallery

const GALLERY_PAGE = 200;  // boards added per "Show more"
const gallery = { n: 8, unique: false, solutions: null, next: null, shown: 0 };

function startGallery() {
  gallery.n = Number($("gallery-n").value);
  gallery.unique = document.querySelector("input[name=gallery-which]:checked").value === "unique";
  gallery.solutions = nq.solutions(gallery.n, { unique: gallery.unique });
  gallery.next = gallery.solutions.next();  // one ahead, to know whether there are more
  gallery.shown = 0;
  $("gallery-list").replaceChildren();
  showMoreSolutions();
}

function showMoreSolutions() {
  const cards = [];
  while (cards.length < GALLERY_PAGE && !gallery.next.done) {
    cards.push(solutionCard(gallery.next.value, ++gallery.shown));
    gallery.next = gallery.solutions.next();
  }
  $("gallery-list").insertAdjacentHTML("beforeend", cards.join(""));
  $("gallery-more").hidden = gallery.next.done;
  $("gallery-more").textContent = `Show ${GALLERY_PAGE} more`;
  $("gallery-summary").textContent = gallerySummary();
}

// A board with its symmetries (those other than the identity that map it onto itself) as
// badges; for a class representative also how many solutions its class holds (8 divided by
// the number of symmetries).
function solutionCard(p, index) {
  const symmetries = nq.symmetries(p);
  const badges = symmetries.filter(s => s !== "identity").map(s => `<span class="badge" data-symmetry="${s}">${s}</span>`);
  if (gallery.unique) {
    const images = 8 / symmetries.length;
    badges.push(`<span class="badge images" title="${images} solutions in this class">×${images}</span>`);
  }
  const label = `Solution ${index}: columns ${columns1(p)}`;
  return `<li class="card">${miniBoard(p, label)}<p class="perm">${columns1(p)}</p><div class="badges"><span class="index">#${index}</span>${badges.join("")}</div></li>`;
}

function gallerySummary() {
  const { n, unique, shown } = gallery;
  const known = nq.knownCount(n);
  const total = Number(unique ? known.unique : known.total);
  const board = `the ${n}×${n} board`;
  if (total === 0) return `There is no solution on ${board}.`;
  const what = unique ? `symmetry class${total === 1 ? "" : "es"} of ${board}, each shown by the smallest of its images` : `solution${total === 1 ? "" : "s"} of ${board}, in lexicographic order`;
  return shown < total ? `The first ${fmt(shown)} of ${fmt(total)} ${what}.` : `All ${fmt(total)} ${what}.`;
}

function setUpGallery() {
  fillSelect($("gallery-n"), 1, 20, gallery.n);
  const restart = guarded("gallery-error", startGallery);
  $("gallery-n").addEventListener("change", restart);
  for (const radio of document.querySelectorAll("input[name=gallery-which]")) radio.addEventListener("change", restart);
  $("gallery-more").addEventListener("click", guarded("gallery-error", showMoreSolutions));
  return restart;
}

// ---------------------------------------------------------------- Counts

const COUNT_UP_TO = 15;

// Counts n = 1..15 one row at a time, giving the browser a turn between rows so that the
// table visibly fills, and checks each row against the published counts.
async function runCounts() {
  const button = $("counts-run"), summary = $("counts-summary");
  const body = $("counts-table").tBodies[0];
  button.disabled = true;
  summary.dataset.state = "running";
  summary.textContent = "Counting…";
  body.innerHTML = Array.from({ length: COUNT_UP_TO }, (_, i) =>
    `<tr class="pending"><td>${i + 1}</td><td>…</td><td>…</td><td>…</td><td>…</td><td class="verdict"></td></tr>`).join("");
  let matches = 0;
  const start = performance.now();
  try {
    for (let n = 1; n <= COUNT_UP_TO; n++) {
      await nextTask();
      matches += fillCountRow(body.rows[n - 1], nq.count(n), nq.knownCount(n));
    }
  } finally {
    button.disabled = false;
  }
  const seconds = (performance.now() - start) / 1000;
  summary.dataset.state = "done";
  summary.dataset.seconds = String(seconds);
  summary.textContent = `n = 1 … ${COUNT_UP_TO} in ${fmtSeconds(seconds)}; ${matches === COUNT_UP_TO ? "every row matches" : `${COUNT_UP_TO - matches} rows differ from`} the published counts.`;
}

function fillCountRow(row, result, known) {
  const ok = known !== null && String(known.total) === String(result.total) && String(known.unique) === String(result.unique);
  const cells = row.cells;
  cells[1].textContent = fmt(result.total);
  cells[2].textContent = fmt(result.unique);
  cells[3].textContent = fmt(result.nodes);
  cells[4].textContent = fmtSeconds(result.seconds);
  cells[5].textContent = ok ? "✓" : known ? `✗ ${fmt(known.total)} / ${fmt(known.unique)}` : "—";
  cells[5].title = ok ? "matches the published counts" : "differs from the published counts";
  cells[5].className = `verdict ${ok ? "ok" : "bad"}`;
  row.className = "fresh";
  row.dataset.state = ok ? "ok" : "bad";
  return ok ? 1 : 0;
}

// ---------------------------------------------------------------- Big boards

const BIG_MAX = 10_000_000;  // the placement is a plain array in the page, 8 bytes a queen

async function runBig() {
  const n = Number($("big-n").value);
  if (!Number.isInteger(n) || n < 1 || n > BIG_MAX) throw new Error(`n must be a whole number from 1 to ${fmt(BIG_MAX)}`);
  const button = $("big-run"), verdict = $("big-verdict");
  button.disabled = true;
  verdict.className = "status";
  verdict.dataset.state = "running";
  verdict.textContent = `Constructing ${fmt(n)} queens…`;
  try {
    await afterPaint();
    const t0 = performance.now();
    const placement = nq.solve(n);
    const t1 = performance.now();
    const attack = nq.verify(placement);
    const t2 = performance.now();
    showBigResult(n, placement, attack, (t1 - t0) / 1000, (t2 - t1) / 1000);
  } catch (error) {
    verdict.textContent = "";
    delete verdict.dataset.state;
    throw error;
  } finally {
    button.disabled = false;
  }
}

function showBigResult(n, placement, attack, constructSeconds, verifySeconds) {
  showCounters($("big-result"), [
    ["n", "Queens", fmt(n)],
    ["construct", "Construct", fmtSeconds(constructSeconds)],
    ["verify", "Verify", fmtSeconds(verifySeconds)],
  ]);
  const result = $("big-result");
  result.dataset.construct = String(constructSeconds);
  result.dataset.verify = String(verifySeconds);
  const verdict = $("big-verdict");
  verdict.className = `status ${attack ? "bad" : "good"}`;
  verdict.dataset.state = attack ? "invalid" : "valid";
  verdict.textContent = attack ? `Not a solution: ${attack.message}.` : `Valid: no two of the ${fmt(n)} queens attack each other.`;
  const shown = Math.min(n, 16);
  $("big-head").textContent = `Columns of rows 1–${shown}: ${columns1(placement.slice(0, shown))}${n > shown ? " …" : ""}`;
  plotPlacement($("big-plot"), placement);
}

// Every queen as a dot (a square of pixels when n is small), straight into the pixel buffer
// since a million fillRect calls would be slow.
function plotPlacement(canvas, placement) {
  const n = placement.length;
  const size = Math.round(canvas.clientWidth * devicePixelRatio) || 480;
  canvas.width = canvas.height = size;
  const context = canvas.getContext("2d");
  const image = context.createImageData(size, size);
  const [red, green, blue] = accentColor();
  const dot = Math.max(2, Math.floor(size / n));  // at least 2 pixels, or a million dots fade
  for (let r = 0; r < n; r++) {
    const x0 = Math.floor((placement[r] * size) / n), y0 = Math.floor((r * size) / n);
    for (let y = y0; y < Math.min(size, y0 + dot); y++) {
      for (let x = x0; x < Math.min(size, x0 + dot); x++) image.data.set([red, green, blue, 255], (y * size + x) * 4);
    }
  }
  context.putImageData(image, 0, 0);
}
function accentColor() {
  const hex = getComputedStyle(document.documentElement).getPropertyValue("--accent").trim();
  return [1, 3, 5].map(i => parseInt(hex.slice(i, i + 2), 16));
}

// ---------------------------------------------------------------- tabs

const TABS = ["search", "yours", "gallery", "counts", "big"];
const firstShow = {};  // per tab: work done the first time it is opened

function showTab(name, focus = false) {
  for (const tab of TABS) {
    const on = tab === name;
    const button = $(`tab-${tab}`);
    button.setAttribute("aria-selected", String(on));
    button.tabIndex = on ? 0 : -1;
    $(`panel-${tab}`).hidden = !on;
  }
  if (focus) $(`tab-${name}`).focus();
  if (name !== "search" && search.playing) togglePlay();
  // The address names the tab, so a link can open it; replaceState keeps Back for leaving. (No
  // element has the tab's name as its id, so the browser does not scroll to it.)
  try {
    window.history.replaceState(null, "", `#${name}`);
  } catch {
    // Some browsers refuse it for file:// pages; the tab still works.
  }
  const work = firstShow[name];
  delete firstShow[name];
  work?.();
}

function setUpTabs() {
  const list = document.querySelector("[role=tablist]");
  list.addEventListener("click", event => {
    const tab = event.target.closest("[role=tab]");
    if (tab) showTab(tab.id.slice(4));
  });
  list.addEventListener("keydown", event => {
    const i = TABS.indexOf(event.target.id.slice(4));
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    showTab(TABS[(to + TABS.length) % TABS.length], true);
  });
}

// ---------------------------------------------------------------- start

function main() {
  $("version").textContent = nq.version;
  $("loading").remove();
  setUpTabs();
  setUpSearch();
  setUpYours();
  firstShow.gallery = setUpGallery();
  firstShow.counts = guarded("counts-error", runCounts);
  firstShow.big = guarded("big-error", runBig);
  $("counts-run").addEventListener("click", guarded("counts-error", runCounts));
  $("big-run").addEventListener("click", guarded("big-error", runBig));
  const asked = location.hash.slice(1);
  showTab(TABS.includes(asked) ? asked : "search");
  performance.mark("playground-ready");  // for timing the page: when it first responds
}

main();
