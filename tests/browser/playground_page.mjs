// SPDX-License-Identifier: MIT
// The playground page in a real browser: Debian's Chromium, headless, driven by playwright-core.
// Everything is checked against facts known without the library: a textbook backtracker written
// here (the boards a recursive search shows step by step, every solution, whether a partial board
// can be completed) and the published counts (OEIS A000170 and A002562).
//   Search: n = 4 recursive step by step, every board; the solutions [1,3,0,2] and [2,0,3,1];
//     the attack line of each reject; step back; next solution; play, pause and the keys; the
//     other traceable methods' totals; a method that is run (blind, first) and a guarded one.
//   Your board: conflicts shown, completable or not as the backtracker says, a completion that
//     keeps the clicked queens.
//   Gallery: n = 6 all (4) and unique (1, fixed by rotate180), n = 8 unique (12 classes, 92
//     images), n = 10 paged by "Show more" to all 724.
//   Counts: n = 1..15 against OEIS. Big boards: 10^6 constructed and verified; n = 3 an error.
// It prints the page's timings (first paint, the counts table, the 10^6 board) and writes
// screenshots of every tab at laptop (1280x800) and phone (390x844) sizes to OUTDIR, and
// playground.png, the page mid-search at 1280x800.
// Usage: node playground_page.mjs PAGE_HTML OUTDIR
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pageFile, outdir] = process.argv.slice(2);
if (!pageFile || !outdir) {
  console.error("usage: node playground_page.mjs PAGE_HTML OUTDIR");
  process.exit(2);
}
mkdirSync(outdir, { recursive: true });
const url = pathToFileURL(path.resolve(pageFile)).href;
let failures = 0;
function check(ok, message) {
  if (!ok) {
    failures++;
    console.error("FAIL: " + message);
  }
  return ok;
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// ---------------------------------------------------------------- the reference

// Textbook recursive backtracking: each row's columns left to right, rejecting a square an
// earlier queen attacks. Returns its events and the board (column per row, -1 none) after each.
function referenceTrace(n) {
  const events = [], boards = [new Array(n).fill(-1)], col = new Array(n).fill(-1);
  const attacked = (r, c) => col.slice(0, r).some((q, i) => q === c || Math.abs(q - c) === r - i);
  const record = e => { events.push(e); boards.push(col.slice()); };
  (function place(r) {
    if (r === n) return record({ kind: "solution", placement: col.slice() });
    for (let c = 0; c < n; c++) {
      if (attacked(r, c)) { record({ kind: "reject", row: r, col: c }); continue; }
      col[r] = c;
      record({ kind: "place", row: r, col: c });
      place(r + 1);
      col[r] = -1;
      record({ kind: "remove", row: r, col: c });
    }
  })(0);
  return { events, boards };
}

// Every solution of n x n that keeps the given queens ([row, col] pairs), in lexicographic order.
function referenceSolutions(n, given = []) {
  const fixed = new Map(given), out = [], col = [];
  (function place(r) {
    if (r === n) return out.push(col.slice());
    for (let c = 0; c < n; c++) {
      if (fixed.has(r) && fixed.get(r) !== c) continue;
      if (col.some((q, i) => q === c || Math.abs(q - c) === r - i)) continue;
      col[r] = c;
      place(r + 1);
      col.length = r;
    }
  })(0);
  return out;
}

function isSolution(p) {
  return p.every((c, r) => c >= 0 && p.every((d, s) => s === r || (d !== c && Math.abs(d - c) !== Math.abs(s - r))));
}

// The eight images of a placement under the symmetries of the square; the smallest is its class.
function images(p) {
  const n = p.length, out = [];
  const rotate = a => { const b = []; a.forEach((c, r) => { b[c] = n - 1 - r; }); return b; };
  for (let i = 0, a = p; i < 4; i++, a = rotate(a)) out.push(a, a.map(c => n - 1 - c));
  return out;
}
const canonical = p => images(p).map(a => a.join()).sort()[0];

const A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184];
const A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053];

// ---------------------------------------------------------------- reading the page

