// SPDX-License-Identifier: MIT
// The Compare tab: how the methods' work grows with n. nq.compare runs every method of
// nq.compareMethods (the nine textbook methods, which count every solution or, with the mode
// "Stop at the first solution", stop at the first, then random and first, which always stop at
// one: each row's `mode` says which) for one n under a time budget (a method whose
// estimate is over it is skipped, one that runs past it is stopped), with the counters of one run
// and the median time of one run over repeated runs; the worker does it for n = 4..12 in turn, and
// the page draws the chosen metric as an SVG line chart on a logarithmic axis, one series per
// method (colour, marker shape and dash apart, so that no series is told by colour alone), with
// the same numbers as a table.
import { $, fmt, fmtSeconds } from "./util.js";
import { lane } from "./worker-client.js";

const N_FROM = 4, N_TO = 12;
const BUDGET = 1;  // seconds per method and n
const jobs = lane("compare");
const METHODS = nq.compareMethods;
// Times under 10 µs with two digits: the medians are finer than a microsecond.
const tellSeconds = s => (s < 1e-5 ? `${(s * 1e6).toPrecision(2)} µs` : fmtSeconds(s));
const METRICS = {
  solutions: { label: "Solutions", tell: fmt },
  placements: { label: "Placements", tell: fmt },
  checks: { label: "Checks", tell: fmt },
  nodes: { label: "Nodes", tell: fmt },
  seconds: { label: "Time", tell: tellSeconds },
};
// Marker shapes in a unit box around (0, 0), one per method in nq.compareMethods' order.
const SHAPES = [
  "M-1 0a1 1 0 1 0 2 0a1 1 0 1 0-2 0z",         // circle
  "M-0.9-0.9h1.8v1.8h-1.8z",                   // square
  "M0-1.1 1 0.8h-2z",                          // triangle
  "M0-1.2 1.2 0 0 1.2-1.2 0z",                 // diamond
  "M0 1.1 1-0.8h-2z",                          // triangle down
  "M-1.1-0.35h2.2v0.7h-2.2zM-0.35-1.1h0.7v2.2h-0.7z",  // plus
  "M-1-0.6-0.6-1 0-0.4 0.6-1 1-0.6 0.4 0 1 0.6 0.6 1 0 0.4-0.6 1-1 0.6-0.4 0z",  // cross
  "M0-1.1 0.32-0.32 1.1 0 0.32 0.32 0 1.1-0.32 0.32-1.1 0-0.32-0.32z",  // star
  "M-1.1-0.4h2.2v0.8h-2.2z",                   // bar
  "M-1.1 0-0.55-0.95h1.1l0.55 0.95-0.55 0.95h-1.1z",  // hexagon
  "M-1-1h2l-2 2h2z",                           // hourglass
];
const DASHES = ["", "6 3", "2 3", "8 3 2 3", "", "6 3", "2 3", "8 3 2 3", "", "1 3", "10 3 1 3"];
// The i-th method's series: its marker, its dash and its colour class (.s0 ... .s10, style.css).
// Past the eleventh, the looks come round again with the dashes shifted, so that a method added
// to the library gets a series of its own with no change here.
function look(i) {
  const k = i % SHAPES.length;
  const dash = DASHES[(i + Math.floor(i / SHAPES.length)) % DASHES.length];
  return { shape: SHAPES[k], dash: dash ? ` stroke-dasharray="${dash}"` : "", colour: `s${k}` };
}

// rows: n -> CompareRow[]; first: the sweep's mode (the nine stop at their first solution);
// sweep: which sweep is the page's, so that one superseded by a change of mode leaves it alone.
const state = { rows: new Map(), running: false, done: false, first: false, sweep: 0 };

const chosenFirst = () => document.querySelector("input[name=compare-mode]:checked").value === "first";
// What the methods did, as the status line says it.
const whatTheyDo = () => (state.first
  ? "every method stopping at its first solution"
  : "the nine textbook methods counting every solution, random and first stopping at their first");

