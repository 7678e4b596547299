// SPDX-License-Identifier: MIT
// The Search tab: the player (player.js) on the trace of the method chosen, for the n chosen,
// its events computed in the worker (worker-source.js). The tab keeps n, the method, its options
// and the step in the address (share.js), and opening such a link goes back to that step.
import { $, fillSelect, guarded } from "./util.js";
import { createPlayer } from "./player.js";
import { workerSource } from "./worker-source.js";
import { onTabChange } from "./tabs.js";
import { share, copyLinkButton } from "./share.js";

const N_FROM = 4, N_TO = 20;
let player = null;
let stepTimer = 0;
let stepToShare = null;

// The step goes into the address a moment after it settles (browsers limit how often a page
// may rewrite its address, and a playing search moves on every frame); Copy link writes it at
// once.
function shareStep(step) {
  clearTimeout(stepTimer);
  stepToShare = step;
  stepTimer = setTimeout(writeStep, 400);
}

function writeStep() {
  clearTimeout(stepTimer);
  if (stepToShare === null) return;
  share({ step: stepToShare || null });
  stepToShare = null;
}

function chosen() {
  const method = $("search-method").value;
  return {
    n: Number($("search-n").value),
    method,
    first: method !== "random" && method !== "first" && $("search-first").checked,
    seed: method === "random" ? Math.max(0, Math.floor(Number($("search-seed").value) || 0)) : undefined,
  };
}

function startSearch(step = 0) {
  const options = chosen();
  $("search-first-label").hidden = options.method === "random" || options.method === "first";
  $("search-seed-label").hidden = options.method !== "random";
  share({ n: options.n, method: options.method, first: options.first ? 1 : null, seed: options.seed ?? null, step: step || null });
  return player.load(workerSource(options), { step });
}

function fillMethods(select, value) {
  const group = (label, methods) => {
    const g = document.createElement("optgroup");
    g.label = label;
    for (const m of methods) g.append(new Option(m, m));
    select.append(g);
  };
  group("The textbook methods", nq.classicMethods);
  group("The solvers", nq.traceMethods.filter(m => !nq.classicMethods.includes(m)));
  select.value = value;
}

// The address may bring n, a method, its options and a step.
export function setUpSearch(params) {
  const n = Number(params.get("n"));
  const method = nq.traceMethods.includes(params.get("method")) ? params.get("method") : "recursive";
  fillSelect($("search-n"), N_FROM, N_TO, Number.isInteger(n) && n >= N_FROM && n <= N_TO ? n : 8);
  fillMethods($("search-method"), method);
  $("search-first").checked = params.get("first") === "1";
  if (params.has("seed")) $("search-seed").value = params.get("seed");
  player = createPlayer($("search-player"), {
    keysActive: () => !$("panel-search").hidden,
    onStep: shareStep,
  });
  const restart = guarded("search-error", () => startSearch());
  for (const id of ["search-n", "search-method", "search-first", "search-seed"]) $(id).addEventListener("change", restart);
  copyLinkButton($("search-link"), writeStep);
  window.nqPlayground = { player };  // for the page's tests, and the curious in the console
  onTabChange(name => { if (name !== "search") player.pause(); });
  const step = Number(params.get("step"));
  guarded("search-error", () => startSearch(Number.isInteger(step) && step > 0 ? step : 0))();
}
