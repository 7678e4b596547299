// SPDX-License-Identifier: MIT
// The page embeds the events as compact JSON arrays ([kind, row, col, by_row, by_col], a
// solution's columns instead for kind 3) and plays them with a little script: the board is
// updated one event at a time in either direction (a place is undone by a remove and so on), so
// stepping, jumping to the next solution and playing stay fast for 10^5 events, and the event
// list only draws the lines near the current one.
#include "trace_page.hpp"

#include <string_view>

namespace nqcli {

namespace {

constexpr std::string_view kHead = R"page(<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>nqueens trace</title>
<style>
body { font-family: system-ui, sans-serif; margin: 1em; color: #222; }
h1 { font-size: 1.2em; margin: 0 0 .5em; }
#main { display: flex; gap: 1.5em; flex-wrap: wrap; align-items: flex-start; }
#board { border-collapse: collapse; }
#board td { width: var(--cell); height: var(--cell); text-align: center; vertical-align: middle;
  font-size: calc(var(--cell) * .7); line-height: 1; padding: 0; }
#board td.light { background: #f0d9b5; } #board td.dark { background: #b58863; }
#board td.attacked.light { background: #e8a89a; } #board td.attacked.dark { background: #a86a5a; }
#board td.current { outline: 3px solid #1565c0; outline-offset: -3px; }
#board td.rejected { outline: 3px solid #c62828; outline-offset: -3px; }
#side { min-width: 20em; }
#controls button { font-size: 1em; margin: 0 .2em .3em 0; }
#counters { margin: .5em 0; }
#counters span { display: inline-block; min-width: 7em; }
#events { height: 22em; overflow-y: auto; border: 1px solid #ccc; font-family: monospace;
  font-size: .9em; position: relative; }
#events div { padding: 0 .4em; white-space: nowrap; height: 1.3em; line-height: 1.3em; }
#events div.now { background: #1565c0; color: #fff; }
#events div.solution { font-weight: bold; }
#status { margin-top: .5em; }
#cut { color: #c62828; }
</style>
</head>
<body>
)page";

