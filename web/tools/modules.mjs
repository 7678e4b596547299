// SPDX-License-Identifier: MIT
// A small bundler for the playground's ES modules (no npm bundler: the build has only Node).
// Each module is wrapped in its own function scope and the modules are joined in dependency
// order (dependencies first, as ES modules evaluate), so that the page stays one inline script.
// It understands exactly the subset the playground is written in, and says so for anything else:
//   import { a, b as c } from "./x.js";        named imports of relative files only
//   import { source } from "./x.js?source";    the text of a file, as a string (the worker's script)
//   export function f() {}  export async function  export function*  export class C
//   export const x = ...;                      (not `export let`: a wrapped module's exports are
//                                               copied once, so a rebound `let` would go stale)
//   export { a, b as c };
// An import of a name the module does not export, a cycle, or any other `import`/`export`
// form is a build error naming the file.
import { readFileSync } from "node:fs";
import path from "node:path";

const IMPORT = /^import\s*\{([^}]*)\}\s*from\s*"([^"]+)"\s*;?[ \t]*$/gm;
const EXPORT_DECL = /^export\s+((?:async\s+)?function\s*\*?|class|const)\s*([A-Za-z_$][\w$]*)/gm;
const EXPORT_LIST = /^export\s*\{([^}]*)\}\s*;?[ \t]*$/gm;

class BundleError extends Error {}
const fail = (file, message) => { throw new BundleError(`bundle.mjs: ${file}: ${message}`); };

// "a, b as c" -> [["a", "a"], ["b", "c"]]: [the name in the other module, the name here].
function specifiers(list, file) {
  return list.split(",").map(s => s.trim()).filter(Boolean).map(s => {
    const m = /^([A-Za-z_$][\w$]*)(?:\s+as\s+([A-Za-z_$][\w$]*))?$/.exec(s);
    if (!m) fail(file, `cannot read the import/export specifier '${s}'`);
    return [m[1], m[2] ?? m[1]];
  });
}

// One module's imports, exports and body with its import lines and export keywords taken out.
function parseModule(file, text) {
  const imports = [];
  let body = text.replace(IMPORT, (_, list, from) => {
    imports.push({ from, names: specifiers(list, file) });
    return "";
  });
  const exports = [];
  body = body.replace(EXPORT_DECL, (_, keyword, name) => {
    exports.push([name, name]);
    return `${keyword} ${name}`;
  });
  body = body.replace(EXPORT_LIST, (_, list) => {
    for (const [local, exported] of specifiers(list, file)) exports.push([local, exported]);
    return "";
  });
  const leftover = /^(import|export)\b.*$/m.exec(body);
  if (leftover) fail(file, `unsupported form '${leftover[0].trim()}'`);
  return { imports, exports, body };
}

const variableName = (root, file) => "m_" + path.relative(root, file).replace(/[^\w$]/g, "_");

// A module made of one file's text: `import { source } from "./x?source"`.
function sourceModule(file) {
  return { imports: [], exports: [["source", "source"]], body: `const source = ${JSON.stringify(readFileSync(file, "utf8"))};\n` };
}

// The modules reachable from `entry`, dependencies first. `root` names them in the output.
function collect(entry, root) {
  const modules = new Map(), order = [], visiting = [];
  function visit(spec) {
    if (modules.has(spec)) return;
    const cycleAt = visiting.indexOf(spec);
    if (cycleAt >= 0) fail(path.relative(root, spec), `import cycle ${[...visiting.slice(cycleAt), spec].map(f => path.relative(root, f)).join(" -> ")}`);
    visiting.push(spec);
    const [file, query] = spec.split("?");
    const m = query === "source" ? sourceModule(file) : parseModule(path.relative(root, file), readFileSync(file, "utf8"));
    m.spec = spec;
    for (const imp of m.imports) {
      if (!imp.from.startsWith("./") && !imp.from.startsWith("../")) fail(path.relative(root, file), `only relative imports are bundled, not '${imp.from}'`);
      if (imp.from.includes("?") && !imp.from.endsWith("?source")) fail(path.relative(root, file), `unknown import suffix in '${imp.from}'`);
      imp.spec = path.resolve(path.dirname(file), imp.from);
      visit(imp.spec);
    }
    visiting.pop();
    modules.set(spec, m);
    order.push(m);
  }
  visit(path.resolve(entry));
  return order;
}

// Every imported name must be exported by its module: a typo is a build error, not a page
// that throws when the tab is opened.
function checkImports(modules, root) {
  const bySpec = new Map(modules.map(m => [m.spec, m]));
  for (const m of modules) {
    for (const imp of m.imports) {
      const exported = new Set(bySpec.get(imp.spec).exports.map(([, name]) => name));
      for (const [name] of imp.names) {
        if (!exported.has(name)) fail(path.relative(root, m.spec), `'${name}' is not exported by ${imp.from}`);
      }
    }
  }
}

// The joined script: one `const m_x = (() => { ... return {...}; })();` per module.
export function bundleModules(entry, root = path.dirname(path.resolve(entry))) {
  const modules = collect(entry, root);
  checkImports(modules, root);
  return modules.map(m => {
    const name = variableName(root, m.spec);
    const bindings = m.imports.map(imp =>
      `const { ${imp.names.map(([from, local]) => (from === local ? from : `${from}: ${local}`)).join(", ")} } = ${variableName(root, imp.spec)};\n`).join("");
    const returned = m.exports.map(([local, exported]) => (local === exported ? local : `${exported}: ${local}`)).join(", ");
    return `// ---- module ${path.relative(root, m.spec)}\nconst ${name} = (() => {\n${bindings}${m.body.trim()}\nreturn { ${returned} };\n})();\n`;
  }).join("\n");
}

export { BundleError };
