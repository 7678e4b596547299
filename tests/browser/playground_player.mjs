// SPDX-License-Identifier: MIT
// The Search tab's player in the playground, against facts known without the library:
// - every method for n = 4..6, event by event, against the independent reference of
//   tests/reference/trace_reference.mjs (written from docs/trace.md alone; `first` through its
//   checker): what the page draws (the queens), the line it marks in the listing (and that the
//   line holds the code of the event's kind, by a fragment table of this file's own), the
//   counters and variables it shows, and the event's squares;
// - the buttons and keys on recursive n = 4 (the attack line of each reject, back, next solution,
//   play and pause, Space on a focused button presses only that button);
// - a jump far ahead (the first solution of n = 20), a step restored from a shared link, the
//   note on a trace too long for the page (blind n = 8);
// - screenshots of each method mid-trace, at laptop and phone sizes.
import path from "node:path";
import { check, same, columnsOn, counter, tab, referenceSolutions, isSolution } from "./lib.mjs";
import { METHODS, referenceTrace, checkFirstTrace } from "../reference/trace_reference.mjs";

// The code each kind's line must hold (this test's own reading of the listings; a function of the
// event where each row has its own line).
const FRAGMENTS = {
  blind: { candidate: "allSafe(cols)", conflict: "=== b - a) return false", solution: "report(cols)" },
  nested: {  // a loop a row: each row's events come from its own check and its own loop
    place: e => `if (!safe(${e.row}, cols[${e.row}])) continue;`,
    reject: "=== row - r) return false",
    remove: e => `for (cols[${e.row}] = 0; cols[${e.row}] < n; cols[${e.row}]++) {`,
    solution: "report(cols)",
  },
  iterative: { place: "safe(row, cols[row])", reject: "=== row - r) return false", remove: "cols[row]++", solution: "report(cols)" },
  recursive: { place: "cols[row] = c;", reject: "=== row - r) return false", remove: "cols.length = row", solution: "return report(cols)" },
  "board-scan": { scan: "this way is clear", reject: "if (board[r][k]) return false", place: "board[row][c] = true", remove: "cols.length = row", solution: "return report(cols)" },
  permutations: { candidate: "noSharedDiagonal(p)", conflict: "=== b - a) return false", solution: "report(p)", swap: "[p[i], p[j]] = [p[j], p[i]]", reverse: ".reverse()" },
  amb: { run: "pos = 0", replay: "options[trail[pos++]]", choose: "trail.push(0)", fail: "amb.require(", solution: "report(cols)", backtrack: "trail[trail.length - 1]++" },
  functional: { extend: ".map(c => [...board, c])", keep: ".filter(safe)", drop: ".filter(safe)", level: "boards.flatMap(", solution: "return boards" },
  bitmask: { free: "~(taken | diag | anti)", place: "Math.log2(bit)", remove: "cols.length = row", solution: "report(cols)" },
  random: { start: "for (;;)", pick: "[cols[i], cols[j]] = [cols[j], cols[i]];", move: "swap two queens' columns", undo: "worse: undo", solution: "return cols" },
  first: { reject: "attacked(rows, row, c)", probe: "complete([...rows, c])", refuted: "complete([...rows, c])", split: "complete([...rows, c])", completed: "known = found", settled: "rows.push(col)", solution: "return rows" },
};
const fragmentFor = (method, e) => {
  const fragment = FRAGMENTS[method][e.kind];
  return typeof fragment === "function" ? fragment(e) : fragment;
};
const SEED = 1;  // the page's default seed for random

// Chooses a trace in the toolbar and waits until the player stands at its start.
export async function choose(page, n, method, { first = false } = {}) {
  if (await page.isHidden("#panel-search")) await tab(page, "search");
  await page.selectOption("#search-method", method);
  await page.selectOption("#search-n", String(n));
  if (method !== "random" && method !== "first" && (await page.isChecked("#search-first")) !== first) await page.click("#search-first");
  await page.waitForFunction(([n, method]) => {
    const s = window.nqPlayground?.player.state();
    return s && s.step === 0 && document.querySelector("#listing li") && document.getElementById("board").style.getPropertyValue("--n") === String(n)
      && document.getElementById("search-method").value === method && document.querySelector("#search-player").getAttribute("aria-busy") !== "true";
  }, [n, method]);
  await page.waitForTimeout(50);
}