constexpr std::string_view kScript = R"page(<script>
"use strict";
const T = JSON.parse(document.getElementById("trace").textContent);
const n = T.n, E = T.events, N = E.length;
const cellSize = Math.max(14, Math.min(48, Math.floor(480 / n)));
const board = document.getElementById("board");
board.style.setProperty("--cell", cellSize + "px");
const cells = [];
for (let r = 0; r < n; r++) {
  const tr = board.insertRow();
  cells.push([]);
  for (let c = 0; c < n; c++) {
    const td = tr.insertCell();
    td.className = (r + c) % 2 ? "dark" : "light";
    td.dataset.row = r + 1; td.dataset.col = c + 1;
    cells[r].push(td);
  }
}
const col = new Array(n).fill(-1);  // the queen of each row, -1 none
let step = 0;                        // events applied: 0..N
let placed = 0, rejected = 0, removed = 0, found = 0;
function apply(e, forward) {
  const k = e[0], s = forward ? 1 : -1;
  if (k === 0) { col[e[2]] = forward ? e[3] : -1; placed += s; }
  else if (k === 1) rejected += s;
  else if (k === 2) { col[e[2]] = forward ? -1 : e[3]; removed += s; }
  else found += s;
}
function go(target) {
  target = Math.max(0, Math.min(N, target));
  while (step < target) apply(E[step++], true);
  while (step > target) apply(E[--step], false);
  draw();
}
function text(i) {
  const e = E[i], k = e[0];
  if (k === 0) return (i + 1) + ": place row " + (e[2] + 1) + " col " + (e[3] + 1);
  if (k === 1) return (i + 1) + ": reject row " + (e[2] + 1) + " col " + (e[3] + 1) +
    ": attacked by row " + (e[4] + 1) + " col " + (e[5] + 1) +
    (e[5] === e[3] ? " (same column)" : " (diagonal)");
  if (k === 2) return (i + 1) + ": backtrack: remove row " + (e[2] + 1) + " col " + (e[3] + 1);
  return (i + 1) + ": solution " + e[7] + ": " + e[11].map(c => c + 1).join(" ");
}
const list = document.getElementById("events");
const spacer = document.createElement("div");
spacer.style.height = (N * 1.3) + "em"; spacer.style.padding = "0";
list.appendChild(spacer);
const lines = document.createElement("div");
lines.style.position = "absolute"; lines.style.left = "0"; lines.style.right = "0";
lines.style.padding = "0"; lines.style.height = "auto";
list.appendChild(lines);
let lineHeight = 0;
function drawList(follow) {
  if (!lineHeight) lineHeight = (spacer.offsetHeight / Math.max(1, N)) || 16;
  if (follow && step > 0) {
    const y = (step - 1) * lineHeight;
    if (y < list.scrollTop || y > list.scrollTop + list.clientHeight - 2 * lineHeight) {
      list.scrollTop = y - list.clientHeight / 2;
    }
  }
  const first = Math.max(0, Math.floor(list.scrollTop / lineHeight) - 5);
  const last = Math.min(N, first + Math.ceil(list.clientHeight / lineHeight) + 10);
  lines.style.top = (first * lineHeight) + "px";
  let html = "";
  for (let i = first; i < last; i++) {
    const cls = (i === step - 1 ? "now" : "") + (E[i][0] === 3 ? " solution" : "");
    html += "<div data-step=\"" + (i + 1) + "\" class=\"" + cls + "\">" + text(i) + "</div>";
  }
  lines.innerHTML = html;
}
list.addEventListener("scroll", () => drawList(false));
list.addEventListener("click", ev => {
  const d = ev.target.closest("[data-step]");
  if (d) go(Number(d.dataset.step));
});
function draw() {
  const attacked = [];
  for (let r = 0; r < n; r++) attacked.push(new Array(n).fill(false));
  for (let r = 0; r < n; r++) {
    if (col[r] < 0) continue;
    for (let q = 0; q < n; q++) {
      if (q === r) continue;
      const d = Math.abs(q - r);
      attacked[q][col[r]] = true;
      if (col[r] - d >= 0) attacked[q][col[r] - d] = true;
      if (col[r] + d < n) attacked[q][col[r] + d] = true;
    }
  }
  const e = step > 0 ? E[step - 1] : null;
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const td = cells[r][c];
      const queen = col[r] === c;
      const here = e && e[0] !== 3 && e[2] === r && e[3] === c;
      let cls = (r + c) % 2 ? "dark" : "light";
      if (attacked[r][c] && !queen) cls += " attacked";
      if (here) cls += e[0] === 1 ? " rejected" : " current";
      td.className = cls;
      td.textContent = queen ? "\u265B" : (here && e[0] === 1 ? "\u00D7" : "");
    }
  }
  document.getElementById("step").textContent = step + " / " + N;
  document.getElementById("placed").textContent = placed;
  document.getElementById("rejected").textContent = rejected;
  document.getElementById("removed").textContent = removed;
  document.getElementById("found").textContent = found;
  document.getElementById("event").textContent = e ? text(step - 1) : "the empty board";
  drawList(true);
}
let timer = null;
function delay() { return 1000 / Number(document.getElementById("speed").value); }
function play() {
  if (timer) {
    clearTimeout(timer); timer = null;
    document.getElementById("play").textContent = "Play";
    return;
  }
  document.getElementById("play").textContent = "Pause";
  const tick = () => {
    if (step >= N) { play(); return; }
    go(step + 1);
    timer = setTimeout(tick, delay());
  };
  tick();
}
function nextSolution() {
  let i = step;
  while (i < N && E[i][0] !== 3) i++;
  go(i < N ? i + 1 : N);
}
function previousSolution() {
  let i = step - 2;
  while (i >= 0 && E[i][0] !== 3) i--;
  go(i >= 0 ? i + 1 : 0);
}
document.getElementById("play").onclick = play;
document.getElementById("back").onclick = () => go(step - 1);
document.getElementById("forward").onclick = () => go(step + 1);
document.getElementById("start").onclick = () => go(0);
document.getElementById("end").onclick = () => go(N);
document.getElementById("next").onclick = nextSolution;
document.getElementById("previous").onclick = previousSolution;
document.addEventListener("keydown", ev => {
  if (ev.target.tagName === "INPUT") return;
  const keys = { " ": play, "ArrowRight": () => go(step + 1), "ArrowLeft": () => go(step - 1),
    "n": nextSolution, "p": previousSolution, "Home": () => go(0), "End": () => go(N) };
  if (keys[ev.key]) { ev.preventDefault(); keys[ev.key](); }
});
// For tests and scripts: the state the page shows.
window.nqTrace = {
  go, nextSolution, events: N,
  state: () => ({ step, col: col.slice(), placed, rejected, removed, found }),
};
draw();
</script>
</body>
</html>
)page";

