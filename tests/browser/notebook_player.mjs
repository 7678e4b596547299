// SPDX-License-Identifier: MIT
// The tour notebook's trace player as a reader of the notebook sees it: the executed notebook
// (python/notebook_test.py writes it) exported to HTML by nbconvert, opened in Debian's Chromium
// through playwright-core. The cell that shows `nqueens.trace(6, method="recursive")` holds the
// player in an <iframe srcdoc>; inside it, Step forward moves the board and the step shown, Next
// solution lands on the first solution of 6 queens (found here by a backtracker of this test's
// own), Back returns to the queen placed last. The frame asks for nothing and throws nothing. (The page nbconvert writes
// asks a CDN for require.js and MathJax; there is no network here, so those are answered empty.)
// Usage: node notebook_player.mjs PYTHON EXECUTED.ipynb OUTDIR
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { check, failed, launch, referenceSolutions, same } from "./lib.mjs";

const [python, notebook, outdir] = process.argv.slice(2);
if (!python || !notebook || !outdir) {
  console.error("usage: node notebook_player.mjs PYTHON EXECUTED.ipynb OUTDIR");
  process.exit(2);
}
mkdirSync(outdir, { recursive: true });
execFileSync(python, ["-m", "nbconvert", "--to", "html", "--output-dir", outdir, "--output", "tour", notebook], { stdio: ["ignore", "ignore", "inherit"] });
const html = path.join(outdir, "tour.html");

const N = 6;
const browser = await launch();
try {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  await context.route(/^https?:/, route => route.fulfill({ status: 200, contentType: "text/javascript", body: "" }));
  const page = await context.newPage();
  const problems = [];
  page.on("request", r => {
    if (r.frame() !== page.mainFrame() && !/^(data|about|blob):/.test(r.url())) problems.push("the player fetched " + r.url());
  });
  page.on("pageerror", e => problems.push("script error " + e));
  await page.goto(pathToFileURL(html).href);

  const frames = await page.$$("iframe.nqueens-trace");
  check(frames.length === 1, `the exported notebook holds ${frames.length} players, want 1`);
  const iframe = frames[0];
  check(Boolean(await iframe.getAttribute("title")), "the player's frame has a title");
  const box = await iframe.boundingBox();
  check(box && box.height >= 400 && box.width >= 600, `the player's frame is ${box?.width} x ${box?.height}`);
  await iframe.scrollIntoViewIfNeeded();
  const player = await iframe.contentFrame();
  await player.waitForFunction(() => window.nqTrace && document.querySelector("#listing li"));

  const step = () => player.$eval("#event", e => Number(e.dataset.step ?? 0));
  const queens = () => player.evaluate(n => {
    const board = new Array(n).fill(-1);
    for (const q of document.querySelectorAll("#board .overlay use.q:not(.ghost)")) {
      board[Math.round(Number(q.getAttribute("y")) - 0.12)] = Math.round(Number(q.getAttribute("x")) - 0.12);
    }
    return board;
  }, N);
  const marked = () => player.$eval("#listing li[aria-current]", li => li.textContent).catch(() => "");
  const waitStep = k => player.waitForFunction(k => document.getElementById("event").dataset.step === String(k), k);

  const empty = new Array(N).fill(-1);
  check(same(await queens(), empty), `the player starts on an empty board: ${await queens()}`);
  await player.click("#forward");
  await waitStep(1);
  check(same(await queens(), [0, ...empty.slice(1)]), `step 1 places a queen on row 1, column 1: ${await queens()}`);
  check((await marked()).includes("cols[row] = c"), `step 1 marks the line that places it: "${await marked()}"`);
  await player.click("#forward");
  await waitStep(2);
  check((await player.$eval("#event", e => e.dataset.kind)) === "reject", "step 2 is a reject");

  const solution = referenceSolutions(N, [], 1)[0];
  await player.click("#next-solution");
  await player.waitForFunction(() => document.getElementById("event").dataset.kind === "solution");
  check(same(await queens(), solution), `Next solution shows ${await queens()}, the first solution is ${solution}`);
  const last = await step();
  check(last === (await player.evaluate(() => window.nqTrace.events)), `the trace (first=True) ends on its solution, step ${last}`);
  check(await player.$eval("#forward", b => b.disabled), "Step forward is disabled at the end");
  await player.click("#back");
  await waitStep(last - 1);
  check((await player.$eval("#event", e => e.dataset.kind)) === "place", "Back returns to the queen placed last");
  check(!(await player.$eval("#forward", b => b.disabled)), "Step forward is enabled again");
  await page.screenshot({ path: path.join(outdir, "notebook-player.png"), fullPage: false });
  check(problems.length === 0, problems.join("; "));
  console.log(`notebook player: ${last} steps, stepped and solved inside the exported notebook`);
} finally {
  await browser.close();
}
if (failed()) {
  console.error(`${failed()} failures`);
  process.exit(1);
}
console.log("notebook player browser test passed");