// Up to `count` steps forward, each read back from what the page shows.
async function walk(page, count) {
  return page.evaluate(async count => {
    const player = window.nqPlayground.player, root = document.getElementById("search-player");
    const shown = [];
    for (let i = 0; i < count; i++) {
      const before = player.state().step;
      await player.forward();
      const s = player.state();
      if (s.step === before) break;
      const n = Number(root.querySelector("#board").style.getPropertyValue("--n"));
      const read = selector => {
        const board = new Array(n).fill(-1);
        for (const q of root.querySelectorAll(selector)) {
          board[Math.round(Number(q.getAttribute("y")) - 0.12)] = Math.round(Number(q.getAttribute("x")) - 0.12);
        }
        return board;
      };
      const board = read("#board .overlay use.q:not(.ghost):not(.tentative)");
      const tentative = read("#board .overlay use.q.tentative");
      const strip = root.querySelector("#level-strip");
      const li = root.querySelector("#listing li[aria-current]");
      const number = key => Number(root.querySelector(`#counters [data-key="${key}"] dd`).textContent.replace(/,/g, ""));
      const attack = root.querySelector("#board line.attack-line, #board line.conflict-line:not(.faint)");
      shown.push({
        event: s.event,
        step: Number(root.querySelector("#event").dataset.step),
        kind: root.querySelector("#event").dataset.kind,
        board,
        tentative,
        strip: strip.hidden ? null : [...strip.querySelectorAll("svg.mini")].map(svg => {
          const cols = [];
          for (const q of svg.querySelectorAll("use.q")) cols[Math.round(Number(q.getAttribute("y")) - 0.1)] = Math.round(Number(q.getAttribute("x")) - 0.1);
          return cols;
        }),
        line: li ? Number(li.dataset.line) : null,
        code: li?.textContent ?? "",
        counters: [number("placements"), number("checks"), number("nodes")],
        vars: [...root.querySelectorAll("#vars div")].filter(d => d.querySelector("dt")).map(d => [d.querySelector("dt").textContent, d.querySelector("dd").textContent]),
        attack: attack ? ["y1", "x1", "y2", "x2"].map(a => Number(attack.getAttribute(a)) - 0.5) : null,
      });
    }
    return shown;
  }, count);
}

// The safe boards of k queens on n columns in lexicographic order (a level of functional),
// found by plain backtracking here.
function levelPrefixes(n, k) {
  const out = [], cols = [];
  (function grow() {
    if (cols.length === k) return void out.push(cols.slice());
    for (let c = 0; c < n; c++) {
      if (cols.some((q, r) => q === c || Math.abs(q - c) === cols.length - r)) continue;
      cols.push(c);
      grow();
      cols.pop();
    }
  })();
  return out;
}

// One shown step against the reference's event: what differs, as [what, detail] pairs.
function differences(method, got, want) {
  const out = [];
  if (got.step !== want.step || got.kind !== want.kind) return [["kind", `step ${got.step} ${got.kind}, want step ${want.step} ${want.kind}`]];
  if (got.line !== want.line) out.push(["line", `marks line ${got.line}, the ${want.kind} is told by line ${want.line}`]);
  const fragment = fragmentFor(method, want);
  if (!got.code.includes(fragment)) out.push(["code", `line ${got.line} (${got.code.trim()}) does not hold '${fragment}'`]);
  // Amb's trail is drawn as choices to replay, outlined, never as queens standing.
  const trail = method === "amb" && (want.kind === "run" || want.kind === "backtrack");
  const standing = trail ? want.board.map(() => -1) : want.board;
  if (!same(got.board, standing)) out.push(["board", `draws the queens ${JSON.stringify(got.board)}, want ${JSON.stringify(standing)}`]);
  const choices = trail ? JSON.parse(want.vars.find(([k]) => k === "trail")[1]) : [];
  const outlined = want.board.map((_, r) => (r < choices.length ? choices[r] : -1));
  if (!same(got.tentative, outlined)) out.push(["trail", `outlines the choices ${JSON.stringify(got.tentative)}, want ${JSON.stringify(outlined)}`]);
  // A functional level: its first boards drawn under the board, in the method's order.
  if (want.kind === "level") {
    const k = Number(want.vars.find(([name]) => name === "k")[1]);
    const first = levelPrefixes(want.board.length, k).slice(0, 8);
    if (!same(got.strip, first)) out.push(["strip", `level ${k} draws ${JSON.stringify(got.strip)}, want its first boards ${JSON.stringify(first)}`]);
  } else if (got.strip) {
    out.push(["strip", `a ${want.kind} shows a level's strip`]);
  }
  if (!same(got.counters, [want.placements, want.checks, want.nodes])) out.push(["counters", `counters ${got.counters}, want ${[want.placements, want.checks, want.nodes]}`]);
  if (!same(got.vars, want.vars)) out.push(["vars", `vars ${JSON.stringify(got.vars)}, want ${JSON.stringify(want.vars)}`]);
  for (const key of ["row", "col", "byRow", "byCol", "along", "number"]) {
    if (got.event[key] !== want[key]) out.push([key, `${key} ${got.event[key]}, want ${want[key]}`]);
  }
  const paired = ["reject", "fail", "drop", "conflict"].includes(want.kind) && want.byRow >= 0;
  if (paired && !same(got.attack, [want.byRow, want.byCol, want.row, want.col])) {
    out.push(["pair", `the line between the pair is ${JSON.stringify(got.attack)}, want ${[want.byRow, want.byCol, want.row, want.col]}`]);
  }
  return out;
}

