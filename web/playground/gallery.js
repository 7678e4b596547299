// SPDX-License-Identifier: MIT
// The Gallery tab: every solution of n x n, or one per symmetry class, as small boards with
// their symmetries, a page at a time. The solutions and their symmetries come from the worker
// (n = 20 has 39 million of them: a page is quick, but the page's thread stays free anyway).
// A board's Open button puts it on Your board, to play with.
import { $, fmt, columns1, fillSelect, guarded } from "./util.js";
import { miniBoard } from "./board.js";
import { lane } from "./worker-client.js";
import { showTab } from "./tabs.js";
import { openOnYourBoard, yoursTakes } from "./yours.js";

const GALLERY_PAGE = 200;  // boards added per "Show more"
const gallery = { n: 8, unique: false, shown: 0, done: false };
const jobs = lane("gallery");

function startGallery() {
  gallery.n = Number($("gallery-n").value);
  gallery.unique = document.querySelector("input[name=gallery-which]:checked").value === "unique";
  gallery.shown = 0;
  gallery.done = false;
  clearGallery();
  return showMoreSolutions();
}

function clearGallery() {
  $("gallery-list").replaceChildren();
  $("gallery-more").hidden = true;
  $("gallery-summary").textContent = "";
}

async function showMoreSolutions() {
  const { n, unique, shown } = gallery;
  setBusy(true);
  try {
    const page = await jobs.run("gallery", { n, unique, skip: shown, limit: GALLERY_PAGE });
    const cards = page.cards.map(({ p, symmetries }, i) => solutionCard(p, symmetries, shown + i + 1));
    $("gallery-list").insertAdjacentHTML("beforeend", cards.join(""));
    gallery.shown += page.cards.length;
    gallery.done = page.done;
  } finally {
    setBusy(false);
  }
  $("gallery-more").hidden = gallery.done;
  $("gallery-more").textContent = `Show ${GALLERY_PAGE} more`;
  $("gallery-summary").textContent = gallerySummary();
}

// While a page is on its way: say so, offer Cancel, and keep "Show more" from asking twice.
function setBusy(busy) {
  const list = $("gallery-list");
  list.setAttribute("aria-busy", String(busy));
  $("gallery-cancel").hidden = !busy;
  $("gallery-more").disabled = busy;
  if (busy) $("gallery-summary").textContent = "Finding solutions…";
}

function cancelGallery() {
  jobs.cancel();
  $("gallery-summary").textContent = `Stopped. ${gallerySummary()}`;
  $("gallery-more").hidden = gallery.done;
}

// The symmetries (nq.symmetries' names) in a learner's words: what a solution looks like after
// the move. Only turns can map a solution of n > 1 onto itself; a quarter turn brings the others.
const SAME_AFTER = {
  rotate90: "a quarter turn", rotate180: "a half turn", rotate270: "three quarter turns",
  flip_horizontal: "a left-right mirror", flip_vertical: "an up-down mirror",
  transpose: "a mirror in the main diagonal", anti_transpose: "a mirror in the other diagonal",
};
function symmetryBadges(symmetries) {
  const shown = symmetries.includes("rotate90") ? symmetries.filter(s => s !== "rotate180" && s !== "rotate270") : symmetries;
  return shown.filter(s => s !== "identity").map(s => `<span class="badge" data-symmetry="${s}" title="The board is the same after ${SAME_AFTER[s]}${s === "rotate90" ? " (so after every turn)" : ""}">same after ${SAME_AFTER[s]}</span>`);
}

// A board with its symmetries (those other than the identity that map it onto itself) as
// badges; for a class representative also how many solutions its class holds (8 divided by
// the number of symmetries).
function solutionCard(p, symmetries, index) {
  const badges = symmetryBadges(symmetries);
  if (gallery.unique) {
    const images = 8 / symmetries.length;
    badges.push(`<span class="badge images" title="Its turns and mirrors give ${images} different solution${images === 1 ? "" : "s"}">×${images}</span>`);
  }
  const label = `Solution ${index}: columns ${columns1(p)}`;
  const open = yoursTakes(p.length) ? `<button class="open" data-columns="${Array.from(p).join(",")}" aria-label="Open solution ${index} on Your board">Open</button>` : "";
  return `<li class="card">${miniBoard(p, label)}<p class="perm">${columns1(p)}</p><div class="badges"><span class="index">#${index}</span>${badges.join("")}${open}</div></li>`;
}

function openCard(event) {
  const button = event.target.closest("button.open");
  if (!button) return;
  openOnYourBoard(button.dataset.columns.split(",").map(Number));
  showTab("yours", true);
}

function gallerySummary() {
  const { n, unique, shown } = gallery;
  const known = nq.knownCount(n);
  const total = Number(unique ? known.unique : known.total);
  const board = `the ${n}×${n} board`;
  if (total === 0) return `There is no solution on ${board}.`;
  const what = unique ? `symmetry class${total === 1 ? "" : "es"} of ${board}, each shown by the first (in lexicographic order) of the solutions its turns and mirrors give` : `solution${total === 1 ? "" : "s"} of ${board}, in lexicographic order`;
  return shown < total ? `The first ${fmt(shown)} of ${fmt(total)} ${what}.` : `All ${fmt(total)} ${what}.`;
}

export function setUpGallery() {
  fillSelect($("gallery-n"), 1, 20, gallery.n);
  const restart = guarded("gallery-error", startGallery, clearGallery);
  $("gallery-n").addEventListener("change", restart);
  for (const radio of document.querySelectorAll("input[name=gallery-which]")) radio.addEventListener("change", restart);
  $("gallery-more").addEventListener("click", guarded("gallery-error", showMoreSolutions));
  $("gallery-list").addEventListener("click", guarded("gallery-error", openCard));
  $("gallery-cancel").addEventListener("click", cancelGallery);
  return restart;
}

