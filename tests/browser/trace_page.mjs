// SPDX-License-Identifier: MIT
// The page of `nqueens trace N --format html` in a real browser: Debian's Chromium, headless,
// driven by playwright-core. The page is the playground's player fed with the events the
// command line recorded, so it is checked against the command line's own JSON lines
// (`--format jsonl`): for every method at n = 5, each step the page shows (the queens drawn,
// the kind, the listing's line marked, the counters, the variables' names) is the step of the
// JSON lines; for recursive n = 4 the buttons step through every board and back; "Next
// solution" lands on each solution in order (n = 6, and all 92 of n = 8); playing moves on; a
// cut trace (--max-steps) says so. No request, no script error. Screenshots go to OUTDIR.
// Usage: node trace_page.mjs NQUEENS OUTDIR
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { check, failed, launch, same } from "./lib.mjs";

const [nqueens, outdir] = process.argv.slice(2);
if (!nqueens || !outdir) {
  console.error("usage: node trace_page.mjs NQUEENS OUTDIR");
  process.exit(2);
}
mkdirSync(outdir, { recursive: true });
const METHODS = ["recursive", "iterative", "nested", "bitmask", "blind", "board-scan", "permutations", "amb", "functional", "random", "first"];

// The JSON lines' events, 0-based as the page holds them.
function expected(n, method, extra = []) {
  const lines = execFileSync(nqueens, ["trace", String(n), "--method", method, "--format", "jsonl", ...extra], { encoding: "utf8", maxBuffer: 1 << 28, stdio: ["ignore", "pipe", "ignore"] })
    .trim().split("\n").map(l => JSON.parse(l));
  return lines.filter(e => !e.summary).map(e => {
    // Amb's trail (run, backtrack) is drawn as outlined choices to replay, not as queens.
    const trail = method === "amb" && (e.event === "run" || e.event === "backtrack") ? e.vars.trail : null;
    const board = e.board.map(c => (c === null ? -1 : c - 1));
    return {
      step: e.step, kind: e.event, line: e.code_line,
      board: trail ? board.map(() => -1) : board,
      tentative: board.map((_, r) => (trail && r < trail.length ? trail[r] : -1)),
      counters: [e.placements, e.checks, e.nodes],
      vars: Object.keys(e.vars ?? {}),
    };
  });
}

function writePage(n, method, extra = []) {
  const file = path.join(outdir, `trace-${method}-${n}.html`);
  execFileSync(nqueens, ["trace", String(n), "--method", method, "--format", "html", "--output", file, ...extra], { stdio: "ignore" });
  return file;
}

async function openTrace(browser, file) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const problems = [];
  page.on("request", r => { if (!/^(file|data):/.test(r.url())) problems.push("fetched " + r.url()); });
  page.on("pageerror", e => problems.push("script error " + e));
  await page.goto(pathToFileURL(file).href);
  await page.waitForFunction(() => window.nqTrace && document.querySelector("#listing li"));
  return { page, problems };
}

// Every step forward, read back from what the page shows.
async function walk(page) {
  return page.evaluate(async () => {
    const player = window.nqTrace.player, shown = [];
    for (;;) {
      const before = player.state().step;
      await player.forward();
      if (player.state().step === before) return shown;
      const n = Number(document.getElementById("board").style.getPropertyValue("--n"));
      const read = selector => {
        const board = new Array(n).fill(-1);
        for (const q of document.querySelectorAll(selector)) {
          board[Math.round(Number(q.getAttribute("y")) - 0.12)] = Math.round(Number(q.getAttribute("x")) - 0.12);
        }
        return board;
      };
      const number = key => Number(document.querySelector(`#counters [data-key="${key}"] dd`).textContent.replace(/,/g, ""));
      shown.push({
        step: Number(document.getElementById("event").dataset.step),
        kind: document.getElementById("event").dataset.kind,
        line: Number(document.querySelector("#listing li[aria-current]")?.dataset.line),
        board: read("#board .overlay use.q:not(.ghost):not(.tentative)"),
        tentative: read("#board .overlay use.q.tentative"),
        counters: [number("placements"), number("checks"), number("nodes")],
        vars: [...document.querySelectorAll("#vars dt")].map(dt => dt.textContent),
      });
    }
  });
}

const shownBoard = (page, n) => page.evaluate(n => {
  const board = new Array(n).fill(-1);
  for (const q of document.querySelectorAll("#board .overlay use.q:not(.ghost):not(.tentative)")) {
    board[Math.round(Number(q.getAttribute("y")) - 0.12)] = Math.round(Number(q.getAttribute("x")) - 0.12);
  }
  return board;
}, n);
const stepShown = page => page.$eval("#event", e => Number(e.dataset.step));

