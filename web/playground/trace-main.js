// SPDX-License-Identifier: MIT
// The entry point of `nqueens trace N --format html`: the playground's player fed with the events
// the command line recorded into the page, as JSON in <script id="trace" type="application/json">:
//   {"n", "method", "first", "seed", "cut", "max_steps", "steps", "listing": {lines, kinds},
//    "kinds": [names by index], "alongs": ["", "row", "column", ...], "fields": ["step", ...],
//    "info": {about, placements, checks, nodes, fills_rows} (nq::trace::method_info),
//    "wordings": {start, kinds} (the sentences, nq::registry::events_json),
//    "events": [[the numbers of "fields", in its order..., board, vars "name=text\tname=text"],
//               ...]}   (nq::trace::kEventFields; web/js/trace-event.js decodes them)
// The player goes into <div id="player"> (made at the end of <body> if the page has none);
// window.nqTrace tells a test how many events there are and where the player stands.
import { createPlayer } from "./player.js";
import { recordedSource } from "./recorded-source.js";

function start() {
  const data = JSON.parse(document.getElementById("trace").textContent);
  let root = document.getElementById("player");
  if (!root) {
    root = document.createElement("div");
    root.id = "player";
    document.body.append(root);
  }
  const source = recordedSource(data);
  const player = createPlayer(root);
  window.nqTrace = { events: source.events.length, state: () => player.state(), player };
  player.load(source);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
else start();
