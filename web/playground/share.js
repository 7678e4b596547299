// SPDX-License-Identifier: MIT
// The page's state in its address, so that a teacher can share a link: the tab, then the Search
// tab's board size, method and step, and Your board's size and queens, as URL parameters after
// the tab's name: #search?n=8&method=bitmask&step=120  or  #yours?size=6&queens=1.2,2.4,3.6
// (rows and columns 1-based, as everywhere on the page). Each tab writes its own keys; opening a
// link gives each tab back what it wrote. replaceState keeps the Back button for leaving the page.

const state = { tab: "search", params: new URLSearchParams() };

// The address as the page was opened: the tab and its parameters.
export function readAddress() {
  const hash = decodeURIComponent(location.hash.slice(1));
  const cut = hash.indexOf("?");
  state.tab = cut < 0 ? hash : hash.slice(0, cut);
  state.params = new URLSearchParams(cut < 0 ? "" : hash.slice(cut + 1));
  return { tab: state.tab, params: state.params };
}

// Sets (or, with null, removes) some keys and writes the address.
export function share(values) {
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === "") state.params.delete(name);
    else state.params.set(name, String(value));
  }
  write();
}

export function shareTab(tab) {
  state.tab = tab;
  write();
}

// A link to the page as it is now (for the Copy link buttons).
export function sharedLink() {
  return location.href.split("#")[0] + address();
}

function address() {
  const query = state.params.toString().replace(/%2C/gi, ",");
  return `#${state.tab}${query ? `?${query}` : ""}`;
}

function write() {
  try {
    window.history.replaceState(null, "", address());
  } catch {
    // Some browsers refuse it for file:// pages; the page still works, the link does not.
  }
}

// A button that copies the link; where the clipboard is refused (some browsers, for pages from
// disk), it says where to find the link instead. `settle` first writes what a tab has left to
// write (the Search tab's step, written a moment after it settles), so the link holds the board
// on screen.
export function copyLinkButton(button, settle = () => {}) {
  const label = button.textContent;
  button.addEventListener("click", async () => {
    settle();
    try {
      await navigator.clipboard.writeText(sharedLink());
      button.textContent = "Link copied";
    } catch {
      button.textContent = "Copy the address bar's link";
    }
    setTimeout(() => { button.textContent = label; }, 2500);
  });
}
