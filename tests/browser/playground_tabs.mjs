// SPDX-License-Identifier: MIT
// The playground's other tabs in Chromium, against facts known without the library (a textbook
// backtracker, the published counts, the symmetries of the square):
//   Your board: conflicts shown, completable or not as the backtracker says, a completion that
//     keeps the clicked queens; a placement pasted in each format (perm with spaces or commas,
//     a 0-based array, LeetCode's, FEN-like) drawn and checked (its first attacking pair
//     marked), bad text given one message in the board's words; the queens kept in a link.
//   Gallery: n = 6 all (4) and unique (1, fixed by rotate180), n = 8 unique (12 classes, 92
//     images), n = 10 paged by "Show more" to all 724; the symmetries said in words; Open puts
//     a solution on Your board.
//   Counts: n = 1..17 against OEIS, in the worker: a tab clicked during n = 16 is handled at once;
//     Cancel stops the table.
//   Compare: every method (the nine, random and first) for n = 4..12 in the chart and its table,
//   what each row did and the skipped ones said, times the medians of repeated runs.
//   Big boards: 10^6 constructed and verified, Enter in the size field runs it, n = 3 an error
//     that leaves no old result on screen, 10^7 with progress and times that add up.
import path from "node:path";
import { check, same, columnsOn, counter, tab, referenceSolutions, isSolution, canonical, A000170, A002562 } from "./lib.mjs";