// The queens on a board as [row, col] pairs, checking that the overlay draws exactly those.
async function queensOn(page, boardId) {
  return page.$eval(`#${boardId}`, board => {
    const cells = [...board.querySelectorAll(".cell.has-queen")].map(c => [Number(c.dataset.row), Number(c.dataset.col)]);
    const drawn = [...board.querySelectorAll(".overlay use.q:not(.ghost)")]
      .map(q => [Math.round(Number(q.getAttribute("y")) - 0.12), Math.round(Number(q.getAttribute("x")) - 0.12)]);
    const key = list => list.map(String).sort().join(";");
    return key(cells) === key(drawn) ? cells : { mismatch: [cells, drawn] };
  });
}
async function columnsOn(page, boardId, n) {
  const queens = await queensOn(page, boardId);
  if (queens.mismatch) return queens;
  const col = new Array(n).fill(-1);
  for (const [r, c] of queens) col[r] = col[r] === -1 ? c : -2;  // -2: two queens in a row
  return col;
}
const counter = (page, dl, key) => page.$eval(`#${dl} [data-key="${key}"] dd`, dd => Number(dd.textContent.replace(/,/g, "")));
const eventKind = page => page.$eval("#event", e => e.dataset.kind);
const tab = (page, name) => page.click(`#tab-${name}`);

// ---------------------------------------------------------------- the checks

async function checkSearchSteps(page) {
  const n = 4, want = referenceTrace(n);
  await page.selectOption("#search-n", String(n));
  await page.selectOption("#search-method", "recursive");
  check(same(await columnsOn(page, "search-board", n), [-1, -1, -1, -1]), "n=4: the search starts on an empty board");
  const solutions = [];
  for (let k = 1; k <= want.events.length; k++) {
    await page.click("#forward");
    const board = await columnsOn(page, "search-board", n);
    if (!check(same(board, want.boards[k]), `n=4 step ${k}: board ${JSON.stringify(board)}, the textbook search has ${want.boards[k]}`)) return;
    const e = want.events[k - 1];
    check((await eventKind(page)) === e.kind, `n=4 step ${k}: the page shows a ${await eventKind(page)}, want ${e.kind}`);
    if (e.kind === "reject") await checkAttackLine(page, board, e, k);
    if (e.kind === "solution") solutions.push(board);
  }
  check(same(solutions, [[1, 3, 0, 2], [2, 0, 3, 1]]), `n=4: solutions ${JSON.stringify(solutions)}`);
  const counters = {};
  for (const key of ["steps", "placements", "rejects", "backtracks", "solutions"]) counters[key] = await counter(page, "search-counters", key);
  const kinds = kind => want.events.filter(e => e.kind === kind).length;
  check(same(counters, { steps: 78, placements: kinds("place"), rejects: kinds("reject"), backtracks: kinds("remove"), solutions: 2 }),
    `n=4 counters at the end ${JSON.stringify(counters)}`);
  check(await page.$eval("#forward", b => b.disabled), "n=4: Forward is disabled at the end");
  check((await page.textContent("#event")).includes("The search is over: 2 solutions"), "n=4: the page says the search is over");
  // Back, one step at a time, through the second solution.
  for (let k = want.events.length - 1; k >= want.events.length - 20; k--) {
    await page.click("#back");
    const board = await columnsOn(page, "search-board", n);
    if (!check(same(board, want.boards[k]), `n=4 back to step ${k}: board ${JSON.stringify(board)}, want ${want.boards[k]}`)) return;
  }
  check((await counter(page, "search-counters", "steps")) === want.events.length - 20, "n=4: steps after 20 steps back");
}

// A reject draws a line from a queen on the board that attacks the rejected square to it.
async function checkAttackLine(page, board, e, k) {
  const line = await page.$eval("#search-board line.attack-line", l => ["y1", "x1", "y2", "x2"].map(a => Number(l.getAttribute(a)) - 0.5))
    .catch(() => null);
  if (!check(line, `n=4 step ${k}: no attack line for the reject`)) return;
  const [qr, qc, r, c] = line;
  check(r === e.row && c === e.col, `n=4 step ${k}: the attack line ends at (${r},${c}), the reject is at (${e.row},${e.col})`);
  check(board[qr] === qc && qr < r && (qc === c || Math.abs(qc - c) === r - qr),
    `n=4 step ${k}: the attack line starts at (${qr},${qc}), not a queen attacking (${r},${c})`);
}

