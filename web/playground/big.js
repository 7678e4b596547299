// SPDX-License-Identifier: MIT
// The Big boards tab: an explicit construction of n queens for large n, verified, with every
// queen plotted as a dot. The work runs in the worker, which says which phase it is in; the
// times shown add up to the wait: the library's construction and check, and everything else
// (starting the worker, handing the columns over, drawing) as its own line.
import { $, fmt, columns1, fmtSeconds, afterPaint, showCounters } from "./util.js";
import { lane } from "./worker-client.js";

const BIG_MIN = 4;  // the smallest board the tab is for, as its field says (min="4")
const BIG_MAX = 10_000_000;  // the worker holds the placement as a plain array, 8 bytes a queen
const jobs = lane("big");
const PHASES = { start: "Starting the worker", construct: "Constructing", verify: "Verifying", send: "Handing the columns over" };

export async function runBig() {
  const n = Number($("big-n").value);
  clearBig();
  if (!Number.isInteger(n) || n < BIG_MIN || n > BIG_MAX) throw new Error(`n must be a whole number from ${BIG_MIN} to ${fmt(BIG_MAX)}`);
  const start = performance.now();
  const ticker = showProgress(n, start);
  setBusy(true);
  try {
    ticker.phase("start");
    const r = await jobs.run("big", { n }, { onProgress: ({ phase }) => ticker.phase(phase) });
    ticker.phase("draw");
    await afterPaint();  // "Drawing" on screen before the drawing holds the thread
    plotPlacement($("big-plot"), r.columns);
    showBigResult(r, (performance.now() - start) / 1000);
  } catch (error) {
    if (error?.name === "Cancelled") $("big-verdict").textContent = "Stopped.";
    throw error;
  } finally {
    ticker.stop();
    setBusy(false);
  }
}

export const cancelBig = () => jobs.cancel();

function setBusy(busy) {
  $("big-run").disabled = busy;
  $("big-cancel").hidden = !busy;
}

// The phase and the seconds since the click, ten times a second, in the verdict's place.
function showProgress(n, start) {
  const verdict = $("big-verdict"), bar = $("big-progress");
  let phase = "start";
  const order = ["start", "construct", "verify", "send", "draw"];
  const show = () => {
    const what = PHASES[phase] ?? "Drawing";
    verdict.textContent = `${what} ${phase === "construct" ? `${fmt(n)} queens` : ""}… ${fmtSeconds((performance.now() - start) / 1000)}`.replace(/ +…/, "…");
    bar.value = order.indexOf(phase);
  };
  verdict.className = "status";
  verdict.dataset.state = "running";
  bar.max = order.length;
  bar.hidden = false;
  const timer = setInterval(show, 100);
  return {
    phase(next) { phase = next; show(); },
    stop() { clearInterval(timer); bar.hidden = true; },
  };
}

// Before a run and after an error: nothing of the last result stays on screen.
export function clearBig() {
  showCounters($("big-result"), []);
  const result = $("big-result");
  delete result.dataset.construct;
  delete result.dataset.verify;
  delete result.dataset.total;
  const verdict = $("big-verdict");
  verdict.className = "status";
  verdict.textContent = "";
  delete verdict.dataset.state;
  $("big-head").textContent = "";
  const canvas = $("big-plot");
  canvas.getContext("2d").clearRect(0, 0, canvas.width, canvas.height);
}

function showBigResult({ n, columns, attack, construct, verify }, total) {
  const rest = Math.max(0, total - construct - verify);
  showCounters($("big-result"), [
    ["n", "Queens", fmt(n)],
    ["construct", "Construct", fmtSeconds(construct)],
    ["verify", "Verify", fmtSeconds(verify)],
    ["rest", "Worker, transfer, drawing", fmtSeconds(rest)],
    ["total", "Total wait", fmtSeconds(total)],
  ]);
  const result = $("big-result");
  result.dataset.construct = String(construct);
  result.dataset.verify = String(verify);
  result.dataset.total = String(total);
  const verdict = $("big-verdict");
  verdict.className = `status ${attack ? "bad" : "good"}`;
  verdict.dataset.state = attack ? "invalid" : "valid";
  verdict.textContent = attack ? `Not a solution: ${attack.message}.` : `Valid: no two of the ${fmt(n)} queens attack each other.`;
  const shown = Math.min(n, 16);
  $("big-head").textContent = `Columns of rows 1–${shown}: ${columns1(columns.subarray(0, shown))}${n > shown ? " …" : ""}`;
}

// Every queen as a dot (a square of pixels when n is small), straight into the pixel buffer as
// 32-bit words, since ten million fillRect calls (or a small array a pixel) would be slow.
function plotPlacement(canvas, placement) {
  const n = placement.length;
  const size = Math.round(canvas.clientWidth * devicePixelRatio) || 480;
  canvas.width = canvas.height = size;
  const context = canvas.getContext("2d");
  const image = context.createImageData(size, size);
  const pixels = new Uint32Array(image.data.buffer);
  const [red, green, blue] = accentColor();
  const ink = new Uint32Array(new Uint8Array([red, green, blue, 255]).buffer)[0];  // the platform's byte order
  const dot = Math.max(2, Math.floor(size / n));  // at least 2 pixels, or a million dots fade
  for (let r = 0; r < n; r++) {
    const x0 = Math.floor((placement[r] * size) / n), y0 = Math.floor((r * size) / n);
    const x1 = Math.min(size, x0 + dot);
    for (let y = y0; y < Math.min(size, y0 + dot); y++) pixels.fill(ink, y * size + x0, y * size + x1);
  }
  context.putImageData(image, 0, 0);
}
function accentColor() {
  const hex = getComputedStyle(document.documentElement).getPropertyValue("--accent").trim();
  return [1, 3, 5].map(i => parseInt(hex.slice(i, i + 2), 16));
}
