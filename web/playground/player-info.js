// SPDX-License-Identifier: MIT
// What the player says beside the board about a method, beyond the library's own words on it
// (how it works and what each counter counts for it, nq::trace::method_info, which the source
// brings): the three counters' labels and their one definition each (as docs/trace.md defines
// them, so that "placements" means one thing and says which), and how long its whole trace is,
// when that is beyond what a page can walk (blind n = 8 has 3.4 × 10^7 events, by the library's
// estimate): said, not hung on.

// One definition each, then what it is for the method (docs/trace.md, "Conventions").
export const COUNTERS = {
  placements: ["Placements", "a queen put on a square to be tested"],
  checks: ["Checks", "one elementary test of safety"],
  nodes: ["Nodes", "the states the search stands on"],
};

// ---- how long a whole trace is (the library's estimate, nq.estimatedEvents, comes with the source)

// The most events the page walks to reach the end of a trace (in the worker, with Cancel).
export const END_LIMIT = 2e6;

const SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹";
export function scientific(x) {
  if (x < 1e6) return Math.round(x).toLocaleString("en-US");
  const e = Math.floor(Math.log10(x));
  const m = (x / 10 ** e).toFixed(1);
  return `${m} × 10${String(e).split("").map(d => SUPERSCRIPT[d]).join("")}`;
}

// The line the page shows about the size of the trace, or "" when there is nothing to say.
// `events`: about how many events the whole trace has (null or 0: not known, or few).
export function limitNote(method, n, first, events) {
  if (first || !events || events <= END_LIMIT) return "";
  const exact = method === "blind" ? `2·${n}^${n} = ${scientific(events)}` : `about ${scientific(events)}`;
  const why = method === "blind" ? " That is blind enumeration's lesson: the n^n boards it tries grow far faster than the solutions." : "";
  return `The whole search of ${method} at n = ${n} has ${exact} steps, more than the ${scientific(END_LIMIT)} this page walks through: step, play and go to the next solution at will, but its end is out of this page's reach; a smaller n shows the whole search.${why}`;
}
