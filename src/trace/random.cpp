// SPDX-License-Identifier: MIT
// The random method traced: the local search of solve --method random itself (solve/qs4.hpp),
// with a watcher that tells each start, pick, kept swap and undone swap as the listing's lines 2,
// 10, 18 and 19, counting the work as docs/trace.md says (a node for each start and each swap
// tried, a placement for each draw and each swap, a check for each diagonal test and each
// comparison). A swap is told once it is decided, so its sentence can say what became of it.
#include <span>
#include <stop_token>

#include "solve/qs4.hpp"
#include "trace/methods.hpp"

namespace nq::trace::detail {

namespace {

class Teller {
 public:
  Teller(Tracer& tracer, std::uint64_t n, std::stop_source& stop)
      : tracer_(tracer), n_(n), stop_(stop) {}

  void started() {
    ++work_.nodes;
    ++starts_;
    tell(Kind::start, [&](Event& e) {
      e.number = starts_;
      e.board.assign(n_, -1);
    });
  }
  void drew() { ++work_.placements; }
  void tested() { ++work_.checks; }
  void compared() { ++work_.checks; }
  void picked(const std::vector<Column>& col, std::uint64_t i, std::uint64_t j, int t) {
    tell(Kind::pick, [&](Event& e) {
      e.row = static_cast<int>(i);
      e.col = static_cast<int>(col[i]);
      e.by_row = static_cast<int>(j);
      e.board = board(col, i + 1);
      e.vars = {number("i", e.row), number("j", e.by_row), number("t", t),
                array("cols", board(col, n_))};
    });
  }
  void swapped() {
    ++work_.nodes;
    ++work_.placements;
  }
  void kept(const std::vector<Column>& col, std::uint64_t i, std::uint64_t j, std::uint64_t t,
            std::uint64_t was, std::uint64_t pairs) {
    decided(Kind::move, col, i, j, t, was, pairs, pairs);
  }
  void undone(const std::vector<Column>& col, std::uint64_t i, std::uint64_t j, std::uint64_t t,
              std::uint64_t was, std::uint64_t tried) {
    decided(Kind::undo, col, i, j, t, was, tried, was);
  }
  void solved(std::span<const Column> col) {
    tell(Kind::solution, [&](Event& e) {
      e.board = board(col, n_);
      e.vars = {array("cols", e.board)};
    });
  }

 private:
  template <class Fill>
  void tell(Kind kind, Fill&& fill) {
    detail::tell(&tracer_, kind, work_, fill);
    if (tracer_.done()) stop_.request_stop();
  }
  // A swap tried and decided: `tried` is the attacking pairs with the swap made, `pairs` those
  // of the board now (the same when it was kept, `was` again when it was undone).
  void decided(Kind kind, const std::vector<Column>& col, std::uint64_t i, std::uint64_t j,
               std::uint64_t t, std::uint64_t was, std::uint64_t tried, std::uint64_t pairs) {
    tell(kind, [&](Event& e) {
      e.row = static_cast<int>(i);
      e.col = static_cast<int>(col[i]);
      e.by_row = static_cast<int>(j);
      e.by_col = static_cast<int>(col[j]);
      e.board = board(col, n_);
      e.vars = {number("i", e.row),
                number("j", e.by_row),
                number("t", static_cast<int>(t)),
                number("was", static_cast<std::int64_t>(was)),
                number("tried", static_cast<std::int64_t>(tried)),
                number("pairs(cols)", static_cast<std::int64_t>(pairs))};
    });
  }
  std::vector<int> board(std::span<const Column> col, std::uint64_t rows) const {
    std::vector<int> b(n_, -1);
    for (std::uint64_t r = 0; r < rows; ++r) b[r] = static_cast<int>(col[r]);
    return b;
  }

  Tracer& tracer_;
  std::uint64_t n_;
  std::stop_source& stop_;
  classic::Counters work_;
  std::uint64_t starts_ = 0;
};

}  // namespace

bool trace_random(const Options& options, Tracer& tracer) {
  std::stop_source stop;
  const std::stop_callback forward(options.stop, [&stop] { stop.request_stop(); });
  const auto n = static_cast<std::uint64_t>(options.n);
  Teller teller(tracer, n, stop);
  const LocalSearchResult r = nq::detail::qs4_search(n, options.seed, stop.get_token(), teller);
  if (!r.complete) return false;
  teller.solved(r.solution->columns());
  return true;
}

// ---- what it teaches: its words, its listing and the line of each kind (docs/trace.md, random)
// ----

namespace {

constexpr std::string_view kListingLines[] = {
    R"(function solveRandom(n) {)",
    R"(  for (;;) {                                // a start, and a fresh one when repair is stuck)",
    R"(    const cols = [...Array(n).keys()];      // a permutation: never two queens on a column)",
    R"(    for (let i = 0; i < n; i++) {           // row i draws its column from those unused,)",
    R"(      let j = i;)",
    R"(      for (let t = 0; t < 32; t++) {        // again while a queen above shares a diagonal)",
    R"(        j = i + randomBelow(n - i);)",
    R"(        if (diagonalsFree(i, cols[j])) break;)",
    R"(      })",
    R"(      [cols[i], cols[j]] = [cols[j], cols[i]];)",
    R"(    })",
    R"(    let tries = 64, most = Math.min(16384, Math.max(64, 8 * n));  // swaps a row is offered)",
    R"(    while (pairs(cols) > 0) {               // repair: some queens still attack each other)",
    R"(      const before = pairs(cols);)",
    R"(      for (const i of attackedRows(cols)) {)",
    R"(        for (let t = 0; t < tries && attacked(cols, i); t++) {)",
    R"(          const j = otherRow(i), was = pairs(cols);          // any row but i)",
    R"(          [cols[i], cols[j]] = [cols[j], cols[i]];           // swap two queens' columns)",
    R"(          if (worse(pairs(cols), was)) [cols[i], cols[j]] = [cols[j], cols[i]];  // worse: undo)",
    R"(        })",
    R"(      })",
    R"(      if (pairs(cols) < before) tries = 64; // progress: few tries again)",
    R"(      else if ((tries *= 2) > most) break;  // stuck: start afresh)",
    R"(    })",
    R"(    if (pairs(cols) === 0) return cols;     // no two queens attack: a solution)",
    R"(  })",
    R"(})",
};
constexpr KindLine kListingKinds[] = {
    {Kind::start, 2}, {Kind::pick, 10}, {Kind::move, 18}, {Kind::undo, 19}, {Kind::solution, 25},
};

}  // namespace

const Teaching random_teaching = {
    .info =
        {.about =
             "Local search (QS4-style): a random permutation built with few diagonal conflicts, "
             "then repaired by swapping two queens' columns: a swap is kept if it makes fewer "
             "attacking pairs (on boards of up to 128 queens, also if it makes as many), and "
             "undone otherwise; a fresh start when a round of swaps brings no progress.",
         .placements = "each column drawn while building, and each swap tried",
         .checks =
             "each diagonal test of a drawn column, and each comparison of the attacking pairs "
             "after a swap",
         .nodes = "each start, and each swap tried",
         .fills_rows = false},
    .lines = kListingLines,
    .kinds = kListingKinds};

}  // namespace nq::trace::detail
