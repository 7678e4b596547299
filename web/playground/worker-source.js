// SPDX-License-Identifier: MIT
// The player's source of events in the playground: the worker runs nq.trace (worker.js), so a
// jump of millions of steps never holds up the page, and Cancel ends it. See player.js for what
// a source is.
import { lane } from "./worker-client.js";

export function workerSource({ n, method, first, seed }) {
  const jobs = lane("trace", { queue: true });
  const opts = { n, method, first, seed };
  return {
    n, method, first, seed,
    info: nq.registry.methods[method],
    wordings: nq.registry.events,
    listing: nq.listing(method, n),
    estimated: nq.estimatedEvents(n, method) || null,  // 0: random and first, a few a row
    window: (from, count) => jobs.run("traceWindow", { ...opts, from, count }),
    seek: (from, kinds) => jobs.run("traceSeek", { ...opts, from, kinds }),
    solutionsUpTo: to => jobs.run("traceSolutions", { ...opts, to, limit: 2000 }),
    cancel: () => { if (jobs.busy) jobs.cancel(); },
  };
}
