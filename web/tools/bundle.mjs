// SPDX-License-Identifier: MIT
// Puts the JavaScript pieces together (a build step of web/CMakeLists.txt):
// - nqueens.mjs: the WebAssembly core (emscripten's factory, the module embedded as base64),
//   then the instance it makes, then api.js, then the export list: one ES module, one file;
// - the npm package folder: nqueens.mjs, nqueens.d.ts, package.json (with the version) and
//   README.md;
// - the playground: index.html with style.css and [core, api.js, `const nq = {...}`,
//   playground.js] inlined, so that the page opened from disk makes no request at all.
// Usage: node bundle.mjs --core F --api F --version V --package-template DIR --types F
//          --package DIR --playground DIR --page F
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// What api.js defines and the module exports, in the order of nqueens.d.ts.
const EXPORTS = [
  "count", "knownCount", "solve", "solutions", "parse", "verify", "symmetries", "canonical",
  "render",
  "classicMethods", "traceMethods", "traceableMethods", "classic", "compare", "trace", "listing",
  "estimatedEvents",
  "complete", "infinite",
  "version",
];

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].slice(2)] = process.argv[i + 1];
for (const key of ["core", "api", "version", "package-template", "types", "package", "playground", "page"]) {
  if (!args[key]) throw new Error(`bundle.mjs: --${key} is missing`);
}
const read = (file) => readFileSync(file, "utf8");

// The core and the API in one module body; `tail` ends it (the exports, or the page's names).
function body(tail) {
  return [
    read(args.core),
    "const core = await createNQueensCore();",
    read(args.api),
    tail,
  ].join("\n");
}

mkdirSync(args.package, { recursive: true });
writeFileSync(path.join(args.package, "nqueens.mjs"), body(`export { ${EXPORTS.join(", ")} };\n`));
writeFileSync(path.join(args.package, "nqueens.d.ts"), read(args.types));
const manifest = JSON.parse(read(path.join(args["package-template"], "package.json")));
manifest.version = args.version;
writeFileSync(path.join(args.package, "package.json"), JSON.stringify(manifest, null, 2) + "\n");
writeFileSync(path.join(args.package, "README.md"), read(path.join(args["package-template"], "README.md")));

// A line holding only the marker is replaced; a missing marker is an error, not a silent page.
function replaceMarker(html, marker, content) {
  const pattern = new RegExp(`^[ \\t]*<!-- nqueens:${marker} -->[ \\t]*$`, "m");
  if (!pattern.test(html)) throw new Error(`bundle.mjs: index.html has no <!-- nqueens:${marker} --> line`);
  return html.replace(pattern, () => content);
}
// Inline text must not end the element that holds it.
const safe = (text, tag) => text.replace(new RegExp(`</${tag}`, "gi"), `<\\/${tag}`);

let page = read(path.join(args.playground, "index.html"));
page = replaceMarker(page, "style", `<style>\n${safe(read(path.join(args.playground, "style.css")), "style")}</style>`);
const script = body(`const nq = { ${EXPORTS.join(", ")} };\n`) + read(path.join(args.playground, "playground.js"));
page = replaceMarker(page, "script", `<script type="module">\n${safe(script, "script")}</script>`);
mkdirSync(path.dirname(args.page), { recursive: true });
writeFileSync(args.page, page);
