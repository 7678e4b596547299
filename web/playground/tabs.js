// SPDX-License-Identifier: MIT
// The tab strip: one panel shown at a time, arrow keys along the strip, the tab's name in the
// address, and each tab's work done the first time it is opened.
import { $ } from "./util.js";
import { shareTab } from "./share.js";

export const TABS = ["search", "yours", "gallery", "counts", "compare", "big"];
export const firstShow = {};  // per tab: work done the first time it is opened
const changeHooks = [];      // called with the tab shown, so a tab can stop what it was doing
export const onTabChange = hook => changeHooks.push(hook);

export function showTab(name, focus = false) {
  for (const tab of TABS) {
    const on = tab === name;
    const button = $(`tab-${tab}`);
    button.setAttribute("aria-selected", String(on));
    button.tabIndex = on ? 0 : -1;
    $(`panel-${tab}`).hidden = !on;
  }
  if (focus) $(`tab-${name}`).focus();
  for (const hook of changeHooks) hook(name);
  // The address names the tab, so a link can open it. (No element has the tab's name as its
  // id, so the browser does not scroll to it.)
  shareTab(name);
  const work = firstShow[name];
  delete firstShow[name];
  work?.();
}

export function setUpTabs() {
  const list = document.querySelector("[role=tablist]");
  list.addEventListener("click", event => {
    const tab = event.target.closest("[role=tab]");
    if (tab) showTab(tab.id.slice(4));
  });
  list.addEventListener("keydown", event => {
    const i = TABS.indexOf(event.target.id.slice(4));
    const to = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    showTab(TABS[(to + TABS.length) % TABS.length], true);
  });
}

