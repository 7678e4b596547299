// SPDX-License-Identifier: MIT
// Long jobs off the page's thread. A page opened from disk cannot load a worker's script from a
// file, but it can start one from a Blob URL; the worker needs the WebAssembly core and api.js,
// which are already in this page's script, between comment markers that tools/bundle.mjs writes.
// So the worker's script is built here, once, from that text and worker.js: the 1 MB core is in
// the page once. It is a classic worker (module workers from blob: URLs of a file:// page are
// not dependable across browsers).
//
// Each tab runs its jobs in its own Lane (one worker each, started on first use), so that a long
// count does not hold up the gallery. A new job on a busy lane cancels the one running (a tab
// that changed its mind), or, on a queueing lane (the player's windows of events), waits its
// turn. Cancelling terminates the lane's worker; the next job starts a fresh one.
import { source as workerBody } from "./worker.js?source";

// The markers, spelled so that this file's own text never contains them.
const marker = (name, end) => `/* nqueens:${name}-${end ? "end" : "begin"} */`;

function between(text, name) {
  const begin = text.indexOf(marker(name, false)), end = text.indexOf(marker(name, true));
  if (begin < 0 || end < begin) throw new Error(`the page's script has no ${name} section for its worker`);
  return text.slice(begin + marker(name, false).length, end);
}

let workerUrl = null;
function url() {
  if (workerUrl) return workerUrl;
  const script = document.getElementById("nq-script").textContent;
  const source = [
    between(script, "core"),
    `const nqReady = createNQueensCore().then(core => {\n${between(script, "api")}\nreturn nq;\n});`,
    workerBody,
  ].join("\n");
  workerUrl = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  return workerUrl;
}

// What a cancelled job's promise is rejected with: the page shows nothing for it.
export class Cancelled extends Error {
  constructor() {
    super("cancelled");
    this.name = "Cancelled";
  }
}

export class Lane {
  constructor(name, { queue = false } = {}) {
    this.name = name;
    this.queueing = queue;
    this.worker = null;
    this.current = null;  // { id, resolve, reject, onProgress }
    this.waiting = [];    // jobs queued behind it: [job, args, onProgress, resolve, reject]
    this.nextId = 1;
  }

  get busy() {
    return this.current !== null;
  }

  // Runs one job, after the one running (queueing lane) or instead of it.
  run(job, args = {}, { onProgress } = {}) {
    if (this.current && this.queueing) {
      return new Promise((resolve, reject) => this.waiting.push([job, args, onProgress, resolve, reject]));
    }
    if (this.current) this.cancel();
    return new Promise((resolve, reject) => this.send(job, args, onProgress, resolve, reject));
  }

  send(job, args, onProgress, resolve, reject) {
    const worker = this.start();
    const id = this.nextId++;
    this.current = { id, resolve, reject, onProgress };
    worker.postMessage({ id, job, args });
  }

  cancel() {
    for (const [, , , , reject] of this.waiting.splice(0)) reject(new Cancelled());
    if (!this.worker) return;
    this.worker.terminate();
    this.worker = null;
    this.settle(current => current.reject(new Cancelled()));
  }

  start() {
    if (this.worker) return this.worker;
    const worker = new Worker(url(), { name: `nqueens ${this.name}` });
    worker.onmessage = event => this.receive(event.data);
    // A worker that dies (out of memory, an abort inside the core) takes its job with it.
    worker.onerror = event => {
      event.preventDefault();
      this.worker?.terminate();
      this.worker = null;
      this.settle(current => current.reject(new Error(event.message || "the worker stopped")));
    };
    this.worker = worker;
    return worker;
  }

  receive(message) {
    if (message.fatal) {
      this.settle(current => current.reject(new Error(message.fatal)));
      return;
    }
    const current = this.current;
    if (!current || message.id !== current.id) return;
    if ("progress" in message) current.onProgress?.(message.progress);
    else if ("error" in message) this.settle(c => c.reject(new Error(message.error)));
    else if ("result" in message) this.settle(c => c.resolve(message.result));
  }

  settle(how) {
    const current = this.current;
    this.current = null;
    if (current) how(current);
    if (!this.current && this.waiting.length) this.send(...this.waiting.shift());
  }
}

// One lane per tab, made when first asked for.
const lanes = new Map();
export function lane(name, options) {
  if (!lanes.has(name)) lanes.set(name, new Lane(name, options));
  return lanes.get(name);
}
