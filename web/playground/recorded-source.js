// SPDX-License-Identifier: MIT
// The player's source of events in the trace page: the events recorded by the command line, in
// the page's JSON (trace-main.js says its shape), turned into the objects nq.trace yields. See
// player.js for what a source is.

// One recorded event (an array) as the object the player reads; steps are 1, 2, ... in order.
function eventOf(row, i, data) {
  const [kind, line, r, c, byRow, byCol, along, number, placements, checks, nodes, board, vars] = row;
  const e = {
    step: i + 1,
    kind: data.kinds[kind],
    line, row: r, col: c, byRow, byCol,
    along: data.alongs[along] ?? "",
    number, placements, checks, nodes,
    board,
    vars: vars === "" ? [] : vars.split("\t").map(pair => {
      const cut = pair.indexOf("=");
      return [pair.slice(0, cut), pair.slice(cut + 1)];
    }),
  };
  e.sameColumn = e.along === "column";
  if (e.kind === "solution") {
    e.solution = e.number;
    e.placement = e.board.slice();
  }
  return e;
}

export function recordedSource(data) {
  const events = data.events.map((row, i) => eventOf(row, i, data));
  const note = data.cut
    ? `This page holds the first ${events.length.toLocaleString("en-US")} steps of the search (--max-steps ${data.max_steps}); the command line's jsonl format has the rest.`
    : "";
  return {
    n: data.n,
    method: data.method,
    first: Boolean(data.first),
    seed: data.seed,
    listing: data.listing,
    note,
    estimated: events.length,
    events,
    window: async (from, count) => ({ events: events.slice(from, from + count), ended: from + count >= events.length }),
    seek: async (from, kinds) => {
      const event = events.slice(from).find(e => kinds.includes(e.kind));
      return event ? { event } : { last: events[events.length - 1] ?? null };
    },
    solutionsUpTo: async to => events.slice(0, to).filter(e => e.kind === "solution"),
  };
}