// Measures every method for n = N_FROM..N_TO in the mode chosen. Called again while it runs (the
// mode changed), the new sweep takes over: the lane cancels this one's job, and this one, no
// longer the page's, returns without a word.
export async function runCompare() {
  const sweep = ++state.sweep;
  state.first = chosenFirst();
  state.rows.clear();
  state.done = false;
  setBusy(true);
  render();
  const args = n => ({ n, budget: BUDGET, first: state.first });
  try {
    // The browser runs WebAssembly with quickly compiled code first and swaps in optimized code
    // once a function is hot: times taken at once came out up to 30 times too slow at n = 4,
    // above n = 5's. A pass at n = 4 that is not shown gets the swap done first
    // (docs/journal/web.md, "The Compare tab's times").
    $("compare-status").textContent = `Warming up: a first pass at n = ${N_FROM}, not shown…`;
    await jobs.run("compare", args(N_FROM));
    for (let n = N_FROM; n <= N_TO; n++) {
      $("compare-status").textContent = `Running every method on n = ${n}, each several times, ${whatTheyDo()}…`;
      state.rows.set(n, await jobs.run("compare", args(n)));
      render();
    }
    state.done = true;
    $("compare-status").textContent = `n = ${N_FROM} … ${N_TO}, ${whatTheyDo()}, each method under a budget of ${BUDGET} s. Counters are those of one run; times are medians of one run over repeated runs (at least 3 timings, 5 ms in all, where the budget allows).`;
    $("compare-status").dataset.state = "done";
  } catch (error) {
    if (sweep !== state.sweep) return;  // superseded: the new sweep has the page
    if (error?.name === "Cancelled") {
      $("compare-status").textContent = state.rows.size ? `Stopped after n = ${N_FROM + state.rows.size - 1}.` : "Stopped before the first n.";
      $("compare-status").dataset.state = "cancelled";
      return;
    }
    throw error;
  } finally {
    if (sweep === state.sweep) setBusy(false);
  }
}

export const cancelCompare = () => jobs.cancel();
export function clearCompare() {
  state.rows.clear();
  render();
  $("compare-status").textContent = "";
}

function setBusy(busy) {
  state.running = busy;
  $("compare-run").disabled = busy;
  $("compare-cancel").hidden = !busy;
  if (busy) $("compare-status").dataset.state = "running";
}

const metric = () => document.querySelector("input[name=compare-metric]:checked").value;

// A method's value of the metric at n, or why there is none.
function valueAt(n, method, key) {
  const row = state.rows.get(n)?.find(r => r.method === method);
  if (!row) return { missing: "not run yet" };
  if (!row.ran || !row.finished) return { missing: row.skipped ?? "not run" };
  const value = row[key];
  if (value === 0 && key !== "seconds") return { zero: true, missing: "none: no point on a logarithmic scale" };
  if (!(value > 0)) return { missing: "too quick to time" };
  return { value, row };
}

// What a method's number is about: its first solution (mode "first": random and first always, the
// nine too when the sweep stops at the first) or every solution. Known from the rows once they
// come, from the names and the mode before.
function findsOne(method) {
  for (const rows of state.rows.values()) {
    const row = rows.find(r => r.method === method);
    if (row) return row.mode === "first";
  }
  return state.first || !nq.classicMethods.includes(method);
}
// "(one solution)" marks the methods that stop at one where the others count every solution;
// when all of them stop at their first, the legend's note and the table's caption say it once.
const named = method => (findsOne(method) && !state.first ? `${method} (one solution)` : method);
// What the rows did, in a sentence for the legend and the table.
const modeSentence = () => (state.first
  ? "Every method stops at the first solution it finds."
  : "The nine textbook methods count every solution; random and first, marked “one solution”, stop at the first they find.");

// The number as the chart's tooltip and the table say it; a time with the runs it is the median of.
function told(key, value, row) {
  const text = METRICS[key].tell(value);
  return key === "seconds" && row?.repeats ? `${text}, the median of ${fmt(row.repeats)} runs` : text;
}

function render() {
  const key = metric();
  drawLegend();
  drawChart(key);
  fillTable(key);
  $("compare-skipped").textContent = [coincidingNote(key), zeroNote(key), skippedNote()].filter(Boolean).join(" ");
}

