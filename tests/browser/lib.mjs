// SPDX-License-Identifier: MIT
// What the browser tests share: Debian's Chromium through playwright-core, a page opened from
// disk that must make no request and throw nothing, a failure count, readers of what a board
// shows, and facts known without the library (a textbook backtracker, the published counts, the
// symmetries of the square).
import { chromium } from "playwright-core";

let failures = 0;
export function check(ok, message) {
  if (!ok) {
    failures++;
    console.error("FAIL: " + message);
  }
  return ok;
}
export const failed = () => failures;
export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

export async function launch() {
  return chromium.launch({
    executablePath: process.env.NQ_CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
}

// A page of its own context, with every request that is not the page's own (file:, data:, and
// the worker's blob:) and every script error collected as a problem.
export async function open(browser, url, viewport, options = {}) {
  const context = await browser.newContext({ viewport, ...options });
  const page = await context.newPage();
  const problems = [];
  page.on("request", r => { if (!/^(file|data|blob):/.test(r.url())) problems.push("fetched " + r.url()); });
  page.on("pageerror", e => problems.push("script error " + e));
  page.on("console", m => { if (m.type() === "error") problems.push("console error " + m.text()); });
  await page.goto(url);
  return { page, problems, context };
}

// ---- what a board shows

// The queens on a board as [row, col] pairs, checking that the overlay draws exactly those (Amb's
// trail, outlined, is choices to replay, not queens standing).
export async function queensOn(page, boardId) {
  return page.$eval(`#${boardId}`, board => {
    const cells = [...board.querySelectorAll(".cell.has-queen")].map(c => [Number(c.dataset.row), Number(c.dataset.col)]);
    const drawn = [...board.querySelectorAll(".overlay use.q:not(.ghost):not(.tentative)")]
      .map(q => [Math.round(Number(q.getAttribute("y")) - 0.12), Math.round(Number(q.getAttribute("x")) - 0.12)]);
    const key = list => list.map(String).sort().join(";");
    return key(cells) === key(drawn) ? cells : { mismatch: [cells, drawn] };
  });
}
export async function columnsOn(page, boardId, n) {
  const queens = await queensOn(page, boardId);
  if (queens.mismatch) return queens;
  const col = new Array(n).fill(-1);
  for (const [r, c] of queens) col[r] = col[r] === -1 ? c : -2;  // -2: two queens in a row
  return col;
}
export const counter = (page, dl, key) => page.$eval(`#${dl} [data-key="${key}"] dd`, dd => Number(dd.textContent.replace(/,/g, "")));
export const tab = (page, name) => page.click(`#tab-${name}`);

// ---- facts known without the library

// Every solution of n x n that keeps the given queens ([row, col] pairs), in lexicographic order
// (at most `limit`).
export function referenceSolutions(n, given = [], limit = Infinity) {
  const fixed = new Map(given), out = [], col = [];
  (function place(r) {
    if (out.length >= limit) return;
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

export function isSolution(p) {
  return p.every((c, r) => c >= 0 && p.every((d, s) => s === r || (d !== c && Math.abs(d - c) !== Math.abs(s - r))));
}

// The eight images of a placement under the symmetries of the square; the smallest is its class.
function images(p) {
  const n = p.length, out = [];
  const rotate = a => { const b = []; a.forEach((c, r) => { b[c] = n - 1 - r; }); return b; };
  for (let i = 0, a = p; i < 4; i++, a = rotate(a)) out.push(a, a.map(c => n - 1 - c));
  return out;
}
export const canonical = p => images(p).map(a => a.join()).sort()[0];

export const A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512, 95815104];
export const A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939];
