// SPDX-License-Identifier: MIT
// The playground's entry point (tools/bundle.mjs bundles the modules it imports after the
// core and `const nq = {...}`): sets up every tab and opens the one the address names.
import { $, guarded } from "./util.js";
import { readAddress } from "./share.js";
import { TABS, firstShow, showTab, setUpTabs } from "./tabs.js";
import { setUpSearch } from "./search.js";
import { setUpYours } from "./yours.js";
import { setUpGallery } from "./gallery.js";
import { runCounts, cancelCounts, clearCounts } from "./counts.js";
import { runCompare, clearCompare, setUpCompare } from "./compare.js";
import { runBig, cancelBig, clearBig } from "./big.js";

function main() {
  $("version").textContent = nq.version;
  $("loading").remove();
  setUpTabs();
  const { tab, params } = readAddress();
  setUpSearch(params);
  setUpYours(params);
  firstShow.gallery = setUpGallery();
  const counts = guarded("counts-error", runCounts, clearCounts);
  firstShow.counts = counts;
  setUpCompare();
  const compare = guarded("compare-error", runCompare, clearCompare);
  firstShow.compare = compare;
  $("compare-run").addEventListener("click", compare);
  // A change of mode measures again (a sweep running gives way to the new one).
  for (const radio of document.querySelectorAll("input[name=compare-mode]")) radio.addEventListener("change", compare);
  const big = guarded("big-error", runBig, clearBig);
  firstShow.big = big;
  $("counts-run").addEventListener("click", counts);
  $("counts-cancel").addEventListener("click", cancelCounts);
  // A form, so that Enter in the size field runs it as the button does.
  $("big-form").addEventListener("submit", event => { event.preventDefault(); big(); });
  $("big-cancel").addEventListener("click", cancelBig);
  showTab(TABS.includes(tab) ? tab : "search");
  performance.mark("playground-ready");  // for timing the page: when it first responds
}

main();