async function checkNextSolutionAndPlay(page) {
  await page.click("#reset");
  for (const want of [[1, 3, 0, 2], [2, 0, 3, 1]]) {
    await page.click("#next-solution");
    await page.waitForFunction(() => document.getElementById("event").dataset.kind === "solution");
    check(same(await columnsOn(page, "search-board", 4), want), `n=4 next solution: want ${want}`);
  }
  await page.click("#next-solution");
  await page.waitForFunction(() => document.getElementById("forward").disabled);
  check((await counter(page, "search-counters", "solutions")) === 2, "n=4: next solution past the last ends the search");

  // Playing, from the keyboard and the button, at the top speed.
  await page.selectOption("#search-n", "8");
  await page.$eval("#speed", s => { s.value = s.max; s.dispatchEvent(new Event("input")); });
  await page.click("h1");
  await page.keyboard.press(" ");
  await page.waitForTimeout(400);
  await page.keyboard.press(" ");
  const played = await counter(page, "search-counters", "steps");
  await page.waitForTimeout(200);
  check(played > 20 && (await counter(page, "search-counters", "steps")) === played, `n=8: Space played ${played} steps and paused`);
  await page.click("#play");  // the button has the focus now: Space must pause once, not twice
  await page.waitForTimeout(200);
  await page.keyboard.press(" ");
  const paused = await counter(page, "search-counters", "steps");
  await page.waitForTimeout(200);
  check(paused > played && (await counter(page, "search-counters", "steps")) === paused, "n=8: Play, then Space on the button, pauses");
  await page.click("h1");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowRight");
  check((await counter(page, "search-counters", "steps")) === paused - 1, "n=8: the arrow keys step");
  const speed = await page.textContent("#speed-out");
  await page.keyboard.press("-");
  check((await page.textContent("#speed-out")) !== speed, "n=8: - changes the speed");
}

// The other traceable methods: same totals as the textbook for nested and iterative; bitmask
// tries only safe squares, so 16 placements, 16 backtracks, 2 solutions and no reject for n = 4.
async function checkOtherTraces(page) {
  await page.selectOption("#search-n", "4");
  const totals = { nested: [78, 44], iterative: [78, 44], bitmask: [34, 0] };
  for (const [method, [steps, rejects]] of Object.entries(totals)) {
    await page.selectOption("#search-method", method);
    for (let i = 0; i < 3; i++) await page.click("#next-solution");
    await page.waitForFunction(() => document.getElementById("forward").disabled);
    const got = [await counter(page, "search-counters", "steps"), await counter(page, "search-counters", "rejects"), await counter(page, "search-counters", "solutions")];
    check(same(got, [steps, rejects, 2]), `${method} n=4: steps, rejects, solutions ${got}, want ${[steps, rejects, 2]}`);
  }
  await page.check("#search-first");
  await page.selectOption("#search-method", "recursive");
  await page.click("#next-solution");
  check(await page.$eval("#forward", b => b.disabled), "recursive n=4 with first: the search ends at the first solution");
  check((await counter(page, "search-counters", "steps")) === 31, "recursive n=4 with first: 31 steps to the first solution");
  await page.uncheck("#search-first");
}

async function checkRunMethods(page) {
  await page.selectOption("#search-n", "6");
  await page.selectOption("#search-method", "blind");
  check(await page.isHidden("#trace-controls"), "blind: no step controls");
  await page.click("#run");
  await page.waitForFunction(() => document.getElementById("event").dataset.kind === "solution");
  check((await counter(page, "search-counters", "solutions")) === 4, "blind n=6: 4 solutions");
  check(same(await columnsOn(page, "search-board", 6), referenceSolutions(6)[0]), "blind n=6: the board shows the first solution");
  await page.selectOption("#search-n", "8");
  await page.selectOption("#search-method", "first");
  await page.click("#run");
  await page.waitForFunction(() => document.getElementById("event").dataset.kind === "solution");
  check(same(await columnsOn(page, "search-board", 8), referenceSolutions(8)[0]), "first n=8: the lexicographically first solution");
  await page.selectOption("#search-n", "20");
  await page.selectOption("#search-method", "blind");
  check(await page.$eval("#run", b => b.disabled), "blind n=20: Run is refused");
  await page.selectOption("#search-method", "recursive");
}

