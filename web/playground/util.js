// SPDX-License-Identifier: MIT
// Shared helpers of the playground's tabs: numbers and squares written for people, small waits
// that let the browser paint, <select> filling, error lines and labelled counters.

export const $ = id => document.getElementById(id);
export const SVG_NS = "http://www.w3.org/2000/svg";

// Numbers and squares for people: thousands grouped, rows and columns counted from 1.
const NUMBERS = new Intl.NumberFormat("en-US");  // made once: toLocaleString builds one a call
export const fmt = x => NUMBERS.format(x);
export const square = (r, c) => `row ${r + 1}, column ${c + 1}`;
export const columns1 = p => Array.from(p, c => c + 1).join(" ");
export const plural = (k, word) => `${fmt(k)} ${word}${k === 1 ? "" : "s"}`;

export function fmtSeconds(s) {
  if (s < 1e-3) return `${Math.max(1, Math.round(s * 1e6))} µs`;
  if (s < 1) return `${(s * 1e3).toFixed(s < 0.01 ? 2 : 1)} ms`;
  return `${s.toFixed(2)} s`;
}

// Lets the browser handle input and paint before a long synchronous call.
export const nextTask = () => new Promise(resolve => setTimeout(resolve));
export const afterPaint = () => new Promise(resolve => requestAnimationFrame(() => setTimeout(resolve)));

export function fillSelect(select, from, to, value) {
  for (let n = from; n <= to; n++) select.add(new Option(String(n), String(n), false, n === value));
}

// nq throws Errors carrying the command line's message; an action wrapped here shows that
// message in its panel's error line instead of letting it escape (async actions too), and calls
// `clear` so that the result of an earlier run does not stay on screen beside the error. A job
// the user cancelled is no error: it shows nothing.
export function showError(errorId, error) {
  const box = $(errorId);
  box.textContent = error instanceof Error ? error.message : String(error);
  box.hidden = false;
}
export function guarded(errorId, action, clear) {
  return async (...args) => {
    $(errorId).hidden = true;
    try {
      await action(...args);
    } catch (error) {
      if (error?.name === "Cancelled") return;
      clear?.();
      showError(errorId, error);
    }
  };
}

// Labelled numbers in a <dl>; rebuilt only when the set of labels changes, since the search
// updates them every frame.
export function showCounters(dl, items) {
  const keys = items.map(([key]) => key).join();
  if (dl.dataset.keys !== keys) {
    dl.dataset.keys = keys;
    dl.innerHTML = items.map(([key, label]) => `<div data-key="${key}"><dt>${label}</dt><dd></dd></div>`).join("");
  }
  items.forEach(([, , value], i) => { dl.children[i].lastChild.textContent = value; });
}

