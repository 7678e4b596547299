// SPDX-License-Identifier: MIT
// The playground page in a real browser: Debian's Chromium, headless, driven by playwright-core,
// opened from disk (file://), where it must make no request and throw nothing. The checks live
// beside this file: playground_player.mjs (the Search tab's player, every method against the
// reference traces), playground_tabs.mjs (Your board and pasting, Gallery, Counts, Compare, Big
// boards), playground_a11y.mjs (axe-core in both styles, keyboard, shapes, motion, phone and
// projector sizes). It prints the bundle's size and the page's timings, and writes screenshots
// of every tab and of every method mid-trace, at laptop (1280x800) and phone (390x844) sizes,
// and of the Search tab on a projector (1280x800 at 150% zoom), to OUTDIR, with
// playground.png (the page mid-search, for the README).
// Usage: node playground_page.mjs PAGE_HTML OUTDIR
import { mkdirSync, statSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { check, failed, launch, open, tab, columnsOn } from "./lib.mjs";
import { checkEveryMethod, checkButtons, checkKeys, checkFarJump, checkSharedStep, checkCopyLinkHoldsTheStep, checkLimitNote, screenshotMethods, choose } from "./playground_player.mjs";
import { checkYourBoard, checkPaste, checkYoursLink, checkGallery, checkCounts, checkCompare, checkBig } from "./playground_tabs.mjs";
import { TABS, checkAxe, checkKeyboardBoard, checkTreeShapes, checkReducedMotion, checkPhoneSquares, checkPhoneFirstScreen, checkProjectorFirstScreen } from "./playground_a11y.mjs";

const [pageFile, outdir] = process.argv.slice(2);
if (!pageFile || !outdir) {
  console.error("usage: node playground_page.mjs PAGE_HTML OUTDIR");
  process.exit(2);
}
mkdirSync(outdir, { recursive: true });
const url = pathToFileURL(path.resolve(pageFile)).href;
const LAPTOP = { width: 1280, height: 800 };
const PHONE = [{ width: 390, height: 844 }, { deviceScaleFactor: 2, isMobile: true, hasTouch: true }];
const PROJECTOR = [{ width: 853, height: 533 }, { deviceScaleFactor: 1.5 }];  // 1280 x 800 at 150%

const browser = await launch();
const ready = page => page.waitForFunction(() => !document.getElementById("loading"), null, { timeout: 60000 });
async function openPage(address, viewport = LAPTOP, options = {}) {
  const opened = await open(browser, address, viewport, options);
  await ready(opened.page);
  return opened;
}

// Mid-search for the README: recursive n = 8 past its first solution, on a reject with five
// queens down.
async function midSearch(page) {
  await tab(page, "search");
  await choose(page, 8, "recursive");
  await page.click("#next-solution");
  await page.waitForFunction(() => document.getElementById("event").dataset.kind === "solution");
  for (let i = 0; i < 2000; i++) {
    await page.evaluate(() => window.nqPlayground.player.forward());
    const s = await page.evaluate(() => window.nqPlayground.player.state());
    if (s.kind === "reject" && (await columnsOn(page, "board", 8)).filter(c => c >= 0).length >= 5) break;
  }
  await page.click("h1");
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function screenshotTabs(page, size) {
  for (const name of TABS) {
    await tab(page, name);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(outdir, `playground-${name}-${size}.png`) });
  }
}

const ms = x => (x === undefined ? "?" : `${x.toFixed(0)} ms`);
try {
  const { page, problems } = await openPage(url);
  await page.waitForFunction(() => performance.getEntriesByType("paint").length === 2);
  const timing = await page.evaluate(() => ({
    paint: Object.fromEntries(performance.getEntriesByType("paint").map(e => [e.name, e.startTime])),
    ready: performance.getEntriesByName("playground-ready")[0]?.startTime,
  }));

  await checkButtons(page);
  await checkKeys(page);
  const walked = await checkEveryMethod(page);
  const jump = await checkFarJump(page);
  await checkLimitNote(page);
  await checkSharedStep(openPage, url);
  await checkCopyLinkHoldsTheStep(page);
  await checkTreeShapes(page);

  await checkYourBoard(page, outdir);
  const pasted = await checkPaste(page);
  await checkYoursLink(page, openPage);
  await checkKeyboardBoard(page);
  await checkGallery(page, outdir);
  const counts = await checkCounts(page);
  await checkCompare(page);
  const big = await checkBig(page);
  await checkReducedMotion(page);
  const clean = await checkAxe(page, "light");

  await midSearch(page);
  await page.screenshot({ path: path.join(outdir, "playground.png") });
  await screenshotTabs(page, "laptop");
  await screenshotMethods(page, outdir, "laptop");
  check(problems.length === 0, `laptop: ${problems.join("; ")}`);

  const dark = await openPage(url, LAPTOP, { colorScheme: "dark" });
  const cleanDark = await checkAxe(dark.page, "dark");
  await screenshotTabs(dark.page, "laptop-dark");
  check(dark.problems.length === 0, `dark: ${dark.problems.join("; ")}`);

  const projector = await openPage(url, ...PROJECTOR);
  await checkProjectorFirstScreen(projector.page, PROJECTOR[0].height);
  await projector.page.screenshot({ path: path.join(outdir, "playground-search-projector.png") });
  check(projector.problems.length === 0, `projector: ${projector.problems.join("; ")}`);
  await projector.context.close();

  const phone = await openPage(url, ...PHONE);
  await checkPhoneFirstScreen(phone.page);
  await checkPhoneSquares(phone.page);
  await screenshotMethods(phone.page, outdir, "phone");
  await choose(phone.page, 8, "recursive");
  await phone.page.evaluate(async () => { for (let i = 0; i < 40; i++) await window.nqPlayground.player.forward(); });
  await screenshotTabs(phone.page, "phone");
  const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth);
  check(overflow <= 390, `phone: the page is ${overflow} px wide, wider than the screen`);
  check(phone.problems.length === 0, `phone: ${phone.problems.join("; ")}`);

  console.log(`methods stepped event by event: ${walked.join(", ")}`);
  console.log(`axe: no serious or critical violation on ${clean} of ${TABS.length} tabs (light), ${cleanDark} of ${TABS.length} (dark)`);
  if (!pasted) console.log("pasting: not checked (no nq.parse in this build)");
  console.log(`size: index.html ${statSync(pageFile).size.toLocaleString("en-US")} bytes`);
  console.log(`timing: first paint ${ms(timing.paint["first-paint"])}, first contentful paint ${ms(timing.paint["first-contentful-paint"])}, page ready ${ms(timing.ready)}`);
  console.log(`timing: counts table n = 1..17 ${counts.seconds.toFixed(2)} s (in the worker); a tab clicked during n = 17 handled in ${counts.delay.toFixed(1)} ms`);
  console.log(`timing: 10^6 queens: construct ${(big.times[0] * 1e3).toFixed(1)} ms, verify ${(big.times[1] * 1e3).toFixed(1)} ms; 10^7: construct ${big.big[0].toFixed(2)} s, verify ${big.big[1].toFixed(2)} s, the whole wait ${big.big[2].toFixed(2)} s`);
  console.log(`timing: next solution on 20 queens (step ${jump.step.toLocaleString("en-US")}) in ${jump.seconds.toFixed(2)} s`);
} finally {
  await browser.close();
}
if (failed()) {
  console.error(`${failed()} failures`);
  process.exit(1);
}
console.log("playground browser test passed");