// Methods whose numbers are the same at every n drawn share one line; say which, or the chart
// seems to have lost them.
function coincidingNote(key) {
  const groups = new Map();
  for (const m of METHODS) {
    const values = [...state.rows.keys()].map(n => valueAt(n, m, key).value ?? "-");
    if (values.every(v => v === "-")) continue;
    const id = values.join();
    groups.set(id, [...(groups.get(id) ?? []), m]);
  }
  const shared = [...groups.values()].filter(g => g.length > 1);
  return shared.map(g => `${g.join(", ")} have the same ${METRICS[key].label.toLowerCase()} at every n: their lines coincide.`).join(" ");
}

// ---- the chart

const W = 640, H = 340, LEFT = 62, RIGHT = 14, TOP = 14, BOTTOM = 40;

function drawChart(key) {
  const methods = METHODS;
  const values = [];
  for (const n of state.rows.keys()) for (const m of methods) { const v = valueAt(n, m, key).value; if (v) values.push(v); }
  const svg = $("compare-chart");
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  if (values.length === 0) {
    svg.innerHTML = `<text class="axis-note" x="${W / 2}" y="${H / 2}" text-anchor="middle">${state.running ? "Measuring…" : "No numbers yet."}</text>`;
    svg.setAttribute("aria-label", "The chart: no numbers yet");
    return;
  }
  const lo = Math.floor(Math.log10(Math.min(...values))), hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(...values))));
  const x = n => LEFT + ((n - N_FROM) / (N_TO - N_FROM)) * (W - LEFT - RIGHT);
  const y = v => TOP + (1 - (Math.log10(v) - lo) / (hi - lo)) * (H - TOP - BOTTOM);
  let out = axes(key, lo, hi, x, y);
  methods.forEach((m, i) => { out += series(m, i, key, x, y); });
  svg.innerHTML = out;
  svg.setAttribute("aria-label", `${METRICS[key].label} of each method against n, on a logarithmic scale from ${decadeLabel(lo, key)} to ${decadeLabel(hi, key)}; the table view has the numbers`);
}

function axes(key, lo, hi, x, y) {
  let out = "";
  for (let k = lo; k <= hi; k++) {
    const yy = y(10 ** k);
    out += `<line class="grid" x1="${LEFT}" x2="${W - RIGHT}" y1="${yy}" y2="${yy}"/>`;
    out += `<text class="tick" x="${LEFT - 6}" y="${yy + 4}" text-anchor="end">${decadeLabel(k, key)}</text>`;
  }
  for (let n = N_FROM; n <= N_TO; n++) {
    out += `<text class="tick" x="${x(n)}" y="${H - BOTTOM + 16}" text-anchor="middle">${n}</text>`;
  }
  out += `<text class="axis-title" x="${(LEFT + W - RIGHT) / 2}" y="${H - 6}" text-anchor="middle">n (the board's size)</text>`;
  out += `<line class="axis" x1="${LEFT}" x2="${LEFT}" y1="${TOP}" y2="${H - BOTTOM}"/><line class="axis" x1="${LEFT}" x2="${W - RIGHT}" y1="${H - BOTTOM}" y2="${H - BOTTOM}"/>`;
  return out;
}

// 10^k as people read it: 1, 10, 100, 1k ... 1G for counts; 1 µs ... 100 s for time.
function decadeLabel(k, key) {
  if (key === "seconds") {
    const units = [[0, "s"], [-3, "ms"], [-6, "µs"], [-9, "ns"]];
    const [base, unit] = units.find(([b]) => k >= b) ?? [-9, "ns"];
    return `${10 ** (k - base)} ${unit}`;
  }
  const units = [[12, "T"], [9, "G"], [6, "M"], [3, "k"], [0, ""]];
  const [base, unit] = units.find(([b]) => k >= b) ?? [0, ""];
  return k < 0 ? String(10 ** k) : `${10 ** (k - base)}${unit}`;
}

