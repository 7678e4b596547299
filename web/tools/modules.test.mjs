// SPDX-License-Identifier: MIT
// The playground's bundler (modules.mjs) in Node's test runner: modules joined in dependency
// order, each in its own scope, imports renamed, a file's text as a string, and every form it
// does not understand (a cycle, a missing export, `export let`, a bare specifier) a build error
// that names the file.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { bundleModules, BundleError } from "./modules.mjs";

function project(files) {
  const dir = mkdtempSync(path.join(tmpdir(), "nq-modules-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}
const run = (dir, entry = "main.js") => {
  const out = [];
  new Function("log", bundleModules(path.join(dir, entry)))(x => out.push(x));
  return out;
};

test("dependencies first, one scope each, names as imported", () => {
  const dir = project({
    "main.js": 'import { twice, label as name } from "./b.js";\nimport { one } from "./a.js";\nconst secret = "main";\nlog(`${name}:${twice(one)}:${secret}`);\n',
    "a.js": 'log("a");\nconst secret = "a";\nexport const one = 1;\n',
    "b.js": 'import { one } from "./a.js";\nlog("b");\nconst secret = "b";\nexport function twice(x) { return 2 * x + one - 1; }\nconst label = "B";\nexport { label };\n',
  });
  assert.deepEqual(run(dir), ["a", "b", "B:2:main"]);
});

test("a file's text as a string", () => {
  const dir = project({ "main.js": 'import { source } from "./w.js?source";\nlog(source);\n', "w.js": "self.x = `a`;\n" });
  assert.deepEqual(run(dir), ["self.x = `a`;\n"]);
});

test("what it does not bundle is an error naming the file", () => {
  const cases = {
    cycle: [{ "main.js": 'import { b } from "./b.js";\nexport const a = 1;\n', "b.js": 'import { a } from "./main.js";\nexport const b = 2;\n' }, /import cycle/],
    missing: [{ "main.js": 'import { nothing } from "./a.js";\n', "a.js": "export const one = 1;\n" }, /'nothing' is not exported by \.\/a\.js/],
    let: [{ "main.js": "export let x = 1;\n" }, /main\.js: unsupported form 'export let x = 1;'/],
    bare: [{ "main.js": 'import { x } from "lib";\n' }, /only relative imports/],
    default: [{ "main.js": 'import x from "./a.js";\n', "a.js": "export const one = 1;\n" }, /unsupported form/],
  };
  for (const [name, [files, message]] of Object.entries(cases)) {
    assert.throws(() => bundleModules(path.join(project(files), "main.js")), e => e instanceof BundleError && message.test(e.message), name);
  }
});