async function checkYourBoard(page) {
  await tab(page, "yours");
  const click = (r, c) => page.click(`#yours-board .cell[data-row="${r}"][data-col="${c}"]`);
  const state = () => page.$eval("#yours-status", s => s.dataset.state);
  await page.selectOption("#yours-n", "8");
  await click(0, 0);
  await click(1, 1);
  check((await state()) === "stuck", "your board: two queens on a diagonal are a conflict");
  const drawn = await page.$$eval("#yours-board .overlay", ([o]) => [o.querySelectorAll("use.q.conflict").length, o.querySelectorAll("line.conflict-line").length]);
  check(same(drawn, [2, 1]), `your board: conflicting queens and lines drawn ${drawn}, want 2 and 1`);
  check((await page.textContent("#yours-conflicts")).includes("diagonal"), "your board: the conflict is named");
  check(await page.$eval("#yours-complete", b => b.disabled), "your board: no completion offered for a conflict");
  await click(1, 1);
  // (0,0) with (1,2): no 8-queens solution starts 1 3; with (1,4) some do.
  for (const [given, square] of [[[[0, 0], [1, 2]], [1, 2]], [[[0, 0], [1, 4]], [1, 4]]]) {
    await click(...square);
    const completable = referenceSolutions(8, given).length > 0;
    check((await state()) === (completable ? "completable" : "stuck"), `your board ${JSON.stringify(given)}: completable should be ${completable}`);
    if (!completable) await click(...square);
  }
  await page.screenshot({ path: path.join(outdir, "playground-yours-partial.png") });
  await page.click("#yours-complete");
  const board = await columnsOn(page, "yours-board", 8);
  check(isSolution(board) && board[0] === 0 && board[1] === 4, `your board: the completion ${JSON.stringify(board)} is a solution keeping (0,0) and (1,4)`);
  check((await state()) === "solved", "your board: solved after the completion");
  await page.click("#yours-clear");
  await page.selectOption("#yours-n", "4");
  await click(0, 0);
  check((await state()) === "stuck", "your board: a corner queen on 4x4 cannot be completed");
  await page.click("#yours-clear");
}

async function galleryCards(page) {
  return page.$$eval("#gallery-list .card", cards => cards.map(card => ({
    p: card.querySelector(".perm").textContent.split(" ").map(c => Number(c) - 1),
    symmetries: [...card.querySelectorAll("[data-symmetry]")].map(b => b.dataset.symmetry),
    images: Number(card.querySelector(".images")?.textContent.slice(1) ?? 0),
  })));
}

async function checkGallery(page) {
  await tab(page, "gallery");
  const which = value => page.click(`label:has(input[name=gallery-which][value=${value}])`);
  await page.selectOption("#gallery-n", "6");
  await which("all");
  const all6 = await galleryCards(page);
  check(same(all6.map(c => c.p), referenceSolutions(6)), `gallery n=6: ${all6.length} boards, want the 4 solutions in order`);
  await which("unique");
  const unique6 = await galleryCards(page);
  check(unique6.length === 1 && same(unique6[0].symmetries, ["rotate180"]) && unique6[0].images === 4,
    `gallery n=6 unique: ${JSON.stringify(unique6)}, want one board fixed by rotate180 standing for 4`);
  await page.selectOption("#gallery-n", "8");
  const unique8 = await galleryCards(page);
  const classes = new Set(unique8.map(c => canonical(c.p)));
  check(unique8.length === 12 && classes.size === 12 && unique8.every(c => isSolution(c.p)), `gallery n=8 unique: ${unique8.length} boards in ${classes.size} classes`);
  check(unique8.reduce((sum, c) => sum + c.images, 0) === 92, "gallery n=8 unique: the classes hold 92 solutions");
  check(unique8.filter(c => c.symmetries.includes("rotate180")).length === 1, "gallery n=8 unique: exactly one class is symmetric");
  await page.screenshot({ path: path.join(outdir, "playground-gallery-laptop.png") });
  await page.selectOption("#gallery-n", "10");
  await which("all");
  check((await galleryCards(page)).length === 200, "gallery n=10: the first 200 boards");
  while (await page.isVisible("#gallery-more")) await page.click("#gallery-more");
  const all10 = await galleryCards(page);
  check(all10.length === 724 && all10.every(c => isSolution(c.p)), `gallery n=10: ${all10.length} boards after Show more, want 724`);
  await page.selectOption("#gallery-n", "8");
}

async function checkCounts(page) {
  await tab(page, "counts");
  await page.waitForFunction(() => document.getElementById("counts-summary").dataset.state === "done", null, { timeout: 300000 });
  const rows = await page.$$eval("#counts-table tbody tr", trs => trs.map(tr => [...tr.cells].map(td => td.textContent.replace(/,/g, ""))));
  check(rows.length === 15, `counts: ${rows.length} rows`);
  rows.forEach((cells, i) => {
    check(Number(cells[1]) === A000170[i] && Number(cells[2]) === A002562[i],
      `counts n=${i + 1}: ${cells[1]} / ${cells[2]}, OEIS ${A000170[i]} / ${A002562[i]}`);
    check(cells[5].includes("✓"), `counts n=${i + 1}: not marked as matching`);
  });
  return Number(await page.$eval("#counts-summary", s => s.dataset.seconds));
}

