// SPDX-License-Identifier: MIT
// What a learner with a keyboard, a screen reader, colour-blind eyes, a phone or a projector
// trips over, each checked:
// - axe-core (pinned in package.json) on every tab, in the light and the dark style: no serious
//   or critical violation (contrast, landmarks, names, roles);
// - Your board from the keyboard: the focused square's queen stays drawn over the focus ring,
//   Enter places and takes away, the arrows move;
// - attacked squares patterned, not only tinted; "backtracked" and "solution below" in the
//   tree of different shapes;
// - prefers-reduced-motion honoured;
// - on a phone, squares of 24 px at least at n = 20 (the board scrolls in its frame, the page
//   does not), Play and the board on the first screen;
// - on a projector (150% zoom), Play, the board and the marked line on the first screen.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { check, tab } from "./lib.mjs";
import { choose } from "./playground_player.mjs";

const require = createRequire(import.meta.url);
const AXE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
export const TABS = ["search", "yours", "gallery", "counts", "compare", "big"];

// Serious and critical violations on the page as it stands, one line each.
async function axe(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.addScriptTag({ content: AXE });
  const result = await page.evaluate(async () => {
    const r = await window.axe.run(document, { resultTypes: ["violations"] });
    return r.violations.filter(v => v.impact === "serious" || v.impact === "critical")
      .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", ")}`);
  });
  return result;
}

// Every tab once its work is shown, in the scheme the page's context emulates.
export async function checkAxe(page, scheme) {
  const settled = {
    counts: () => ["done", "cancelled"].includes(document.getElementById("counts-summary").dataset.state),
    compare: () => ["done", "cancelled"].includes(document.getElementById("compare-status").dataset.state),
    big: () => ["valid", "invalid"].includes(document.getElementById("big-verdict").dataset.state),
  };
  let clean = 0;
  for (const name of TABS) {
    await tab(page, name);
    if (settled[name]) await page.waitForFunction(settled[name], null, { timeout: 300000 });
    if (name === "search") await page.evaluate(async () => { for (let i = 0; i < 30; i++) await window.nqPlayground.player.forward(); });
    const violations = await axe(page);
    if (check(violations.length === 0, `axe, ${scheme}, ${name}: ${violations.join("; ")}`)) clean++;
  }
  return clean;
}

// Your board by keyboard: a queen on the focused square is still drawn (the overlay above the
// ring: its dark pixels are there in a screenshot of the square), Enter toggles, arrows move.
export async function checkKeyboardBoard(page) {
  await tab(page, "yours");
  await page.click("#yours-clear");
  await page.selectOption("#yours-n", "8");
  await page.focus('#yours-board .cell[data-row="0"][data-col="0"]');
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  const focused = await page.evaluate(() => [document.activeElement.dataset.row, document.activeElement.dataset.col, document.activeElement.matches(":focus-visible")]);
  const placed = await page.$eval('#yours-board .cell[data-row="1"][data-col="1"]', c => c.classList.contains("has-queen"));
  check(focused[0] === "1" && focused[1] === "1" && focused[2] && placed, `your board: arrows then Enter put a queen on row 2, column 2 (focus ${focused}, placed ${placed})`);
  const cell = await page.$('#yours-board .cell[data-row="1"][data-col="1"]');
  const shot = await cell.screenshot();
  const dark = await page.evaluate(async bytes => {
    const image = await createImageBitmap(new Blob([new Uint8Array(bytes)], { type: "image/png" }));
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext("2d");
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, image.width, image.height).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 150) count++;
    return count / (data.length / 4);
  }, [...shot]);
  check(dark > 0.1, `your board: the focused square's queen is drawn over its focus ring (${(dark * 100).toFixed(0)}% of its pixels are the queen's)`);
  const zIndex = await page.$eval('#yours-board .cell[data-row="1"][data-col="1"]', c => getComputedStyle(c).zIndex);
  check(zIndex === "auto", `your board: the focused square is not lifted above the queens (z-index ${zIndex})`);
  await page.keyboard.press("Enter");
  check(!(await page.$eval('#yours-board .cell[data-row="1"][data-col="1"]', c => c.classList.contains("has-queen"))), "your board: Enter again takes the queen away");
  // Attacked squares are patterned: their wash is a hatch, not a flat colour.
  await page.keyboard.press("Enter");
  const wash = await page.$eval('#yours-board .cell[data-row="1"][data-col="5"]', c => [c.dataset.attacked, getComputedStyle(c, "::after").backgroundImage]);
  check(wash[0] !== "0" && wash[1].includes("repeating-linear-gradient"), `your board: an attacked square is hatched (${wash})`);
  await page.keyboard.press("Enter");
}

// The tree's "backtracked" and "solution below" nodes are different shapes.
export async function checkTreeShapes(page) {
  await choose(page, 6, "recursive");
  await page.evaluate(async () => { for (let i = 0; i < 400; i++) await window.nqPlayground.player.forward(); });
  const shapes = await page.evaluate(() => ({
    done: [...new Set([...document.querySelectorAll("#tree .n-done")].map(e => e.tagName))],
    solved: [...new Set([...document.querySelectorAll("#tree .n-solved")].map(e => e.tagName + ":" + e.getAttribute("d")?.split(/[ML]/).length))],
  }));
  check(shapes.done.length > 0 && shapes.solved.length > 0 && !shapes.solved.some(s => shapes.done.includes(s.split(":")[0])),
    `the tree: backtracked ${shapes.done} and solution below ${shapes.solved} have shapes of their own`);
  const legend = await page.$$eval("#tree-figure .legend-icon", icons => icons.map(i => i.firstElementChild.tagName));
  check(legend.length === 6, `the tree's legend draws its six states with the tree's own shapes (${legend})`);
}

// With reduced motion asked for, nothing animates.
export async function checkReducedMotion(page) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await tab(page, "counts");
  const animation = await page.evaluate(() => {
    const row = document.createElement("tr");
    row.className = "fresh";
    document.querySelector("#counts-table tbody").append(row);
    const name = getComputedStyle(row).animationName;
    row.remove();
    return name;
  });
  check(animation === "none", `reduced motion: a fresh row's animation is '${animation}'`);
  await page.emulateMedia({ reducedMotion: "no-preference" });
}