// Every method at n = 5, step by step against its JSON lines.
async function checkMethods(browser) {
  for (const method of METHODS) {
    const want = expected(5, method);
    const { page, problems } = await openTrace(browser, writePage(5, method));
    check((await page.evaluate(() => window.nqTrace.events)) === want.length, `${method} n=5: the page holds ${await page.evaluate(() => window.nqTrace.events)} events, jsonl ${want.length}`);
    const shown = await walk(page);
    check(shown.length === want.length, `${method} n=5: stepped through ${shown.length} events, want ${want.length}`);
    const bad = shown.findIndex((s, i) => !same(s, want[i]));
    check(bad < 0, `${method} n=5 step ${bad + 1}: the page shows ${JSON.stringify(shown[bad])}, jsonl ${JSON.stringify(want[bad])}`);
    check(problems.length === 0, `${method}: ${problems.join("; ")}`);
    await page.screenshot({ path: path.join(outdir, `trace-${method}-5.png`) });
    await page.close();
    console.log(`trace page ${method} n=5: ${shown.length} events checked`);
  }
}

// Recursive n = 4 with the buttons: every board and back; n = 6 and 8: every solution in turn.
async function checkButtons(browser) {
  const want = expected(4, "recursive");
  const { page, problems } = await openTrace(browser, writePage(4, "recursive"));
  for (let k = 1; k <= want.length; k++) {
    await page.click("#forward");
    await page.waitForFunction(k => document.getElementById("event").dataset.step === String(k), k);
    if (!check(same(await shownBoard(page, 4), want[k - 1].board), `recursive n=4 step ${k}: board ${await shownBoard(page, 4)}, want ${want[k - 1].board}`)) break;
  }
  check(await page.$eval("#forward", b => b.disabled), "recursive n=4: Forward is disabled at the end");
  for (let k = want.length - 1; k >= want.length - 10; k--) {
    await page.click("#back");
    await page.waitForFunction(k => document.getElementById("event").dataset.step === String(k), k);
    check(same(await shownBoard(page, 4), want[k - 1].board), `recursive n=4 back to step ${k}`);
  }
  await page.screenshot({ path: path.join(outdir, "trace-4.png") });
  check(problems.length === 0, `recursive n=4: ${problems.join("; ")}`);
  await page.close();

  for (const n of [6, 8]) {
    const solutions = expected(n, "recursive").filter(e => e.kind === "solution");
    const opened = await openTrace(browser, writePage(n, "recursive"));
    for (const [i, s] of solutions.entries()) {
      await opened.page.click("#next-solution");
      await opened.page.waitForFunction(step => document.getElementById("event").dataset.step === String(step), s.step);
      if (!check(same(await shownBoard(opened.page, n), s.board), `recursive n=${n}: solution ${i + 1} shows ${await shownBoard(opened.page, n)}, want ${s.board}`)) break;
      await opened.page.click("#forward");
    }
    check(solutions.length === (n === 6 ? 4 : 92), `recursive n=${n}: ${solutions.length} solutions`);
    // Playing moves on by itself; Space pauses.
    await opened.page.click("#reset");
    await opened.page.$eval("#speed", s => { s.value = s.max; s.dispatchEvent(new Event("input")); });
    await opened.page.click("h1");
    await opened.page.keyboard.press(" ");
    await opened.page.waitForTimeout(400);
    await opened.page.keyboard.press(" ");
    check((await stepShown(opened.page)) > 5, `recursive n=${n}: playing for 0.4 s reached step ${await stepShown(opened.page)}`);
    check(opened.problems.length === 0, `recursive n=${n}: ${opened.problems.join("; ")}`);
    await opened.page.close();
  }
}

// A trace cut by --max-steps holds that many steps, and the page says it is cut.
async function checkCut(browser) {
  const { page } = await openTrace(browser, writePage(8, "blind", ["--max-steps", "500"]));
  check((await page.evaluate(() => window.nqTrace.events)) === 500, "blind n=8 --max-steps 500: 500 events");
  check((await page.$eval("#player-limit", p => (p.hidden ? "" : p.textContent))).includes("first 500 steps"), "blind n=8 cut: the page says it holds the first 500 steps");
  await page.close();
}

const browser = await launch();
try {
  await checkMethods(browser);
  await checkButtons(browser);
  await checkCut(browser);
} finally {
  await browser.close();
}
if (failed()) {
  console.error(`${failed()} failures`);
  process.exit(1);
}
console.log("trace page browser test passed");
