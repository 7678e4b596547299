// SPDX-License-Identifier: MIT
// The Counts tab: every solution and the unique ones for each n, counted in the page and
// checked against the published values. Each count runs in the worker, so the page stays
// responsive through n = 17 (seconds of counting); Cancel stops the table where it is.
import { $, fmt, fmtSeconds } from "./util.js";
import { lane } from "./worker-client.js";

const COUNT_UP_TO = 17;
const jobs = lane("counts");

// Counts n = 1..17 one row at a time in the worker, so that the table visibly fills, and checks
// each row against the published counts.
export async function runCounts() {
  const button = $("counts-run"), summary = $("counts-summary");
  const body = $("counts-table").tBodies[0];
  button.disabled = true;
  $("counts-cancel").hidden = false;
  summary.dataset.state = "running";
  summary.textContent = "Counting…";
  body.innerHTML = Array.from({ length: COUNT_UP_TO }, (_, i) =>
    `<tr class="pending"><td>${i + 1}</td><td>…</td><td>…</td><td>…</td><td>…</td><td class="verdict"></td></tr>`).join("");
  let matches = 0, done = 0;
  const start = performance.now();
  try {
    for (let n = 1; n <= COUNT_UP_TO; n++) {
      const row = body.rows[n - 1];
      row.className = "running";
      row.cells[1].textContent = "counting…";
      matches += fillCountRow(row, await jobs.run("count", { n }), nq.knownCount(n));
      done = n;
    }
  } catch (error) {
    if (error?.name !== "Cancelled") throw error;
    summary.dataset.state = "cancelled";
    summary.textContent = `Stopped after n = ${done}.`;
    for (const row of [...body.rows].slice(done)) {
      row.className = "pending";
      row.cells[1].textContent = "—";
    }
    return;
  } finally {
    button.disabled = false;
    $("counts-cancel").hidden = true;
  }
  const seconds = (performance.now() - start) / 1000;
  summary.dataset.state = "done";
  summary.dataset.seconds = String(seconds);
  summary.textContent = `n = 1 … ${COUNT_UP_TO} in ${fmtSeconds(seconds)}; ${matches === COUNT_UP_TO ? "every row matches" : `${COUNT_UP_TO - matches} rows differ from`} the published counts.`;
}

export const cancelCounts = () => jobs.cancel();

// What an error leaves: no half-filled table that looks like a result.
export function clearCounts() {
  $("counts-table").tBodies[0].replaceChildren();
  $("counts-summary").textContent = "";
  delete $("counts-summary").dataset.state;
}

function fillCountRow(row, result, known) {
  const ok = known !== null && String(known.total) === String(result.total) && String(known.unique) === String(result.unique);
  const cells = row.cells;
  cells[1].textContent = fmt(result.total);
  cells[2].textContent = fmt(result.unique);
  cells[3].textContent = fmt(result.nodes);
  cells[4].textContent = fmtSeconds(result.seconds);
  cells[5].textContent = ok ? "✓" : known ? `✗ ${fmt(known.total)} / ${fmt(known.unique)}` : "—";
  cells[5].title = ok ? "matches the published counts" : "differs from the published counts";
  cells[5].className = `verdict ${ok ? "ok" : "bad"}`;
  row.className = "fresh";
  row.dataset.state = ok ? "ok" : "bad";
  return ok ? 1 : 0;
}

