// SPDX-License-Identifier: MIT
// The search player: any method's trace (docs/trace.md) step by step, forward and back, to the
// next solution, or playing at a chosen speed, with the board drawn for each kind of event, the
// method's listing beside it with the event's line marked, the listing's variables, the counters
// (each defined), the tally of each kind, and for the row-by-row methods the folded search tree.
//
// It is fed by a source, so that the same player serves the playground (events from the worker,
// worker-source.js) and `nqueens trace --format html` (events recorded in the page,
// trace-main.js). A source has n, method, first, listing ({lines, kinds}), info (the
// library's words on the method: about, what its counters count, fills_rows), wordings (the
// library's sentences, sentences.js), estimated (about how many events the whole trace has, or
// null) and
//   window(from, count) -> Promise<{events, ended}>   the events after step `from`, in order
//   seek(from, kinds)   -> Promise<{event} | {last}>  the first event of those kinds after
//                                                     `from`, or (none) the trace's last event
//   solutionsUpTo(step) -> Promise<events>            (optional) the solutions so far
// Every event carries its whole state (board, counters, variables), so the player keeps only a
// window of events around the step shown; the per-kind tallies are exact while the steps were
// walked one by one from the start, and come from the source after a jump (or show "—").
import { fmt, plural, showError, columns1 } from "./util.js";
import { makeBoard, drawBoard, ensureDefs, miniBoard } from "./board.js";
import { drawing, legend, levelBoards } from "./player-draw.js";
import { describe } from "./sentences.js";
import { drawTree, legendIcon } from "./player-tree.js";
import { COUNTERS, limitNote, END_LIMIT } from "./player-info.js";

const CHUNK = 2000;        // events asked of the source at a time
const KEEP = 20000;        // events kept around the step shown
const WALK_LIMIT = 20000;  // walked one by one to the next solution before jumping there

const TEMPLATE = `
<div class="player-stage">
  <div class="board-column">
    <div class="board-wrap"><div id="board" class="board" role="img" aria-describedby="event"></div></div>
    <ol id="level-strip" class="level-strip" aria-label="The level's first boards" hidden></ol>
    <p id="board-legend" class="legend"></p>
    <p id="player-about" class="about"></p>
    <p id="player-limit" class="note limit" hidden></p>
  </div>
  <div class="side">
    <div class="controls">
      <div class="buttons">
        <button type="button" id="reset" class="icon" aria-label="Back to the start" title="Back to the start (Home)"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 5h2v14H6zM19 5v14l-10-7z"/></svg></button>
        <button type="button" id="back" class="icon" aria-label="Step back" title="Step back (&#x2190;)"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M17 5v14L6 12z"/></svg></button>
        <button type="button" id="play" class="primary" title="Play or pause (Space)" aria-pressed="false">Play</button>
        <button type="button" id="forward" class="icon" aria-label="Step forward" title="Step forward (&#x2192;)"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M7 5v14l11-7z"/></svg></button>
        <button type="button" id="next-solution" title="Next solution (N)">Next solution</button>
        <button type="button" id="player-cancel" hidden>Cancel</button>
      </div>
      <label class="speed"><span class="sr-only">Speed</span><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M12 4a9 9 0 0 0-9 9h2a7 7 0 0 1 14 0h2a9 9 0 0 0-9-9zm4.2 3.4L11 12.6a2 2 0 1 0 1.4 1.4l5.2-5.2z"/></svg><input type="range" id="speed" min="0" max="100" step="5" value="15" aria-describedby="speed-out"> <output id="speed-out" for="speed"></output></label>
    </div>
    <p id="player-error" class="error" role="alert" hidden></p>
    <p id="event" class="event" role="status" aria-live="polite" aria-atomic="true"></p>
    <div class="code">
      <figure class="listing">
        <figcaption><span class="figtitle">The method's code</span> <span class="meta">the line that made the step is marked ▶</span></figcaption>
        <ol id="listing" class="listing-lines" tabindex="0" aria-label="The method's code, line by line"></ol>
      </figure>
      <figure class="vars-box">
        <figcaption><span class="figtitle">Variables</span> <span class="meta">as the code counts, from 0: its row 2 is the board's row 3</span></figcaption>
        <dl id="vars" class="vars"></dl>
      </figure>
    </div>
    <div class="readout">
      <div>
        <dl id="counters" class="counters"></dl>
        <details class="definitions"><summary>What the counters count</summary><dl id="definitions"></dl></details>
        <dl id="tallies" class="tallies" aria-label="Events so far, by kind"></dl>
      </div>
      <figure id="tree-figure" class="tree">
        <figcaption>
          <span class="figtitle" title="One level per row. Only the squares tried under the queens now on the board are drawn; each finished subtree is folded into one node.">Search tree</span>
          <span class="legend">
            <span>${legendIcon("path")}on the board</span> <span>${legendIcon("done")}backtracked</span>
            <span>${legendIcon("solved")}solution below</span> <span>${legendIcon("solution")}solution</span>
            <span>${legendIcon("rejected")}attacked</span> <span>${legendIcon("open")}untried</span>
          </span>
        </figcaption>
        <svg id="tree" role="img" aria-label="The search tree, folded: one level per row, showing only the squares tried under the queens on the board"></svg>
      </figure>
    </div>
    <p class="keys">Keys: <kbd>Space</kbd> play/pause · <kbd>&#x2190;</kbd> <kbd>&#x2192;</kbd> step · <kbd>N</kbd> next solution · <kbd>+</kbd> <kbd>&#x2212;</kbd> speed · <kbd>Home</kbd> <kbd>End</kbd> start, end</p>
  </div>
</div>`;

