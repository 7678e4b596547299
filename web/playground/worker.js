// SPDX-License-Identifier: MIT
// The playground's Web Worker: the long jobs (counts, the gallery's solutions, big boards, the
// comparison of the textbook methods, the player's windows of trace events), off the page's
// thread. Not a module:
// worker-client.js builds the worker's script at run time from the page's own script (the core
// and api.js, between their markers) followed by this text, and starts it from a Blob URL, which
// works from a page opened from disk. `nqReady` (defined just before this text) resolves to the
// same `nq` object the page has.
//
// Messages: {id, job, args} in; {id, progress}, {id, result} or {id, error} out, one job at a
// time. Cancelling is the page's business: it terminates the worker and starts a fresh one.

/* global nqReady */

const inbox = [];   // jobs that came before the core was ready
let nqApi = null;

// The gallery's iterator is kept between "Show more" pages, so that each page continues where the
// last ended instead of skipping from the start again; one solution is read ahead, to know
// whether there are more.
let gallery = null;  // { key, iterator, position, ahead }

function galleryPage({ n, unique, skip, limit }) {
  const key = `${n}:${unique}`;
  if (!gallery || gallery.key !== key || gallery.position !== skip) {
    const iterator = nqApi.solutions(n, { unique, skip });
    gallery = { key, iterator, position: skip, ahead: iterator.next() };
  }
  const cards = [];
  while (cards.length < limit && !gallery.ahead.done) {
    const p = gallery.ahead.value;
    cards.push({ p, symmetries: nqApi.symmetries(p) });
    gallery.position++;
    gallery.ahead = gallery.iterator.next();
  }
  return { cards, done: gallery.ahead.done };
}

// Construct and verify, each timed on its own, telling the page which phase it is in.
function bigBoard(n, progress) {
  progress({ phase: "construct" });
  const t0 = performance.now();
  const placement = nqApi.solve(n);
  const t1 = performance.now();
  progress({ phase: "verify" });
  const attack = nqApi.verify(placement);
  const t2 = performance.now();
  progress({ phase: "send" });
  const columns = Uint32Array.from(placement);
  const t3 = performance.now();
  return {
    value: { n, columns, attack, construct: (t1 - t0) / 1000, verify: (t2 - t1) / 1000, pack: (t3 - t2) / 1000 },
    transfer: [columns.buffer],
  };
}

// ---- traces: windows of events, and jumps to the next event of some kinds

// The trace's iterator is kept between windows, so that the next window continues it instead of
// running the search again from its start (the core does that inside, in doubling windows).
let tracer = null;  // { key, iterator, position }

const traceOptions = ({ method, first, seed }) => (method === "random" ? { method, seed } : method === "first" ? { method } : { method, first });

function traceWindow({ n, from, count, ...opts }) {
  const key = JSON.stringify([n, opts]);
  if (!tracer || tracer.key !== key || tracer.position !== from) {
    tracer = { key, iterator: nqApi.trace(n, { ...traceOptions(opts), from }), position: from };
  }
  const events = [];
  let ended = false;
  while (events.length < count) {
    const next = tracer.iterator.next();
    if (next.done) { ended = true; tracer = null; break; }
    events.push(next.value);
    tracer.position = next.value.step;
  }
  return { events, ended };
}

// The first event of `kinds` after `from`; none: the trace's last event, found by walking the
// rest (with progress: the page has a Cancel for it).
function traceSeek({ n, from, kinds, ...opts }, progress) {
  const found = nqApi.trace(n, { ...traceOptions(opts), from, only: kinds }).next();
  if (!found.done) return { event: found.value };
  let last = null, walked = 0;
  for (const e of nqApi.trace(n, { ...traceOptions(opts), from })) {
    last = e;
    if (++walked % 65536 === 0) progress({ step: e.step });
  }
  return { last };
}

// The solutions up to a step (a link's), for the search tree; at most `limit`.
function traceSolutions({ n, to, limit, ...opts }) {
  const out = [];
  for (const e of nqApi.trace(n, { ...traceOptions(opts), only: ["solution"] })) {
    if (e.step > to || out.length >= limit) break;
    out.push(e);
  }
  return out;
}

const JOBS = {
  traceWindow,
  traceSeek: (args, progress) => traceSeek(args, progress),
  traceSolutions,
  count: ({ n }) => nqApi.count(n),
  gallery: args => galleryPage(args),
  big: ({ n }, progress) => bigBoard(n, progress),
  compare: ({ n, budget, first }) => nqApi.compare(n, { budget, first }),
};

function handle({ data: { id, job, args } }) {
  const progress = value => postMessage({ id, progress: value });
  try {
    const out = JOBS[job](args, progress);
    if (out && out.transfer) postMessage({ id, result: out.value }, out.transfer);
    else postMessage({ id, result: out });
  } catch (error) {
    postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
}

self.onmessage = event => inbox.push(event);
nqReady.then(
  api => {
    nqApi = api;
    self.onmessage = handle;
    for (const event of inbox.splice(0)) handle(event);
    postMessage({ ready: true });
  },
  error => postMessage({ fatal: String(error) }),
);
