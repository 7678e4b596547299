// SPDX-License-Identifier: MIT
// The sentence the player says for each event. The words are the library's, written once in its
// table of kinds (src/trace/kinds.cpp) and carried here as `wordings` (nq.registry.events in the
// playground, the page's data in the trace page): {start, kinds: {KIND: {fields, wordings:
// [[when, text], ...]}}}. This file puts an event's values into them by the rules
// include/nqueens/trace.hpp gives, as sentence.cpp does for `nqueens trace`
// (tests/cli/sentences_agree.mjs holds the two to the same words). Free of the page's DOM, so
// that web/tests/sentences.test.mjs renders every kind in Node.
import { square, columns1, fmt } from "./util.js";

const SHARED = { column: "same column", diagonal: "same diagonal, \\", "anti-diagonal": "same anti-diagonal, /" };
const WALK = { column: "straight up", diagonal: "up and left", "anti-diagonal": "up and right" };

const number = x => ({ number: x, text: fmt(x) });
const text = t => ({ number: null, text: t });

// The values a wording names (trace.hpp), rows and columns counted from 1.
function valueOf(e, name) {
  if (name.startsWith("var.")) {
    const found = e.vars.find(([k]) => k === name.slice(4));
    if (!found) return text("");
    return /^-?\d+$/.test(found[1]) ? number(Number(found[1])) : text(found[1]);
  }
  switch (name) {
    case "step": return number(e.step);
    case "line": return number(e.line);
    case "row": return number(e.row + 1);
    case "col": return number(e.col + 1);
    case "by_row": return number(e.byRow + 1);
    case "by_col": return number(e.byCol + 1);
    case "number": return number(e.number);
    case "n": return number(e.board.length);
    case "queens": return number(e.board.filter(c => c >= 0).length);
    case "along": return text(e.along);
    case "square": return text(square(e.row, e.col));
    case "by_square": return text(square(e.byRow, e.byCol));
    case "by": return text(`the queen on ${square(e.byRow, e.byCol)} (${SHARED[e.along] ?? e.along})`);
    case "shared": return text(SHARED[e.along] ?? e.along);
    case "walk": return text(WALK[e.along] ?? e.along);
    case "board": return text(columns1(e.board));
    case "placed": return text(columns1(e.board.filter(c => c >= 0)));
  }
  throw new Error(`trace: a wording names '${name}', which no event has`);
}

function operand(e, token) {
  if (/^'.*'$/.test(token)) return text(token.slice(1, -1));
  if (/^-?\d+$/.test(token)) return number(Number(token));
  return valueOf(e, token);
}

function holds(e, when) {
  if (when === "") return true;
  const [, a, op, b] = when.match(/^(\S+) (\S+) (.*)$/) ?? [];
  const x = operand(e, a), y = operand(e, b);
  const numbers = x.number !== null && y.number !== null;
  const p = numbers ? x.number : x.text, q = numbers ? y.number : y.text;
  switch (op) {
    case "==": return p === q;
    case "!=": return p !== q;
    case "<": return numbers && p < q;
    case "<=": return numbers && p <= q;
    case ">": return numbers && p > q;
    case ">=": return numbers && p >= q;
  }
  throw new Error(`trace: a wording's condition '${when}' has no operator`);
}

const put = (wording, e) => wording.replace(/\{([^}|]+)(?:\|([^}]+))?\}/g, (_, name, word) => {
  const v = valueOf(e, name);
  return word === undefined ? v.text : `${v.text} ${word}${v.number === 1 ? "" : "s"}`;
});

// The event's sentence: "Step 2, line 17: row 2, column 1 is attacked by ...".
export function sentence(e, wordings) {
  const said = wordings.kinds[e.kind]?.wordings.find(([when]) => holds(e, when));
  return put(wordings.start, e) + (said ? put(said[1], e) : `${e.kind}.`);
}

// How many of a functional level's boards the player draws under the board (player-draw.js).
export const STRIP_MAX = 8;
const drawnUnder = k => k === 1 ? " It is drawn under the board."
  : k <= STRIP_MAX ? " They are drawn under the board." : ` The first ${STRIP_MAX} are drawn under the board.`;

// What the player's caption says: the event's sentence, and where the page draws more of it.
export function describe(e, wordings) {
  if (!e) return "The start. Press Play, or step with the arrow keys.";
  return sentence(e, wordings) + (e.kind === "level" && e.number ? drawnUnder(e.number) : "");
}
