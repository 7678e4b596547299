// SPDX-License-Identifier: MIT
// Puts the JavaScript pieces together (a build step of web/CMakeLists.txt, and of the native
// build for the trace page's player):
// - nqueens.mjs: the WebAssembly core (emscripten's factory, the module embedded as base64),
//   then the instance it makes, then api.js, then the export list: one ES module, one file;
// - the npm package folder: nqueens.mjs, nqueens.d.ts, package.json (with the version) and
//   README.md;
// - the playground: index.html with base.css, player.css and style.css and [core, api.js,
//   `const nq = {...}`, the playground's modules from main.js (tools/modules.mjs joins them)]
//   inlined, so that the page opened from disk makes no request at all. Comments mark where the
//   core and the API begin and end inside that script: the page builds its Web Worker's script
//   from that text at run time (web/playground/worker-client.js), so the 1 MB of WebAssembly is
//   in the page once;
// - with --player-out DIR, the player of `nqueens trace --format html` (trace-main.js and the
//   modules it imports; no core): DIR/nqueens-player.js, one classic script (strict, in its own
//   scope), and DIR/nqueens-player.css (base.css and player.css), for the native build to embed.
// Usage: node bundle.mjs --core F --api F --version V --package-template DIR --types F
//          --package DIR --playground DIR --page F [--player-out DIR]
//        node bundle.mjs --playground DIR --player-out DIR       (the player alone)
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { BundleError, bundleModules } from "./modules.mjs";

// What api.js defines and the module exports, in the order of nqueens.d.ts.
const EXPORTS = [
  "count", "knownCount", "solve", "solutions", "parse", "verify", "symmetries", "canonical", "render",
  "classicMethods", "traceMethods", "traceableMethods", "classic", "compareMethods", "compare", "trace", "listing", "estimatedEvents",
  "complete", "infinite",
  "version", "registry",
];

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].slice(2)] = process.argv[i + 1];
const read = (file) => readFileSync(file, "utf8");
// api.js with what it shares with the playground's modules before it (web/js/trace-event.js, the
// one decoder of trace events), their `export` keywords taken out: one script.
const apiScript = () => [read(path.join(path.dirname(args.api), "trace-event.js")).replace(/^export /gm, ""), read(args.api)].join("\n");
const fail = (message) => { console.error(`bundle.mjs: ${message}`); process.exit(1); };

function requireArgs(keys) {
  for (const key of keys) if (!args[key]) fail(`--${key} is missing`);
}

// A bundled script that does not parse fails the build, not the page when it is opened.
function checkSyntax(script, what, type = "module") {
  try {
    execFileSync(process.execPath, [`--input-type=${type}`, "--check"], { input: script, stdio: ["pipe", "ignore", "pipe"] });
  } catch (error) {
    fail(`${what} does not parse:\n${String(error.stderr).split("\n").slice(0, 6).join("\n")}`);
  }
}

function modulesFrom(entry) {
  try {
    return bundleModules(path.join(args.playground, entry));
  } catch (error) {
    if (error instanceof BundleError) fail(error.message.replace(/^bundle\.mjs: /, ""));
    throw error;
  }
}

// A line holding only the marker is replaced; a missing marker is an error, not a silent page.
function replaceMarker(html, marker, content) {
  const pattern = new RegExp(`^[ \\t]*<!-- nqueens:${marker} -->[ \\t]*$`, "m");
  if (!pattern.test(html)) fail(`index.html has no <!-- nqueens:${marker} --> line`);
  return html.replace(pattern, () => content);
}
// Inline text must not end the element that holds it.
const safe = (text, tag) => text.replace(new RegExp(`</${tag}`, "gi"), `<\\/${tag}`);
const styles = files => files.map(f => read(path.join(args.playground, f))).join("\n");

// ---- the module and the npm package

function writePackage() {
  const body = [read(args.core), "const core = await createNQueensCore();", apiScript(), `export { ${EXPORTS.join(", ")} };\n`].join("\n");
  mkdirSync(args.package, { recursive: true });
  writeFileSync(path.join(args.package, "nqueens.mjs"), body);
  writeFileSync(path.join(args.package, "nqueens.d.ts"), read(args.types));
  const manifest = JSON.parse(read(path.join(args["package-template"], "package.json")));
  manifest.version = args.version;
  writeFileSync(path.join(args.package, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
  writeFileSync(path.join(args.package, "README.md"), read(path.join(args["package-template"], "README.md")));
}

// ---- the playground page

function writePage() {
  let page = read(path.join(args.playground, "index.html"));
  // The page's style: what it shares with the trace page (base.css, player.css), then its own.
  page = replaceMarker(page, "defs", read(path.join(args.playground, "defs.svg")).trim());
  page = replaceMarker(page, "style", `<style>\n${safe(styles(["base.css", "player.css", "style.css"]), "style")}</style>`);
  // The markers (as worker-client.js looks for them): each alone on its line.
  const marked = (name, text) => `/* nqueens:${name}-begin */\n${text}\n/* nqueens:${name}-end */`;
  const script = [
    marked("core", read(args.core)),
    "const core = await createNQueensCore();",
    marked("api", `${apiScript()}\nconst nq = { ${EXPORTS.join(", ")} };`),
    modulesFrom("main.js"),
  ].join("\n");
  checkSyntax(script, "the playground's script");
  page = replaceMarker(page, "script", `<script type="module" id="nq-script">\n${safe(script, "script")}</script>`);
  mkdirSync(path.dirname(args.page), { recursive: true });
  writeFileSync(args.page, page);
  console.log(`bundle.mjs: ${path.basename(args.page)} ${page.length.toLocaleString("en-US")} bytes`);
}

// ---- the trace page's player

function writePlayer() {
  const script = `// SPDX-License-Identifier: MIT\n// The nqueens trace player (web/playground, bundled by web/tools/bundle.mjs).\n"use strict";\n(() => {\n${modulesFrom("trace-main.js")}\n})();\n`;
  checkSyntax(script, "the player's script", "commonjs");
  const css = `/* SPDX-License-Identifier: MIT */\n/* The nqueens trace player's style (web/playground/base.css and player.css). */\n${styles(["base.css", "player.css"])}`;
  mkdirSync(args["player-out"], { recursive: true });
  writeFileSync(path.join(args["player-out"], "nqueens-player.js"), script);
  writeFileSync(path.join(args["player-out"], "nqueens-player.css"), css);
}

requireArgs(["playground"]);
if (args.page || args.core) {
  requireArgs(["core", "api", "version", "package-template", "types", "package", "page"]);
  writePackage();
  writePage();
}
if (args["player-out"]) writePlayer();
if (!args.page && !args.core && !args["player-out"]) fail("nothing to write: give --page and the rest, or --player-out");