// Every method for n = 4..6, every event; a trace longer than WALKED (blind and random at
// n = 6: 93,312 and 523,554 events) walked for its first WALKED events and then to each of its
// solutions by Next solution. Each kind of difference is told once per method and n, with the
// number of steps it was found on.
const WALKED = 20000;
export async function checkEveryMethod(page) {
  const methods = await page.$$eval("#search-method option", options => options.map(o => o.value));
  // The reference has every method the program traces (cli.trace_matches_the_reference fails
  // for one it lacks), so the menu must offer exactly its methods.
  check(same([...methods].sort(), [...METHODS].sort()), `the method list has ${methods}, want the reference's ${METHODS}`);
  const totals = [];
  for (const method of methods) {
    for (const n of [4, 5, 6]) {
      await choose(page, n, method);
      const shown = [];
      for (;;) {
        const part = await walk(page, Math.min(2000, WALKED - shown.length));
        shown.push(...part);
        if (part.length < 2000 || shown.length >= WALKED) break;
      }
      const cut = shown.length >= WALKED;
      totals.push(`${method} ${n}: ${shown.length}${cut ? "+" : ""}`);
      if (method === "first") {
        const problems = checkFirstTrace(n, shown.map(s => s.event));
        check(problems.length === 0, `first n=${n}: ${problems.slice(0, 3).join("; ")}`);
        const lines = shown.find(s => s.line !== s.event.line || !s.code.includes(FRAGMENTS.first[s.kind]) || !same(s.board, s.event.board));
        check(!lines, `first n=${n} step ${lines?.step}: the page shows line ${lines?.line} (${lines?.code.trim()}) or queens ${JSON.stringify(lines?.board)} for a ${lines?.kind}`);
        continue;
      }
      const want = referenceTrace(n, method, { seed: SEED, maxEvents: cut ? WALKED : Infinity });
      if (!cut) check(shown.length === want.length, `${method} n=${n}: the page steps through ${shown.length} events, the reference has ${want.length}`);
      const found = new Map();  // what -> [first detail, steps]
      for (let i = 0; i < Math.min(shown.length, want.length); i++) {
        for (const [what, detail] of differences(method, shown[i], want[i])) {
          if (!found.has(what)) found.set(what, [`step ${i + 1}: ${detail}`, 0]);
          found.get(what)[1]++;
        }
        if (found.has("kind")) break;  // out of step: the rest would all differ
      }
      for (const [what, [detail, steps]] of found) check(false, `${method} n=${n}, ${what} on ${steps} steps, first at ${detail}`);
      if (cut) await checkSolutionsByJumps(page, n, method);
    }
  }
  return totals;
}

// Next solution, from where the walk stopped, lands on each of the reference's solutions.
async function checkSolutionsByJumps(page, n, method) {
  const solutions = referenceTrace(n, method, { seed: SEED }).filter(e => e.kind === "solution");
  const from = await page.evaluate(() => window.nqPlayground.player.state().step);
  for (const want of solutions.filter(s => s.step > from)) {
    await page.evaluate(() => window.nqPlayground.player.nextSolution());
    const s = await page.evaluate(() => window.nqPlayground.player.state());
    if (!check(s.step === want.step && same(s.event?.board, want.board), `${method} n=${n}: next solution is step ${s.step} ${JSON.stringify(s.event?.board)}, want step ${want.step} ${JSON.stringify(want.board)}`)) return;
  }
}