export function createPlayer(root, { keysActive = () => true, onStep = () => {} } = {}) {
  ensureDefs();
  root.classList.add("player");
  root.innerHTML = TEMPLATE;
  const el = id => root.querySelector(`#${id}`);
  const P = {
    source: null,
    events: [],       // events lo + 1 .. lo + events.length
    lo: 0,
    step: 0,
    lastStep: null,   // the trace's last step, once known
    ended: false,     // the window reaches the trace's end
    tally: new Map(), // kind -> events so far; null when not known (after a jump)
    solutions: [],    // solution events seen, by step
    playing: false,
    job: 0,           // bumped to stop a play loop or a walk
    fetching: null,   // the window being fetched, a promise
    notice: "",       // what the last action has to say beside the step (cleared by the next)
    board: null,
  };

  // ---- the window of events

  const has = step => step > P.lo && step <= P.lo + P.events.length;
  const at = step => (step === 0 ? null : P.events[step - P.lo - 1]);
  const current = () => (has(P.step) ? at(P.step) : null);

  // Appends the events after the window (or starts a window after `from`).
  function fetchAfter(from) {
    if (P.fetching) return P.fetching;
    const source = P.source;
    const done = () => { if (P.fetching === fetching) P.fetching = null; };
    const fetching = source.window(from, CHUNK).then(({ events, ended }) => {
      done();
      if (source !== P.source) return;
      if (from === P.lo + P.events.length) P.events.push(...events);
      else if (from < P.step && P.step <= from + events.length) { P.lo = from; P.events = events; }
      else return;  // the window moved meanwhile (a step back, a jump): this one no longer fits
      if (ended) {
        P.ended = true;
        P.lastStep = P.lo + P.events.length;
      }
      if (P.events.length > KEEP && P.step - P.lo > CHUNK) {
        const drop = Math.min(P.events.length - KEEP, P.step - P.lo - CHUNK);
        P.events.splice(0, drop);
        P.lo += drop;
      }
    }, error => {
      done();
      throw error;
    });
    P.fetching = fetching;
    return fetching;
  }

  // Before the window: a window that ends at the step shown.
  async function fetchBefore(step) {
    const from = Math.max(0, step - CHUNK);
    const source = P.source;
    const { events, ended } = await source.window(from, step - from);
    if (source !== P.source) return;
    P.lo = from;
    P.events = events;
    P.ended = ended && events.length < step - from;
  }

  const atEnd = () => P.lastStep !== null && P.step >= P.lastStep;

  // One step on from the window; "wait" when the window must grow first.
  function forwardNow() {
    if (atEnd()) return "end";
    if (!has(P.step + 1)) {
      if (P.ended && P.step === P.lo + P.events.length) { P.lastStep = P.step; return "end"; }
      return "wait";
    }
    P.step++;
    const e = at(P.step);
    if (P.tally) P.tally.set(e.kind, (P.tally.get(e.kind) ?? 0) + 1);
    if (e.kind === "solution") noteSolution(e);
    if (!P.ended && P.lo + P.events.length - P.step < CHUNK / 2) fetchAfter(P.lo + P.events.length).catch(fail);
    return "ok";
  }

  async function forward() {
    let r = forwardNow();
    if (r === "wait") {
      await fetchAfter(P.lo + P.events.length);
      r = forwardNow();
    }
    return r === "ok";
  }

  async function back() {
    if (P.step === 0) return false;
    if (P.step - 1 > 0 && !has(P.step - 1)) await fetchBefore(P.step);
    const left = at(P.step);
    if (P.tally && left) P.tally.set(left.kind, P.tally.get(left.kind) - 1);
    P.step--;
    return true;
  }

  function noteSolution(e) {
    const last = P.solutions[P.solutions.length - 1];
    if (!last || last.step < e.step) P.solutions.push({ step: e.step, board: e.board });
    else if (!P.solutions.some(s => s.step === e.step)) P.solutions.push({ step: e.step, board: e.board });
  }
  // Whether a solution seen up to the step shown starts with these columns (for the tree).
  function solvedBelow(prefix) {
    const key = prefix.join();
    return P.solutions.some(s => s.step <= P.step && s.board.slice(0, prefix.length).join() === key);
  }

  // ---- moving far: the next solution, a step given by a link

  // Walks to the next solution while it is near (the tallies stay exact), then asks the source
  // to jump there (only the solutions cross over).
  async function nextSolution() {
    pause();
    const job = P.job;
    const startStep = P.step;
    busy(true);
    try {
      for (;;) {
        const r = forwardNow();
        if (r === "end") return;
        if (r === "ok" && at(P.step).kind === "solution") return;
        if (r === "wait") {
          if (P.step - startStep >= WALK_LIMIT) return await jumpToNext();
          el("event").textContent = `Searching… step ${fmt(P.step)}`;
          await fetchAfter(P.lo + P.events.length);
          if (job !== P.job) return;
        }
      }
    } finally {
      if (job === P.job) busy(false);
      render();
    }
  }

  async function jumpToNext() {
    const from = P.lo + P.events.length;
    const over = P.source.estimated ?? null;
    const knownAll = !P.source.first && knownSolutions() !== null && P.solutions.length >= knownSolutions();
    if (knownAll && over !== null && over > END_LIMIT) {
      P.notice = "That was the last solution: the rest of the search finds no other, and its end is out of this page's reach.";
      return;
    }
    el("event").textContent = `Searching ahead from step ${fmt(from)}…`;
    const found = await P.source.seek(from, ["solution"]);
    await jumpTo(found.event ?? found.last);
  }

  // The solutions a whole search finds, when the page knows them (for "that was the last").
  function knownSolutions() {
    const known = typeof nq !== "undefined" && nq.knownCount ? nq.knownCount(P.source.n) : null;
    return known ? Number(known.total) : null;
  }

  async function jumpTo(e) {
    if (!e) return;
    const source = P.source;
    const { events, ended } = await source.window(e.step - 1, CHUNK);
    if (source !== P.source) return;
    P.lo = e.step - 1;
    P.events = events;
    P.ended = ended;
    if (ended) P.lastStep = P.lo + events.length;
    P.step = e.step;
    P.tally = e.tally ? new Map(Object.entries(e.tally)) : null;
    if (e.kind === "solution") noteSolution(e);
  }

  // To the trace's last step, when the page can reach it (recorded events always can).
  async function toEnd() {
    pause();
    if (P.lastStep === null) {
      const over = P.source.estimated ?? null;
      if (!P.source.first && over !== null && over > END_LIMIT) {
        P.notice = "The end of this trace is out of this page's reach (see the note under the board).";
        return;
      }
      busy(true);
      try {
        el("event").textContent = "Going to the end…";
        const found = await P.source.seek(P.lo + P.events.length, []);
        await jumpTo(found.last ?? found.event);
        await learnSolutions(P.step);
      } finally {
        busy(false);
      }
      return;
    }
    if (P.lastStep - P.step <= WALK_LIMIT) {
      while (P.step < P.lastStep && (await forward()));
    } else {
      const { events } = await P.source.window(P.lastStep - 1, 1);
      await jumpTo(events[0]);
      await learnSolutions(P.step);
    }
  }

  // The solutions before a step jumped to, for the counters and the tree (where the source can
  // tell them).
  async function learnSolutions(step) {
    if (!P.source.solutionsUpTo) return;
    for (const s of await P.source.solutionsUpTo(step)) noteSolution(s);
    P.solutions.sort((a, b) => a.step - b.step);  // noteSolution appends; the tree reads them in order
  }

  // To step k (a shared link): walked when near, else a jump with the solutions before it.
  async function goTo(k) {
    if (k <= WALK_LIMIT) {
      while (P.step < k && (await forward()));
      return;
    }
    const { events } = await P.source.window(k - 1, 1);
    if (!events.length) return;
    await jumpTo(events[0]);
    await learnSolutions(k);
  }

  // ---- playing

  const speed = () => Math.round(10 ** (Number(el("speed").value) / 25));  // 1 .. 10,000 steps/s
  function showSpeed() {
    el("speed-out").textContent = `${fmt(speed())} steps/s`;
  }
  function changeSpeed(delta) {
    const slider = el("speed");
    slider.value = String(Number(slider.value) + delta * Number(slider.step));
    showSpeed();
  }

  function pause() {
    P.job++;
    if (P.playing) {
      P.playing = false;
      el("event").setAttribute("aria-live", "polite");
    }
  }

  // Each animation frame applies as many events as the speed has made due; while the window
  // grows the play waits for it. The live region is quiet while playing (a step every frame
  // would drown a screen reader) and speaks again on pause.
  function togglePlay() {
    if (P.playing) {
      pause();
      render();
      return;
    }
    const job = ++P.job;
    P.playing = true;
    el("event").setAttribute("aria-live", "off");
    let clock = performance.now(), due = 1;
    const frame = now => {
      if (job !== P.job) return;
      due = Math.min(due + ((now - clock) / 1000) * speed(), speed() / 4 + 1);
      clock = now;
      for (; due >= 1; due--) {
        const r = forwardNow();
        if (r === "end") { pause(); break; }
        if (r === "wait") {
          fetchAfter(P.lo + P.events.length).catch(fail);
          break;
        }
      }
      render();
      if (P.playing) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
    render();
  }

  // ---- drawing

  // The functional method's level: its first boards as small boards, and how many more.
  function drawStrip(strip, n) {
    const list = el("level-strip");
    list.hidden = !strip;
    if (!strip) return;
    const boards = levelBoards(n, strip.k);
    const items = boards.map((b, i) => `<li>${miniBoard(b, `Board ${i + 1} of level ${strip.k}: columns ${columns1(b)}`, n)}</li>`);
    if (strip.count > boards.length) items.push(`<li class="more">and ${fmt(strip.count - boards.length)} more</li>`);
    list.innerHTML = items.join("");
  }

  function render() {
    const source = P.source;
    if (!source) return;
    const e = current();
    const d = drawing(e, source.n);
    drawBoard(P.board, d.queens, { lines: (d.bands ?? "") + d.lines, marks: d.marks, shade: d.shade });
    el("board-legend").textContent = legend(e, d);
    drawStrip(d.strip, source.n);
    P.board.container.classList.toggle("solved", e?.kind === "solution");
    P.board.container.setAttribute("aria-label", `The board: ${plural(d.queens.length, "queen")}`);
    const event = el("event");
    event.dataset.kind = e?.kind ?? "start";
    event.dataset.step = String(P.step);
    event.textContent = describe(e, source.wordings) + (atEnd() ? ` The search is over: ${plural(P.solutions.length, "solution")}.` : "") +
      (P.notice ? ` ${P.notice}` : "");
    markLine(e);
    showVars(e);
    showCounts(e);
    if (!el("tree-figure").hidden) drawTree(el("tree"), source.n, e, solvedBelow);
    updateButtons();
    onStep(P.step);
  }

  // The event's line marked, and scrolled into view inside the listing (the page itself must not
  // jump). Nothing is read from the layout on a step: the lines' height and the listing's are
  // measured when it is laid out, and its scroll position followed by its scroll events.
  const listingBox = { line: 0, lineHeight: 18, height: 0, scroll: 0 };
  function measureListing() {
    const list = el("listing");
    listingBox.lineHeight = list.firstElementChild?.offsetHeight || 18;
    listingBox.height = list.clientHeight;
    listingBox.scroll = list.scrollTop;
  }
  function markLine(e) {
    const line = e ? e.line : 0;
    if (line === listingBox.line) return;
    const list = el("listing");
    list.children[listingBox.line - 1]?.removeAttribute("aria-current");
    listingBox.line = line;
    const li = list.children[line - 1];
    if (!li) return;
    li.setAttribute("aria-current", "step");
    const { lineHeight, height, scroll } = listingBox;
    const top = (line - 1) * lineHeight;
    if (height && (top < scroll || top + lineHeight > scroll + height)) {
      // Followed at once: steps faster than the scroll events (a walk, a jump) must not mark a
      // line that a stale scroll position says is in view.
      listingBox.scroll = Math.max(0, Math.min(top - height / 3, list.children.length * lineHeight - height));
      list.scrollTop = listingBox.scroll;
    }
  }

  function showVars(e) {
    const dl = el("vars");
    const vars = e ? e.vars : [];
    const keys = vars.map(([k]) => k).join();
    if (dl.dataset.keys !== keys) {
      dl.dataset.keys = keys;
      dl.innerHTML = vars.map(([k]) => `<div><dt>${k}</dt><dd></dd></div>`).join("") || `<div class="none">—</div>`;
    }
    vars.forEach(([, v], i) => {
      const dd = dl.children[i].lastChild;
      if (/^0b[01]+$/.test(v)) dd.replaceChildren(v, bitSquares(v));
      else dd.textContent = v;
    });
  }

  // A mask as the code writes it puts column 1's bit on the right, the board's mirror: beside it,
  // one square a column in the board's order, filled where the bit is set.
  function bitSquares(mask) {
    const bits = mask.slice(2), strip = document.createElement("span");
    strip.className = "bits";
    strip.title = "the same bits in the board's order: column 1 first";
    strip.setAttribute("aria-hidden", "true");
    for (let c = 0; c < bits.length; c++) {
      const square = document.createElement("span");
      if (bits[bits.length - 1 - c] === "1") square.className = "on";
      strip.append(square);
    }
    return strip;
  }

  function showCounts(e) {
    const counters = el("counters");
    const values = { steps: P.step, placements: e?.placements ?? 0, checks: e?.checks ?? 0, nodes: e?.nodes ?? 0, solutions: e?.kind === "solution" ? e.number : P.solutions.filter(s => s.step <= P.step).length };
    for (const div of counters.children) div.lastChild.textContent = fmt(values[div.dataset.key]);
    const tallies = el("tallies");
    for (const div of tallies.children) {
      const n = P.step === 0 ? 0 : P.tally?.get(div.dataset.kind);
      div.lastChild.textContent = n === undefined ? (P.tally ? "0" : "—") : fmt(n);
    }
    tallies.title = P.tally ? "" : "Not known after a jump: step from the start to count every kind.";
  }

  function updateButtons() {
    const end = atEnd();
    el("back").disabled = P.step === 0;
    el("forward").disabled = end;
    el("next-solution").disabled = end;
    el("play").disabled = end && !P.playing;
    el("play").textContent = P.playing ? "Pause" : "Play";
    el("play").setAttribute("aria-pressed", String(P.playing));
  }

  function busy(on) {
    el("player-cancel").hidden = !on || !P.source?.cancel;
    root.setAttribute("aria-busy", String(on));
  }

  // ---- one method's page

  function layOut(source) {
    const { n, method, listing } = source;
    if (P.board?.n !== n) P.board = makeBoard(el("board"), n, false);
    const info = source.info ?? {};  // the library's words on the method (nq::trace::method_info)
    el("player-about").textContent = info.about ?? "";
    const note = source.note || limitNote(method, n, source.first, source.estimated);
    el("player-limit").textContent = note;
    el("player-limit").hidden = !note;
    el("listing").innerHTML = listing.lines.map((text, i) => `<li data-line="${i + 1}"><code>${escape(text) || " "}</code></li>`).join("");
    el("counters").innerHTML = [["steps", "Steps"], ...Object.entries(COUNTERS).map(([k, [label]]) => [k, label]), ["solutions", "Solutions"]]
      .map(([k, label]) => `<div data-key="${k}"><dt>${label}</dt><dd></dd></div>`).join("");
    el("definitions").innerHTML = Object.entries(COUNTERS).map(([k, [label, general]]) =>
      `<div><dt>${label}</dt><dd>${general}; for ${method}: ${info[k] ?? general}.</dd></div>`).join("");
    el("tallies").innerHTML = Object.entries(listing.kinds).sort((a, b) => a[1] - b[1])
      .map(([kind, line]) => `<div data-kind="${kind}" title="told by line ${line}"><dt>${kind}</dt><dd></dd></div>`).join("");
    el("tree-figure").hidden = !info.fills_rows;
    listingBox.line = 0;
    measureListing();
  }

  // A new trace (n, method or source changed); `step` from a shared link.
  async function load(source, { step = 0 } = {}) {
    pause();
    P.source?.cancel?.();
    Object.assign(P, { source, events: [], lo: 0, step: 0, lastStep: null, ended: false, tally: new Map(), solutions: [], fetching: null });
    el("player-error").hidden = true;
    layOut(source);
    render();
    try {
      await fetchAfter(0);
      if (step > 0) await goTo(step);
    } catch (error) {
      fail(error);
    }
    render();
  }

  function fail(error) {
    if (error?.name === "Cancelled") return;
    pause();
    showError(root.querySelector("#player-error").id, error);
    render();
  }

  // Actions from buttons and keys: one at a time, errors shown in the player.
  const act = action => async () => {
    if (!P.source) return;
    el("player-error").hidden = true;
    P.notice = "";
    try {
      await action();
    } catch (error) {
      fail(error);
    }
    render();
  };
  const stepForward = act(async () => { pause(); await forward(); });
  const stepBack = act(async () => { pause(); await back(); });
  const restart = act(async () => { await load(P.source); });
  const next = act(nextSolution);
  const end = act(toEnd);
  const cancel = () => { P.source?.cancel?.(); P.job++; busy(false); render(); };

  el("reset").addEventListener("click", restart);
  el("back").addEventListener("click", stepBack);
  el("forward").addEventListener("click", stepForward);
  el("play").addEventListener("click", togglePlay);
  el("next-solution").addEventListener("click", next);
  el("player-cancel").addEventListener("click", cancel);
  el("speed").addEventListener("input", showSpeed);
  el("listing").addEventListener("scroll", () => { listingBox.scroll = el("listing").scrollTop; }, { passive: true });
  addEventListener("resize", measureListing);
  showSpeed();

  // Space, arrows, N, +/-, Home and End drive the player, except where the key already means
  // something: form fields, the tab list, buttons (Space on a focused button presses that
  // button, and only that), and the arrows in the listing (they scroll it).
  const keys = {
    " ": togglePlay, ArrowRight: stepForward, ArrowLeft: stepBack, n: next, Home: restart, End: end,
    "+": () => changeSpeed(+1), "=": () => changeSpeed(+1), "-": () => changeSpeed(-1),
  };
  document.addEventListener("keydown", event => {
    if (!keysActive() || !P.source || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.closest?.("input, select, textarea, [role=tab], [contenteditable]")) return;
    if ((event.key === " " || event.key === "Enter") && target.closest?.("button, a, summary, [role=button]")) return;
    if (event.key.startsWith("Arrow") && target.closest?.("#listing")) return;  // the arrows scroll the code
    const action = keys[event.key.length === 1 ? event.key.toLowerCase() : event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });

  // The player for a script (the pages' tests, the curious in the console): the same actions as
  // the buttons, each resolving once the step is drawn.
  return {
    load,
    pause,
    forward: stepForward,
    back: stepBack,
    nextSolution: next,
    end,
    state: () => ({ step: P.step, lastStep: P.lastStep, kind: current()?.kind ?? null, line: current()?.line ?? null,
      solutions: P.solutions.length, playing: P.playing, event: current() }),
  };
}

const escape = text => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