// A phone at n = 20: squares of 24 px at least, on the Search tab and Your board.
// On a phone (390x844) the page opens with Play and the whole board on the first screen, and
// Play stays in view while the code below it is read.
export async function checkPhoneFirstScreen(page) {
  await tab(page, "search");
  await choose(page, 8, "recursive");
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = id => page.$eval(id, e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; });
  const [play, board] = [await box("#play"), await box("#board")];
  check(play[1] <= 844 && board[1] <= 844, `phone: Play (${play.map(Math.round)}) and the board (${board.map(Math.round)}) on the first screen of 844 px`);
  await page.$eval("#listing", e => e.scrollIntoView());
  const later = await box("#play");
  check(later[0] >= 0 && later[1] <= 844, `phone: Play stays in view beside the code (${later.map(Math.round)})`);
  await page.evaluate(() => window.scrollTo(0, 0));
}

// A laptop projected at 150% zoom (1280 x 800 at a scale of 1.5: 853 x 533 CSS pixels): Play,
// the whole board and the marked line of code on the first screen.
export async function checkProjectorFirstScreen(page, height) {
  await tab(page, "search");
  await choose(page, 8, "recursive");
  await page.evaluate(async () => { for (let i = 0; i < 30; i++) await window.nqPlayground.player.forward(); });
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = selector => page.$eval(selector, e => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; });
  const [play, board, line] = [await box("#play"), await box("#board"), await box("#listing li[aria-current]")];
  check(play[1] <= height && board[1] <= height && line[0] >= 0 && line[1] <= height,
    `projector: Play (${play.map(Math.round)}), the board (${board.map(Math.round)}) and the marked line (${line.map(Math.round)}) on the first screen of ${height} px`);
}

export async function checkPhoneSquares(page) {
  await tab(page, "search");
  await choose(page, 20, "recursive");
  const search = await page.$eval("#board .cell", c => c.getBoundingClientRect().width);
  await tab(page, "yours");
  await page.selectOption("#yours-n", "20");
  const yours = await page.$eval("#yours-board .cell", c => c.getBoundingClientRect().width);
  check(search >= 24 && yours >= 24, `phone, n = 20: squares of ${search.toFixed(1)} px (Search) and ${yours.toFixed(1)} px (Your board), want 24 at least`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  check(width <= 390, `phone, n = 20: the page is ${width} px wide (the board scrolls in its frame)`);
  await page.selectOption("#yours-n", "8");
}