// ---- the buttons and keys

// Recursive n = 4 with the buttons: every board, the attack line of every reject, the end, back.
export async function checkButtons(page) {
  await choose(page, 4, "recursive");
  const want = referenceTrace(4, "recursive");
  check(same(await columnsOn(page, "board", 4), [-1, -1, -1, -1]), "n=4: the search starts on an empty board");
  for (let k = 1; k <= want.length; k++) {
    await page.click("#forward");
    await page.waitForFunction(k => document.getElementById("event").dataset.step === String(k), k);
    const board = await columnsOn(page, "board", 4);
    if (!check(same(board, want[k - 1].board), `n=4 step ${k}: the board ${JSON.stringify(board)}, want ${want[k - 1].board}`)) return;
  }
  check(await page.$eval("#forward", b => b.disabled), "n=4: Forward is disabled at the end");
  check((await page.textContent("#event")).includes("The search is over: 2 solutions"), "n=4: the page says the search is over");
  for (let k = want.length - 1; k >= want.length - 20; k--) {
    await page.click("#back");
    await page.waitForFunction(k => document.getElementById("event").dataset.step === String(k), k);
    const board = await columnsOn(page, "board", 4);
    if (!check(same(board, want[k - 1].board), `n=4 back to step ${k}: board ${JSON.stringify(board)}`)) return;
  }
  await page.click("#reset");
  await page.waitForFunction(() => document.getElementById("event").dataset.step === "0");
  for (const solution of [[1, 3, 0, 2], [2, 0, 3, 1]]) {
    await page.click("#next-solution");
    await page.waitForFunction(() => document.getElementById("event").dataset.kind === "solution");
    check(same(await columnsOn(page, "board", 4), solution), `n=4 next solution: want ${solution}`);
    await page.click("#forward");
  }
  await page.click("#next-solution");
  await page.waitForFunction(() => document.getElementById("forward").disabled);
  check((await counter(page, "counters", "solutions")) === 2, "n=4: next solution past the last ends the search");
}

// Play and pause by key and button; Space on a focused button presses that button only; the
// arrows step; - slows down; the live region tells each step.
export async function checkKeys(page) {
  await choose(page, 8, "recursive");
  await page.$eval("#speed", s => { s.value = s.max; s.dispatchEvent(new Event("input")); });
  await page.click("h1");
  await page.keyboard.press(" ");
  await page.waitForTimeout(400);
  await page.keyboard.press(" ");
  const played = await counter(page, "counters", "steps");
  await page.waitForTimeout(200);
  check(played > 20 && (await counter(page, "counters", "steps")) === played, `n=8: Space played ${played} steps and paused`);
  await page.click("#play");  // the button has the focus now: Space presses it once, pausing
  await page.waitForTimeout(200);
  await page.keyboard.press(" ");
  const paused = await counter(page, "counters", "steps");
  await page.waitForTimeout(200);
  check(paused > played && (await counter(page, "counters", "steps")) === paused, "n=8: Play, then Space on the button, pauses");
  await page.focus("#back");
  await page.keyboard.press(" ");
  await page.waitForFunction(k => document.getElementById("event").dataset.step === String(k), paused - 1);
  await page.waitForTimeout(200);
  const afterSpace = await page.evaluate(() => window.nqPlayground.player.state());
  check(afterSpace.step === paused - 1 && !afterSpace.playing, `n=8: Space on Step back steps back once (step ${afterSpace.step}, want ${paused - 1}) and does not play`);
  await page.click("h1");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.waitForFunction(k => document.getElementById("event").dataset.step === String(k), paused);
  const live = await page.$eval("#event", e => [e.getAttribute("role"), e.getAttribute("aria-live"), e.textContent]);
  check(live[0] === "status" && live[1] === "polite" && live[2].startsWith(`Step ${paused.toLocaleString("en-US")}, line`), `n=8: the step is told in a live region (${live})`);
  const speed = await page.textContent("#speed-out");
  await page.keyboard.press("-");
  check((await page.textContent("#speed-out")) !== speed, "n=8: - changes the speed");
}