async function checkBig(page) {
  await tab(page, "big");
  await page.waitForFunction(() => ["valid", "invalid"].includes(document.getElementById("big-verdict").dataset.state), null, { timeout: 120000 });
  check((await page.$eval("#big-verdict", v => v.dataset.state)) === "valid", "big: 10^6 queens are valid");
  check((await counter(page, "big-result", "n")) === 1e6, "big: 10^6 queens");
  const times = await page.$eval("#big-result", r => [Number(r.dataset.construct), Number(r.dataset.verify)]);
  await page.fill("#big-n", "3");
  await page.click("#big-run");
  await page.waitForSelector("#big-error:not([hidden])");
  check((await page.textContent("#big-error")).length > 5, "big: n = 3 shows the library's error");
  await page.fill("#big-n", "1000000");
  await page.click("#big-run");
  await page.waitForFunction(() => document.getElementById("big-verdict").dataset.state === "valid", null, { timeout: 120000 });
  return times;
}

// Mid-search for the README: past the first solution, on a reject with five queens down.
async function midSearch(page) {
  await tab(page, "search");
  await page.selectOption("#search-n", "8");
  await page.selectOption("#search-method", "recursive");
  await page.$eval("#speed", s => { s.value = "30"; s.dispatchEvent(new Event("input")); });
  await page.click("#next-solution");
  await page.waitForFunction(() => document.getElementById("event").dataset.kind === "solution");
  for (let i = 0; i < 2000; i++) {
    await page.click("#forward");
    if ((await eventKind(page)) === "reject" && (await queensOn(page, "search-board")).length >= 5) break;
  }
  await page.click("h1");
}

// Each tab, once its first work (the counts, the big board) is done.
async function screenshotTabs(page, size) {
  const settled = {
    counts: () => document.getElementById("counts-summary").dataset.state === "done",
    big: () => document.getElementById("big-verdict").dataset.state === "valid",
  };
  for (const name of ["search", "yours", "gallery", "counts", "big"]) {
    await tab(page, name);
    if (settled[name]) await page.waitForFunction(settled[name], null, { timeout: 300000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(outdir, `playground-${name}-${size}.png`) });
  }
}

// ---------------------------------------------------------------- run

const browser = await chromium.launch({
  executablePath: process.env.NQ_CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
});
async function open(viewport, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  const problems = [];
  page.on("request", r => { if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) problems.push("fetched " + r.url()); });
  page.on("pageerror", e => problems.push("script error " + e));
  page.on("console", m => { if (m.type() === "error") problems.push("console error " + m.text()); });
  await page.goto(url);
  await page.waitForFunction(() => !document.getElementById("loading"), null, { timeout: 60000 });
  return { page, problems };
}
try {
  const { page, problems } = await open({ width: 1280, height: 800 });
  await page.waitForFunction(() => performance.getEntriesByType("paint").length === 2);
  const timing = await page.evaluate(() => ({
    paint: Object.fromEntries(performance.getEntriesByType("paint").map(e => [e.name, e.startTime])),
    ready: performance.getEntriesByName("playground-ready")[0]?.startTime,
  }));
  await checkSearchSteps(page);
  await checkNextSolutionAndPlay(page);
  await checkOtherTraces(page);
  await checkRunMethods(page);
  await checkYourBoard(page);
  await checkGallery(page);
  const countSeconds = await checkCounts(page);
  const [constructSeconds, verifySeconds] = await checkBig(page);
  await midSearch(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(outdir, "playground.png") });
  await screenshotTabs(page, "laptop");
  check(problems.length === 0, `laptop: ${problems.join("; ")}`);

  const phone = await open({ width: 390, height: 844 }, { deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  await phone.page.click("#forward");
  await phone.page.click("#forward");
  await screenshotTabs(phone.page, "phone");
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  check(overflow <= 390, `phone: the page is ${overflow} px wide, wider than the screen`);
  check(phone.problems.length === 0, `phone: ${phone.problems.join("; ")}`);

  const ms = x => (x === undefined ? "?" : `${x.toFixed(0)} ms`);
  console.log(`timing: first paint ${ms(timing.paint["first-paint"])}, first contentful paint ${ms(timing.paint["first-contentful-paint"])}, page ready ${ms(timing.ready)}`);
  console.log(`timing: counts table n = 1..15 ${countSeconds.toFixed(2)} s`);
  console.log(`timing: 10^6 queens: construct ${(constructSeconds * 1e3).toFixed(1)} ms, verify ${(verifySeconds * 1e3).toFixed(1)} ms`);
} finally {
  await browser.close();
}
if (failures) {
  console.error(`${failures} failures`);
  process.exit(1);
}
console.log("playground browser test passed");
