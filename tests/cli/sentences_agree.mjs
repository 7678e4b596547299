// SPDX-License-Identifier: MIT
// The sentences are written once (src/trace/kinds.cpp) and rendered twice: by the library for
// `nqueens trace` (sentence.cpp) and by the page for its player (web/playground/sentences.js).
// For every method on small boards, the trace page's events, rendered by the page's code from
// the wordings the page carries, must say word for word what the command line prints for the
// same trace. Run: node sentences_agree.mjs NQUEENS_BINARY
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { eventDecoder } from "../../web/js/trace-event.js";
import { sentence } from "../../web/playground/sentences.js";

const binary = process.argv[2];
if (!binary) {
  console.error("usage: node sentences_agree.mjs NQUEENS_BINARY");
  process.exit(2);
}

const dir = mkdtempSync(path.join(os.tmpdir(), "nq-sentences-"));
const run = args => {
  const r = spawnSync(binary, args, { encoding: "utf8", maxBuffer: 1 << 28 });
  if (r.status !== 0) throw new Error(`nqueens ${args.join(" ")}: exit ${r.status}: ${r.stderr}`);
  return r.stdout;
};

// The traces: every method at n = 1, 4 and 5; and the kinds small boards never tell (the local
// search's moves and undos, first's splits).
const methods = JSON.parse(run(["info", "--json"])).choices["trace.method"].map(c => c.name);
const traces = [];
for (const method of methods) {
  for (const n of [1, 4, 5]) {
    if (!(method === "random" && n < 4)) traces.push({ method, n, args: [] });
  }
}
for (const seed of ["3", "4"]) traces.push({ method: "random", n: 8, args: ["--seed", seed] });
traces.push({ method: "first", n: 12, args: [] });

let compared = 0, mismatches = 0;
const kinds = new Set();
for (const { method, n, args } of traces) {
  const common = ["trace", String(n), "--method", method, ...args];
  const printed = run(common).split("\n").filter(line => line && !line.startsWith("cut at"));
  const page = path.join(dir, "page.html");
  run([...common, "--format", "html", "-o", page]);
  const html = readFileSync(page, "utf8");
  const json = html.slice(html.indexOf(">", html.indexOf('<script id="trace"')) + 1, html.indexOf("</script>"));
  const data = JSON.parse(json);
  const decode = eventDecoder(data.fields, data.kinds, data.alongs);
  const count = data.fields.length;
  const said = data.events.map(row => sentence(decode(row, 0, row[count], row[count + 1]), data.wordings));
  if (said.length !== printed.length) {
    console.log(`${method} n=${n}: the page has ${said.length} events, the command line printed ${printed.length}`);
    mismatches++;
  }
  for (let i = 0; i < Math.min(said.length, printed.length); i++) {
    compared++;
    kinds.add(data.kinds[data.events[i][data.fields.indexOf("kind")]]);
    if (said[i] === printed[i]) continue;
    if (++mismatches <= 20) console.log(`${method} n=${n} step ${i + 1}:\n  page: ${said[i]}\n  cli:  ${printed[i]}`);
  }
}
rmSync(dir, { recursive: true, force: true });

const missing = JSON.parse(run(["info", "--json"])).choices["trace.kind"].map(c => c.name).filter(k => !kinds.has(k));
if (missing.length) {
  console.log(`kinds no trace here told: ${missing.join(", ")}`);
  mismatches++;
}
console.log(`${compared} sentences of ${traces.length} traces, ${kinds.size} kinds`);
if (mismatches) {
  console.log(`sentences agree: ${mismatches} mismatches`);
  process.exit(1);
}
console.log("sentences agree: ok");