export async function checkYourBoard(page, outdir) {
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

// The cards, once the worker's page of them has arrived.
async function galleryCards(page) {
  await page.waitForSelector("#gallery-list[aria-busy=false]");
  return page.$$eval("#gallery-list .card", cards => cards.map(card => ({
    p: card.querySelector(".perm").textContent.split(" ").map(c => Number(c) - 1),
    symmetries: [...card.querySelectorAll("[data-symmetry]")].map(b => b.dataset.symmetry),
    images: Number(card.querySelector(".images")?.textContent.slice(1) ?? 0),
  })));
}

export async function checkGallery(page, outdir) {
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
  const words = await page.$eval('#gallery-list [data-symmetry="rotate180"]', b => b.textContent);
  check(words === "same after a half turn", `gallery: the symmetry is said in words (${words})`);
  // A card's Open button puts its solution on Your board.
  await page.click("#gallery-list .card:nth-child(3) button.open");
  const opened = await columnsOn(page, "yours-board", 8);
  const shownTab = await page.$eval("#tab-yours", t => t.getAttribute("aria-selected"));
  check(shownTab === "true" && same(opened, unique8[2].p), `gallery: Open shows solution 3 (${unique8[2].p}) on Your board (tab ${shownTab}, board ${opened})`);
  check((await page.$eval("#yours-status", s => s.dataset.state)) === "solved", "gallery: the opened board is solved");
  await tab(page, "gallery");
  await page.selectOption("#gallery-n", "10");
  await which("all");
  check((await galleryCards(page)).length === 200, "gallery n=10: the first 200 boards");
  for (;;) {
    await page.waitForSelector("#gallery-list[aria-busy=false]");
    if (!(await page.isVisible("#gallery-more"))) break;
    await page.click("#gallery-more");
  }
  const all10 = await galleryCards(page);
  check(all10.length === 724 && all10.every(c => isSolution(c.p)), `gallery n=10: ${all10.length} boards after Show more, want 724`);
  await page.selectOption("#gallery-n", "8");
}

// The table fills in the worker: while n = 17 is being counted (its longest row, seconds; n = 16
// can end before the click arrives: docs/journal/tests.md, "The count table's click"), a click on
// a tab must be handled at once. The handler itself notes the delay from the click's arrival and
// whether the row was still being counted then.
export async function checkCounts(page) {
  await tab(page, "counts");
  await checkCountsCancel(page);
  await page.click("#counts-run");
  await page.waitForSelector("#counts-table tbody tr:nth-child(17).running", { timeout: 300000 });
  await page.evaluate(() => {
    window.nqClick = null;
    document.getElementById("tab-yours").addEventListener("click", e => {
      window.nqClick = {
        delay: performance.now() - e.timeStamp,
        counting: document.querySelector("#counts-table tbody tr:nth-child(17)").className === "running",
      };
    }, { once: true });
  });
  await tab(page, "yours");
  const click = await page.evaluate(() => window.nqClick);
  const delay = click?.delay ?? null;
  check(delay !== null && delay < 100, `counts: a tab clicked during the count of n = 17 was handled after ${delay?.toFixed(1)} ms, want < 100`);
  check(click?.counting === true, "counts: the click came while n = 17 was still being counted");
  await tab(page, "counts");
  await page.waitForFunction(() => document.getElementById("counts-summary").dataset.state === "done", null, { timeout: 300000 });
  const rows = await page.$$eval("#counts-table tbody tr", trs => trs.map(tr => [...tr.cells].map(td => td.textContent.replace(/,/g, ""))));
  check(rows.length === 17, `counts: ${rows.length} rows, want 17`);
  rows.forEach((cells, i) => {
    check(Number(cells[1]) === A000170[i] && Number(cells[2]) === A002562[i],
      `counts n=${i + 1}: ${cells[1]} / ${cells[2]}, OEIS ${A000170[i]} / ${A002562[i]}`);
    check(cells[5].includes("✓"), `counts n=${i + 1}: not marked as matching`);
  });
  return { seconds: Number(await page.$eval("#counts-summary", s => s.dataset.seconds)), delay };
}

// Cancel (of the count the tab starts when first opened) stops the table where it is.
async function checkCountsCancel(page) {
  await page.waitForSelector("#counts-table tbody tr:nth-child(17).running", { timeout: 300000 });
  await page.click("#counts-cancel");
  await page.waitForFunction(() => document.getElementById("counts-summary").dataset.state === "cancelled");
  const states = await page.$$eval("#counts-table tbody tr", trs => trs.map(tr => tr.className));
  check(states.slice(16).every(s => s === "pending") && !(await page.isDisabled("#counts-run")),
    `counts: after Cancel the rows left are pending (${states.slice(16)}) and Count again is enabled`);
}

export async function checkBig(page) {
  await tab(page, "big");
  const settled = () => page.waitForFunction(() => ["valid", "invalid"].includes(document.getElementById("big-verdict").dataset.state), null, { timeout: 120000 });
  await settled();
  check((await page.$eval("#big-verdict", v => v.dataset.state)) === "valid", "big: 10^6 queens are valid");
  check((await counter(page, "big-result", "n")) === 1e6, "big: 10^6 queens");
  const times = await page.$eval("#big-result", r => [Number(r.dataset.construct), Number(r.dataset.verify)]);
  // An error leaves nothing of the last result on screen.
  await page.fill("#big-n", "3");
  await page.click("#big-run");
  await page.waitForSelector("#big-error:not([hidden])");
  check((await page.textContent("#big-error")).includes("from 4 to"), "big: n = 3 is refused as the field's minimum says");
  await page.fill("#big-n", "1");
  await page.click("#big-run");
  await page.waitForSelector("#big-error:not([hidden])");
  check((await page.textContent("#big-error")).includes("from 4 to"), "big: n = 1 is refused too");
  const left = await page.evaluate(() => [document.querySelectorAll("#big-result div").length, document.getElementById("big-verdict").textContent, document.getElementById("big-head").textContent]);
  check(same(left, [0, "", ""]), `big: after the error no earlier result is shown (${JSON.stringify(left)})`);
  // Enter in the size field runs it; 10^7 in the worker, with its phases shown, the page free.
  await page.fill("#big-n", "10000000");
  // Every text the verdict shows is noted in the page as it comes (polling from here can miss a
  // short phase when the machine is busy).
  await page.evaluate(() => {
    const verdict = document.getElementById("big-verdict");
    window.nqPhases = new Set();
    new MutationObserver(() => { if (verdict.dataset.state === "running") window.nqPhases.add(verdict.textContent.split(/[ …]/)[0]); })
      .observe(verdict, { childList: true, characterData: true, subtree: true, attributes: true });
  });
  await page.press("#big-n", "Enter");
  await page.waitForFunction(() => document.getElementById("big-verdict").dataset.state === "running");
  let delay = null;
  for (let i = 0; i < 400 && (await page.$eval("#big-verdict", v => v.dataset.state)) === "running"; i++) {
    if (delay === null && i === 1) {
      await page.evaluate(() => { window.nqBigDelay = null; document.getElementById("tab-counts").addEventListener("click", e => { window.nqBigDelay = performance.now() - e.timeStamp; }, { once: true }); });
      await tab(page, "counts");
      delay = await page.evaluate(() => window.nqBigDelay);
      await tab(page, "big");
    }
    await page.waitForTimeout(50);
  }
  await settled();
  check((await page.$eval("#big-verdict", v => v.dataset.state)) === "valid", "big: 10^7 queens are valid");
  const phases = await page.evaluate(() => [...window.nqPhases]);
  check(phases.length >= 2, `big: the phases were shown as they came (${phases})`);
  check(delay !== null && delay < 100, `big: a tab clicked during 10^7 was handled after ${delay?.toFixed(1)} ms`);
  const big = await page.$eval("#big-result", r => [Number(r.dataset.construct), Number(r.dataset.verify), Number(r.dataset.total)]);
  check(big[2] >= big[0] + big[1] && big[2] > 0, `big: the total wait ${big[2]} s covers construct ${big[0]} s and verify ${big[1]} s`);
  await page.fill("#big-n", "1000000");
  await page.click("#big-run");
  await settled();
  return { times, big };
}

// ---- a placement pasted as text, and the board in a link

const fen = p => p.map(c => `${c > 0 ? c : ""}q${p.length - 1 - c > 0 ? p.length - 1 - c : ""}`).join("/");
const leetcode = p => JSON.stringify(p.map(c => ".".repeat(c) + "Q" + ".".repeat(p.length - 1 - c)));

async function paste(page, text) {
  await page.fill("#paste-text", text);
  await page.click("#paste-form button[type=submit]");
}

// Returns false when the page's build has no nq.parse yet (said, not failed).
export async function checkPaste(page) {
  await tab(page, "yours");
  await paste(page, "2 4 1 3");
  const missing = (await page.isVisible("#paste-error")) && (await page.textContent("#paste-error")).includes("nq.parse is missing");
  if (missing) {
    console.log("SKIP: pasting (this build's api.js has no nq.parse yet)");
    return false;
  }
  const twelve = referenceSolutions(12, [], 1)[0];
  const cases = [
    ["perm", "2 4 1 3", [1, 3, 0, 2]],
    ["perm with commas", "2,4,1,3", [1, 3, 0, 2]],
    ["the code's cols array, from 0", "[1,3,0,2]", [1, 3, 0, 2]],
    ["LeetCode", leetcode([1, 3, 0, 2]), [1, 3, 0, 2]],
    ["FEN-like", "1q2/3q/q3/2q1", [1, 3, 0, 2]],
    ["FEN-like, n = 12 (runs of two digits)", fen(twelve), twelve],
    ["LeetCode, n = 12", leetcode(twelve), twelve],
  ];
  for (const [format, text, want] of cases) {
    await paste(page, text);
    const board = await columnsOn(page, "yours-board", want.length);
    check(same(board, want), `paste ${format}: the board shows ${JSON.stringify(board)}, want ${JSON.stringify(want)}`);
    check(!(await page.isVisible("#paste-error")), `paste ${format}: no error`);
    check((await page.$eval("#yours-status", s => s.dataset.state)) === "solved", `paste ${format}: verified as a solution`);
  }
  // A placement that is not a solution: nq.verify's first attacking pair is marked.
  await paste(page, "1 3 2 4");
  const pair = await page.$eval("#yours-board line.first-pair", l => ["y1", "x1", "y2", "x2"].map(a => Number(l.getAttribute(a)) - 0.5)).catch(() => null);
  check(same(pair, [1, 2, 2, 1]), `paste 1 3 2 4: the first attacking pair drawn ${JSON.stringify(pair)}, want rows 2 and 3 (columns 3 and 2)`);
  check((await page.textContent("#yours-status")).startsWith("Not a solution"), "paste 1 3 2 4: said not a solution");
  // Bad text: one message, the board left as it was.
  const before = await columnsOn(page, "yours-board", 4);
  for (const bad of ["1 2 x", "[\".Q\",\"Q\"", "1q2/3q/q3"]) {
    await paste(page, bad);
    const messages = await page.$$eval("#panel-yours .error:not([hidden])", els => els.map(e => e.textContent));
    check(messages.length === 1 && messages[0].length > 5, `paste '${bad}': one message, got ${JSON.stringify(messages)}`);
  }
  // The message speaks of the board's rows and columns, not of the text's.
  await paste(page, "2 4 1 5");
  const offBoard = await page.textContent("#paste-error");
  check(offBoard.includes("row 4's column '5'") && !/^(perm|json|board|fen):/i.test(offBoard), `paste '2 4 1 5': ${offBoard}`);
  check(same(await columnsOn(page, "yours-board", 4), before), "bad text leaves the board as it was");
  return true;
}

// The board's queens are in the address; opening that address shows them again.
export async function checkYoursLink(page, openPage) {
  await tab(page, "yours");
  await page.click("#yours-clear");
  await page.selectOption("#yours-n", "6");
  for (const [r, c] of [[0, 1], [1, 3], [3, 0]]) await page.click(`#yours-board .cell[data-row="${r}"][data-col="${c}"]`);
  const address = await page.evaluate(() => location.href);
  check(address.includes("#yours?") && address.includes("queens=1.2,2.4,4.1"), `your board: the address ${address} keeps the queens`);
  const { page: other, context } = await openPage(address);
  await other.waitForSelector("#yours-board .cell");
  const shown = await columnsOn(other, "yours-board", 6);
  check(same(shown, [1, 3, -1, 0, -1, -1]) && !(await other.isHidden("#panel-yours")), `your board from the link: ${JSON.stringify(shown)}`);
  await context.close();
}

// ---- Compare

export async function checkCompare(page) {
  await tab(page, "compare");
  await page.waitForFunction(() => document.getElementById("compare-status").dataset.state === "done", null, { timeout: 300000 });
  const series = await page.$$eval("#compare-chart .series", gs => gs.map(g => [g.dataset.method, g.querySelectorAll(".mark").length]));
  check(series.length === 11, `compare: ${series.length} series, want 11 (the nine, random, first)`);
  const byMethod = Object.fromEntries(series);
  check(byMethod.recursive === 9 && byMethod.bitmask === 9, `compare: recursive and bitmask have a point for every n (${byMethod.recursive}, ${byMethod.bitmask})`);
  check(byMethod.random === 9 && byMethod.first === 9, `compare: random and first have a point for every n (${byMethod.random}, ${byMethod.first})`);
  // What each row did is said: random and first stop at one solution, the nine count them all.
  const legend = await page.$$eval("#compare-legend li", lis => Object.fromEntries(lis.map(li => [li.dataset.method, li.textContent])));
  check(legend.random === "random (one solution)" && legend.first === "first (one solution)" && legend.recursive === "recursive", `compare: the legend says which rows find one solution (${JSON.stringify(legend)})`);
  check(/^The nine textbook methods count every solution/.test(await page.textContent("#compare-legend-note")), "compare: the legend says the nine count every solution");
  check(/medians of one run over repeated runs/.test(await page.textContent("#compare-status")), "compare: the status says the times are medians of repeated runs");
  check(byMethod.blind < 9, `compare: blind is left out somewhere (${byMethod.blind} points)`);
  check((await page.textContent("#compare-skipped")).includes("blind for n ="), "compare: the chart says what it left out");
  const ticks = await page.$$eval("#compare-chart .tick", ts => ts.map(t => t.textContent));
  check(ticks.includes("1k") && ticks.includes("10k"), `compare: a logarithmic axis in decades (${ticks.slice(0, 6)})`);
  // The table view: the same numbers; recursive's placements at n = 8 are the textbook 15,720.
  await page.click("label:has(input[name=compare-view][value=table])");
  const row = await page.$$eval("#compare-table tbody tr", trs => trs.map(tr => [tr.cells[0].textContent, [...tr.cells].slice(1).map(td => td.textContent)]));
  const recursive = row.find(([m]) => m === "recursive")?.[1];
  check(recursive?.[4] === "15,720", `compare table: recursive n=8 placements ${recursive?.[4]}, want 15,720`);
  await page.click("label:has(input[name=compare-metric][value=seconds])");
  check((await page.textContent("#compare-table caption")).startsWith("Time"), "compare: the metric selector changes the table");
  // Each time is the median of repeated runs: at least three, unless the next would have passed
  // the budget of 1 s (a run of over a few hundred milliseconds). How the times grow with n is
  // not asserted: it is timing.
  const times = await page.$$eval("#compare-table tbody tr", trs => trs.map(tr => [tr.dataset.method, [...tr.cells].slice(1).map(td => td.dataset.repeats ? [Number(td.dataset.repeats), td.title] : null)]));
  const timed = times.flatMap(([m, cells]) => cells.filter(Boolean).map(([repeats, title]) => [m, repeats, title]));
  check(timed.length >= 60 && timed.every(([, repeats, title]) => repeats >= 3 || /\d+(\.\d+)? (ms|s),/.test(title)), `compare: each time is the median of 3 runs or more (${JSON.stringify(timed.filter(([, r]) => r < 3))})`);
  check(times.find(([m]) => m === "random")?.[1].every(Boolean), "compare: random has a time at every n");
  // Solutions: the nine count the 92 of n = 8 (blind, its 8^8 boards over the budget, left
  // out), random and first find one.
  await page.click("label:has(input[name=compare-metric][value=solutions])");
  const counted = await compareColumn(page, 8);
  const eight = Object.entries(counted).filter(([m]) => !["blind", "random", "first"].includes(m));
  check(eight.length === 8 && eight.every(([, v]) => v === "92") && counted.blind === "—" && counted.random === "1" && counted.first === "1", `compare: counting, n = 8 has 92 solutions for the nine (blind left out) and 1 for random and first (${JSON.stringify(counted)})`);

  // Stopping at the first solution: the choice measures again. Changed twice more at once, each
  // new sweep takes over from the one running, and the last one's rows are the page's.
  await page.click("label:has(input[name=compare-mode][value=first])");
  await page.click("label:has(input[name=compare-mode][value=count])");
  await page.click("label:has(input[name=compare-mode][value=first])");
  await page.waitForFunction(() => {
    const status = document.getElementById("compare-status");
    return status.dataset.state === "done" && /stopping at its first solution/.test(status.textContent);
  }, null, { timeout: 300000 });
  const status = await page.textContent("#compare-status");
  check(/every method stopping at its first solution/.test(status) && /medians of one run/.test(status), `compare: the status says every method stopped at its first solution (${status})`);
  const one = await compareColumn(page, 8);
  check(Object.keys(one).length === 11 && Object.values(one).every(v => v === "1"), `compare: stopping at the first solution, every method finds one at n = 8 (${JSON.stringify(one)})`);
  check((await page.textContent("#compare-table caption")).includes("Every method stops at the first solution it finds."), "compare: the table's caption says every method stops at its first solution");
  await page.click("label:has(input[name=compare-metric][value=placements])");
  const work = await compareColumn(page, 8);
  check(work.recursive === "876" && work.blind === "1,299,852", `compare: stopping at the first solution, recursive places 876 queens at n = 8 and blind tests 1,299,852 boards (${work.recursive}, ${work.blind})`);
  await page.click("label:has(input[name=compare-view][value=chart])");
  const firstLegend = await page.$$eval("#compare-legend li", lis => Object.fromEntries(lis.map(li => [li.dataset.method, li.textContent])));
  check(firstLegend.random === "random" && firstLegend.recursive === "recursive", `compare: no row marked "one solution" when every row finds one (${JSON.stringify(firstLegend)})`);
  check((await page.textContent("#compare-legend-note")) === "Every method stops at the first solution it finds.", "compare: the legend says every method stops at its first solution");
}

// The table's column of n, by method (the table view shown).
async function compareColumn(page, n) {
  return page.$$eval("#compare-table tbody tr", (trs, n) => {
    const at = 1 + n - 4;  // the columns are n = 4 … 12
    return Object.fromEntries(trs.map(tr => [tr.dataset.method, tr.cells[at].textContent]));
  }, n);
}
