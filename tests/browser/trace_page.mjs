// SPDX-License-Identifier: MIT
// The trace page in a real browser: Debian's Chromium, headless, driven by playwright-core.
// For n = 4 and 6 it steps through the whole page and checks that the board shown after step k
// is the board the k-th event of `nqueens trace N --format jsonl` leaves; that "Next solution"
// lands on each solution in order; for n = 8 that it reaches all 92 and that playing moves on.
// Screenshots go to OUTDIR. Usage: node trace_page.mjs NQUEENS OUTDIR
import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [nqueens, outdir] = process.argv.slice(2);
mkdirSync(outdir, { recursive: true });
let failures = 0;
function check(ok, message) {
  if (!ok) {
    failures++;
    console.error("FAIL: " + message);
  }
}

// The boards after each event, and the solutions, from the JSON lines.
function expected(n) {
  const lines = execFileSync(nqueens, ["trace", String(n), "--format", "jsonl"], { encoding: "utf8", maxBuffer: 1 << 26, stdio: ["ignore", "pipe", "ignore"] })
    .trim().split("\n").map(l => JSON.parse(l));
  const events = lines.filter(e => !e.summary);
  const col = new Array(n).fill(-1);
  const boards = [col.slice()];
  const solutions = [];
  for (const e of events) {
    if (e.event === "place") col[e.row - 1] = e.col - 1;
    if (e.event === "remove") col[e.row - 1] = -1;
    if (e.event === "solution") solutions.push({ step: e.step, perm: e.perm.map(c => c - 1) });
    boards.push(col.slice());
  }
  return { events, boards, solutions };
}

// The board as the page draws it: the queen symbol in each row's cell, -1 for none.
async function shownBoard(page, n) {
  return page.$$eval("#board tr", rows => rows.map(tr => {
    const cells = Array.from(tr.cells);
    return cells.findIndex(td => td.textContent === "\u265B");
  }));
}

const browser = await chromium.launch({
  executablePath: process.env.NQ_CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--no-sandbox", "--disable-background-networking", "--disable-gpu",
         "--disable-dev-shm-usage", "--no-first-run"],
});
try {
  for (const n of [4, 6, 8]) {
    const file = path.join(outdir, `trace-${n}.html`);
    execFileSync(nqueens, ["trace", String(n), "--format", "html", "--output", file], { stdio: "ignore" });
    const want = expected(n);
    const page = await browser.newPage();
    const requests = [];
    page.on("request", r => { if (!r.url().startsWith("file:")) requests.push(r.url()); });
    const errors = [];
    page.on("pageerror", e => errors.push(String(e)));
    await page.goto(pathToFileURL(file).href);
    const total = await page.evaluate(() => window.nqTrace.events);
    check(total === want.events.length, `n=${n}: the page has ${total} events, jsonl ${want.events.length}`);

    if (n <= 6) {  // every step, with the Forward button
      for (let k = 1; k <= total; k++) {
        await page.click("#forward");
        const board = await shownBoard(page, n);
        if (JSON.stringify(board) !== JSON.stringify(want.boards[k])) {
          check(false, `n=${n} step ${k}: board ${board} but the trace says ${want.boards[k]}`);
          break;
        }
        const now = await page.$eval("#events div.now", d => d.dataset.step);
        if (Number(now) !== k) { check(false, `n=${n} step ${k}: the list highlights ${now}`); break; }
      }
      await page.screenshot({ path: path.join(outdir, `trace-${n}-end.png`) });
      // And back to the start with the Back button, one step at a time.
      for (let k = total - 1; k >= total - 10 && k >= 0; k--) {
        await page.click("#back");
        const board = await shownBoard(page, n);
        check(JSON.stringify(board) === JSON.stringify(want.boards[k]), `n=${n} back to step ${k}`);
      }
    }

    // "Next solution" lands on each solution in order, and then on the end.
    await page.click("#start");
    for (const [i, s] of want.solutions.entries()) {
      await page.click("#next");
      const state = await page.evaluate(() => window.nqTrace.state());
      const board = await shownBoard(page, n);
      if (state.step !== s.step || JSON.stringify(board) !== JSON.stringify(s.perm) || state.found !== i + 1) {
        check(false, `n=${n}: next solution ${i + 1} shows step ${state.step} board ${board}, want step ${s.step} ${s.perm}`);
        break;
      }
      if (i === 0) await page.screenshot({ path: path.join(outdir, `trace-${n}-first-solution.png`) });
    }
    check(want.solutions.length === (n === 4 ? 2 : n === 6 ? 4 : 92), `n=${n}: ${want.solutions.length} solutions`);

    // Playing moves the trace on by itself; the keyboard works too.
    await page.click("#start");
    await page.$eval("#speed", el => { el.value = "200"; });
    await page.keyboard.press(" ");
    await page.waitForTimeout(400);
    await page.keyboard.press(" ");
    const played = await page.evaluate(() => window.nqTrace.state().step);
    check(played > 5, `n=${n}: playing for 0.4 s reached step ${played}`);
    await page.keyboard.press("End");
    check((await page.evaluate(() => window.nqTrace.state().step)) === total, `n=${n}: End`);
    check(requests.length === 0, `n=${n}: the page fetched ${requests.join(", ")}`);
    check(errors.length === 0, `n=${n}: script errors ${errors.join("; ")}`);
    await page.screenshot({ path: path.join(outdir, `trace-${n}.png`) });
    await page.close();
    console.log(`n=${n}: ${total} events, ${want.solutions.length} solutions checked`);
  }
} finally {
  await browser.close();
}
if (failures) {
  console.error(`${failures} failures`);
  process.exit(1);
}
console.log("browser test passed");
