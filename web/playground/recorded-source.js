// SPDX-License-Identifier: MIT
// The player's source of events in the trace page: the events recorded by the command line, in
// the page's JSON (trace-main.js says its shape), turned into the objects nq.trace yields. See
// player.js for what a source is.
import { eventDecoder } from "../js/trace-event.js";

export function recordedSource(data) {
  // Each recorded event is [its numbers in data.fields' order..., board, vars].
  const decode = eventDecoder(data.fields, data.kinds, data.alongs);
  const count = data.fields.length;
  const events = data.events.map(row => decode(row, 0, row[count], row[count + 1]));
  const note = data.cut
    ? `This page holds the first ${events.length.toLocaleString("en-US")} steps of the search (--max-steps ${data.max_steps}); the command line's jsonl format has the rest.`
    : "";
  return {
    n: data.n,
    method: data.method,
    first: Boolean(data.first),
    seed: data.seed,
    info: data.info,
    wordings: data.wordings,
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