// A JSON string's body.
std::string quoted(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      (out += '\\') += c;
    } else if (c == '<') {
      out += "\\u003c";  // never close the script element early
    } else if (c == '\t') {
      out += "\\t";
    } else {
      out += c;
    }
  }
  return out + "\"";
}

}  // namespace

void write_trace_data(std::ostream& out, const TracePage& page) {
  const nq::trace::Listing& listing = nq::trace::listing(page.method);
  out << "{\"n\":" << page.n << ",\"method\":" << quoted(nq::trace::to_string(page.method))
      << ",\"first\":" << (page.first ? "true" : "false") << ",\"seed\":" << page.seed
      << ",\"cut\":" << (page.summary.cut ? "true" : "false") << ",\"max_steps\":" << page.max_steps
      << ",\"capped\":" << (page.capped ? "true" : "false") << ",\"steps\":" << page.summary.steps
      << ",\"listing\":{\"lines\":[";
  for (std::size_t i = 0; i < listing.lines.size(); ++i) {
    out << (i ? "," : "") << quoted(listing.lines[i]);
  }
  out << "],\"kinds\":{";
  for (std::size_t i = 0; i < listing.kinds.size(); ++i) {
    out << (i ? "," : "") << quoted(to_string(listing.kinds[i].kind)) << ':'
        << listing.kinds[i].line;
  }
  out << "}},\"kinds\":[";
  for (int k = 0; k < nq::trace::kKinds; ++k) {
    out << (k ? "," : "") << quoted(to_string(static_cast<nq::trace::Kind>(k)));
  }
  out << "],\"alongs\":[\"\",\"row\",\"column\",\"diagonal\",\"anti-diagonal\"],\"events\":[";
  bool first = true;
  for (const nq::trace::Event& e : page.events) {
    out << (first ? "[" : ",[") << static_cast<int>(e.kind) << ',' << e.code_line << ',' << e.row
        << ',' << e.col << ',' << e.by_row << ',' << e.by_col << ',' << static_cast<int>(e.along)
        << ',' << e.number << ',' << e.work.placements << ',' << e.work.checks << ','
        << e.work.nodes << ",[";
    first = false;
    for (std::size_t r = 0; r < e.board.size(); ++r) out << (r ? "," : "") << e.board[r];
    std::string vars;
    for (const nq::trace::Variable& v : e.vars) {
      if (!vars.empty()) vars += '\t';
      (vars += v.name) += '=';
      vars += to_string(v, page.n);
    }
    out << "]," << quoted(vars) << ']';
  }
  out << "]}";
}

void write_trace_page(std::ostream& out, const TracePage& page) {
  const std::string method(nq::trace::to_string(page.method));
  out << kHead;
  out << "<h1>" << page.n << " queens, " << method << ": " << page.summary.steps << " steps</h1>\n";
  out << R"page(<div id="main">
<table id="board" aria-label="board"></table>
<div id="side">
<div id="controls">
<button id="start" title="Home">Start</button><button id="back" title="Left arrow">&#x2190; Back</button><button id="play" title="Space">Play</button><button id="forward" title="Right arrow">Forward &#x2192;</button><button id="end" title="End">End</button><br>
<button id="previous" title="p">&#x2190; Previous solution</button><button id="next" title="n">Next solution &#x2192;</button><br>
<label>Speed <input id="speed" type="range" min="1" max="200" value="8"> steps/s</label>
</div>
<div id="counters"><span>Step <b id="step"></b></span> <span>Placed <b id="placed"></b></span> <span>Rejected <b id="rejected"></b></span> <span>Backtracks <b id="removed"></b></span> <span>Solutions <b id="found"></b></span></div>
<div id="event"></div>
<div id="events"></div>
<div id="status">)page";
  if (page.summary.cut) {
    out << "<span id=\"cut\">The trace was cut at " << page.summary.steps << " steps (--max-steps "
        << page.max_steps << "); the search went on beyond.</span>";
  } else {
    out << "The whole search: " << page.summary.solutions << " solutions.";
  }
  out << "<br>Keys: space play/pause, &#x2190; &#x2192; step, n / p next / previous solution, "
         "Home / End.</div>\n</div>\n</div>\n";
  out << "<script id=\"trace\" type=\"application/json\">";
  write_trace_data(out, page);
  out << "</script>\n" << kScript;
}

}  // namespace nqcli