// The first solution of n = 20 is millions of events away: walked, then jumped to.
export async function checkFarJump(page) {
  await choose(page, 20, "recursive");
  const start = Date.now();
  await page.click("#next-solution");
  await page.waitForFunction(() => document.getElementById("event").dataset.kind === "solution", null, { timeout: 120000 });
  const seconds = (Date.now() - start) / 1000;
  const board = await columnsOn(page, "board", 20);
  check(same(board, referenceSolutions(20, [], 1)[0]) && isSolution(board), `n=20: the first solution ${JSON.stringify(board)}`);
  const step = await page.evaluate(() => window.nqPlayground.player.state().step);
  await page.click("#back");
  await page.waitForFunction(k => document.getElementById("event").dataset.step === String(k), step - 1);
  const before = await page.evaluate(() => window.nqPlayground.player.state().event);
  check(before.kind === "place" && before.row === 19 && same(before.board, board), `n=20: one step back from the solution is the last queen's place (${before.kind} row ${before.row})`);
  return { seconds, step };
}

// A link with a step opens the player at that step.
export async function checkSharedStep(browserOpen, url) {
  const want = referenceTrace(6, "amb")[49];
  const { page, problems, context } = await browserOpen(`${url}#search?n=6&method=amb&step=50`);
  await page.waitForFunction(() => document.getElementById("event")?.dataset.step === "50", null, { timeout: 60000 });
  check(same(await columnsOn(page, "board", 6), want.board) && (await page.$eval("#event", e => e.dataset.kind)) === want.kind,
    "a link to amb n=6 step 50 opens the player there");
  check((await page.$eval("#search-method", s => s.value)) === "amb" && (await page.$eval("#search-n", s => s.value)) === "6", "the link sets the method and n");
  check(problems.length === 0, `shared link: ${problems.join("; ")}`);
  await context.close();
}

// Copy link at once after stepping: the address it copies holds the step on screen, not the one
// written before (the step is written a moment after it settles, and Copy link writes it first).
export async function checkCopyLinkHoldsTheStep(page) {
  await choose(page, 6, "recursive");
  await page.click("h1");
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  await page.waitForFunction(() => document.getElementById("event").dataset.step === "5");
  await page.click("#search-link");
  const hash = await page.evaluate(() => decodeURIComponent(location.hash));
  check(/[?&]step=5(&|$)/.test(hash), `Copy link right after stepping to 5 writes that step (${hash})`);
}

// Blind n = 8 has 2·8^8 events: the page says so, and End says it cannot go there; End on a
// trace within reach goes to its last step, with every solution counted.
export async function checkLimitNote(page) {
  await choose(page, 8, "blind");
  const note = await page.$eval("#player-limit", p => (p.hidden ? "" : p.textContent));
  check(note.includes("2·8^8") && note.includes("3.4 × 10⁷"), `blind n=8: the note on its size says '${note}'`);
  await page.click("h1");
  await page.keyboard.press("End");
  await page.waitForFunction(() => document.getElementById("event").textContent.includes("out of this page's reach"));
  check((await page.evaluate(() => window.nqPlayground.player.state().step)) === 0, "blind n=8: End stays where it is");
  await choose(page, 6, "permutations");
  await page.click("h1");
  await page.keyboard.press("End");
  await page.waitForFunction(() => document.getElementById("forward").disabled, null, { timeout: 60000 });
  const last = referenceTrace(6, "permutations").length;
  check((await page.evaluate(() => window.nqPlayground.player.state().step)) === last && (await counter(page, "counters", "solutions")) === 4,
    `permutations n=6: End goes to step ${last} with its 4 solutions counted`);
  await choose(page, 6, "recursive");
  check(await page.$eval("#player-limit", p => p.hidden), "recursive n=6: no note on the size");
}

// Each method mid-trace: after a third of its first 300 events, or just past its first solution;
// the line of the step shown stands in the code's box.
export async function screenshotMethods(page, outdir, size) {
  const methods = await page.$$eval("#search-method option", options => options.map(o => o.value));
  for (const method of methods) {
    await choose(page, 8, method);
    const steps = { random: 40, first: 30, functional: 400, blind: 3, permutations: 2 }[method] ?? 120;
    await walk(page, steps);
    // The marked line stands inside the code's box, however fast the steps came.
    const inView = await page.evaluate(() => {
      const list = document.querySelector("#search-player #listing"), li = list.querySelector("li[aria-current]");
      const [a, b] = [li?.getBoundingClientRect(), list.getBoundingClientRect()];
      return !li || (a.top >= b.top - 1 && a.bottom <= b.bottom + 1);
    });
    check(inView, `${method} n=8 (${size}): the marked line is scrolled out of the code's box`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(outdir, `playground-search-${method}-${size}.png`) });
  }
}