// A method's line, broken where a value is missing, with a marker at every point it has.
function series(method, i, key, x, y) {
  let path = "", marks = "", pen = "M";
  for (let n = N_FROM; n <= N_TO; n++) {
    const { value, row } = valueAt(n, method, key);
    if (!value) { pen = "M"; continue; }
    path += `${pen}${x(n).toFixed(1)} ${y(value).toFixed(1)}`;
    pen = "L";
    marks += `<path class="mark" d="${look(i).shape}" transform="translate(${x(n).toFixed(1)} ${y(value).toFixed(1)}) scale(4.2)"><title>${named(method)}, n = ${n}: ${told(key, value, row)}</title></path>`;
  }
  return `<g class="series ${look(i).colour}" data-method="${method}"><path class="line" d="${path}"${look(i).dash}/>${marks}</g>`;
}

// The legend: each method's marker, dash and colour beside its name (and what it finds).
function drawLegend() {
  $("compare-legend").innerHTML = METHODS.map((m, i) => {
    const { shape, dash, colour } = look(i);
    return `<li class="${colour}" data-method="${m}"><svg viewBox="0 0 32 12" aria-hidden="true"><line class="line" x1="1" x2="31" y1="6" y2="6"${dash}/><path class="mark" d="${shape}" transform="translate(16 6) scale(4)"/></svg>${named(m)}</li>`;
  }).join("");
  $("compare-legend-note").textContent = modeSentence();
}

// ---- the table: the same numbers, methods down, n across

function fillTable(key) {
  const table = $("compare-table");
  const ns = [];
  for (let n = N_FROM; n <= N_TO; n++) ns.push(n);
  table.tHead.innerHTML = `<tr><th scope="col">Method</th>${ns.map(n => `<th scope="col">n = ${n}</th>`).join("")}</tr>`;
  table.tBodies[0].innerHTML = METHODS.map(m => `<tr data-method="${m}"><th scope="row">${named(m)}</th>${ns.map(n => {
    const { value, missing, row, zero } = valueAt(n, m, key);
    if (zero) return `<td title="${missing}">0</td>`;
    if (!value) return `<td class="missing" title="${missing}">—</td>`;
    return key === "seconds" && row.repeats ? `<td title="${told(key, value, row)}" data-repeats="${row.repeats}">${METRICS[key].tell(value)}</td>` : `<td>${METRICS[key].tell(value)}</td>`;
  }).join("")}</tr>`).join("");
  const what = { seconds: "the median time of one run over repeated runs", solutions: "those one run found" }[key] ?? "the work of one run";
  table.caption.textContent = `${METRICS[key].label} of each method for n = ${N_FROM} … ${N_TO}, ${what}. ${modeSentence()} A dash where a method was not run (over the budget of ${BUDGET} s).`;
}

// The zeros the chart cannot draw (first's nodes count only the searches of refuted probes, so a
// board whose probes all complete at once has none).
function zeroNote(key) {
  const notes = [];
  for (const m of METHODS) {
    const zeros = [...state.rows.keys()].filter(n => valueAt(n, m, key).zero);
    if (zeros.length) notes.push(`${m} at n = ${zeros.join(", ")}`);
  }
  return notes.length ? `Not drawn where the ${METRICS[key].label.toLowerCase()} are 0, which a logarithmic scale cannot show (the table has them): ${notes.join("; ")}.` : "";
}

// What the chart leaves out and why, in one sentence per method.
function skippedNote() {
  const notes = [];
  for (const m of METHODS) {
    const out = [];
    for (const [n, rows] of state.rows) {
      const row = rows.find(r => r.method === m);
      if (row && !(row.ran && row.finished)) out.push(n);
    }
    if (out.length) notes.push(`${m} for n = ${out.join(", ")}`);
  }
  return notes.length ? `Left out, over the budget of ${BUDGET} s a method and n: ${notes.join("; ")}.` : "";
}

function showView() {
  const table = document.querySelector("input[name=compare-view]:checked").value === "table";
  $("compare-figure").hidden = table;
  $("compare-table-wrap").hidden = !table;
}

export function setUpCompare() {
  state.first = chosenFirst();
  drawLegend();
  for (const radio of document.querySelectorAll("input[name=compare-metric]")) radio.addEventListener("change", render);
  for (const radio of document.querySelectorAll("input[name=compare-view]")) radio.addEventListener("change", showView);
  $("compare-cancel").addEventListener("click", cancelCompare);
  showView();
  render();
}
