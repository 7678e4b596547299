// SPDX-License-Identifier: MIT
// A trace's event as the object nqueens.d.ts declares, decoded from the form the html page and
// the WebAssembly core carry (nq::trace::kEventFields, include/nqueens/trace.hpp): its numbers,
// named by `fields`; its board; its variables, "name=value" pairs joined by tabs. nq.trace
// (api.js, which the bundle joins after this file) and the trace page's player
// (web/playground/recorded-source.js) decode with it.

const EVENT_FIELDS = ["step", "kind", "line", "row", "col", "by_row", "by_col", "along", "number", "placements", "checks", "nodes"];

// A decoder for events whose numbers come in `fields`' order; `kinds` and `alongs` name the
// indices of kind and along. It throws if a field it reads is missing.
export function eventDecoder(fields, kinds, alongs) {
  const at = {};
  fields.forEach((name, i) => { at[name] = i; });
  for (const name of EVENT_FIELDS) {
    if (at[name] === undefined) throw new Error(`trace: the events carry no field '${name}'`);
  }
  // values[offset + at[name]] is the field `name` of this event.
  return (values, offset, board, varsText) => {
    const get = name => values[offset + at[name]];
    const kind = kinds[get("kind")], along = alongs[get("along")] ?? "";
    const e = {
      step: get("step"), kind, line: get("line"), row: get("row"), col: get("col"),
      byRow: get("by_row"), byCol: get("by_col"), along, sameColumn: along === "column",
      board, vars: varsOf(varsText), number: get("number"),
      placements: get("placements"), checks: get("checks"), nodes: get("nodes"),
    };
    if (kind === "solution") {
      e.solution = e.number;
      e.placement = board.slice();
    }
    return e;
  };
}

function varsOf(text) {
  if (text === "") return [];
  return text.split("\t").map(pair => {
    const cut = pair.indexOf("=");
    return [pair.slice(0, cut), pair.slice(cut + 1)];
  });
}
