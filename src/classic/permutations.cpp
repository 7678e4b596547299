// SPDX-License-Identifier: MIT
// The permutation method: one queen per row and one per column means the board is a
// permutation, so generate all n! of them in lexicographic order and keep those where no two
// queens share a diagonal. The next permutation is made as the textbooks make it (the last
// rise, the swap, the reversed tail), so that a trace can show both moves; traced, it tells what
// the listing's lines 4, 10, 22 and 23 do (docs/trace.md, permutations).
#include <algorithm>
#include <numeric>

#include "classic/collector.hpp"

namespace nq::classic::detail {

namespace {

using trace::Event;
using trace::Kind;
using trace::detail::array;
using trace::detail::number;

// Every pair, b after a; the checks are added once a board is done (see first_attacker).
template <class C>
bool no_shared_diagonal(C& c, const std::vector<int>& p) {
  std::uint64_t checks = 0;
  for (int b = 1; b < c.n(); ++b) {
    for (int a = 0; a < b; ++a) {
      ++checks;
      const int pa = p[static_cast<std::size_t>(a)], pb = p[static_cast<std::size_t>(b)];
      if (std::abs(pa - pb) == b - a) {
        c.counters().checks += checks;
        c.tell(Kind::conflict, [&](Event& e) {
          e.row = b;
          e.col = pb;
          e.by_row = a;
          e.by_col = pa;
          e.along = trace::detail::along_of(b, pb, a, pa);
          e.board = p;
          e.vars = {number("a", a), number("b", b), array("p", p)};
        });
        return false;
      }
    }
  }
  c.counters().checks += checks;
  return true;
}

// std::next_permutation, step by step: false (p unchanged) when p was the last.
template <class C>
bool next_permutation(C& c, std::vector<int>& p) {
  const auto at = [&](int i) -> int& { return p[static_cast<std::size_t>(i)]; };
  int i = c.n() - 2;
  while (i >= 0 && at(i) > at(i + 1)) --i;  // the last rise
  if (i < 0) return false;
  int j = c.n() - 1;
  while (at(j) < at(i)) --j;  // the smallest larger value after it
  std::swap(at(i), at(j));
  c.tell(Kind::swap, [&](Event& e) {
    e.row = i;
    e.col = p[static_cast<std::size_t>(i)];
    e.by_row = j;
    e.by_col = p[static_cast<std::size_t>(j)];
    e.board = p;
    e.vars = {number("i", i), number("j", j), array("p", p)};
  });
  std::reverse(p.begin() + i + 1, p.end());
  c.tell(Kind::reverse, [&](Event& e) {
    e.row = i + 1;
    e.board = p;
    e.vars = {number("i", i), array("p", p)};
  });
  return true;
}

template <class C>
void search(C& c) {
  std::vector<int> p(static_cast<std::size_t>(c.n()));
  std::iota(p.begin(), p.end(), 0);
  do {
    ++c.counters().placements;
    ++c.counters().nodes;
    c.tell(Kind::candidate, [&](Event& e) {
      e.board = p;
      e.vars = {array("p", p)};
    });
    if (no_shared_diagonal(c, p) && c.solved(p, [&] { return Vars{array("p", p)}; })) break;
  } while (!c.should_stop() && next_permutation(c, p));
}

}  // namespace

Result permutations(const Options& options, Tracer* tracer) {
  return collect(options, tracer, [](auto& c) { search(c); });
}

// ---- what it teaches: its words, its listing and the line of each kind (docs/trace.md,
// permutations) ----

namespace {

using trace::Kind;
using trace::KindLine;

constexpr std::string_view kListingLines[] = {
    R"(function queens(n) {)",
    R"(  const p = [...Array(n).keys()];           // 0, 1, ..., n - 1: one queen per row and column)",
    R"(  do {)",
    R"(    if (noSharedDiagonal(p)) report(p);     // only the diagonals are left to test)",
    R"(  } while (nextPermutation(p));)",
    R"()",
    R"(  function noSharedDiagonal(p) {            // every pair of queens, a pair at a time)",
    R"(    for (let b = 1; b < n; b++) {)",
    R"(      for (let a = 0; a < b; a++) {)",
    R"(        if (Math.abs(p[a] - p[b]) === b - a) return false;)",
    R"(      })",
    R"(    })",
    R"(    return true;)",
    R"(  })",
    R"()",
    R"(  function nextPermutation(p) {             // the next one in lexicographic order)",
    R"(    let i = n - 2;)",
    R"(    while (i >= 0 && p[i] > p[i + 1]) i--;  // the last place where p rises)",
    R"(    if (i < 0) return false;                // none: p was the last permutation)",
    R"(    let j = n - 1;)",
    R"(    while (p[j] < p[i]) j--;                // the smallest larger value after it)",
    R"(    [p[i], p[j]] = [p[j], p[i]];            // swap the two)",
    R"(    p.push(...p.splice(i + 1).reverse());   // and reverse what follows)",
    R"(    return true;)",
    R"(  })",
    R"(})",
};
constexpr KindLine kListingKinds[] = {
    {Kind::candidate, 4}, {Kind::conflict, 10}, {Kind::solution, 4},
    {Kind::swap, 22},     {Kind::reverse, 23},
};

}  // namespace

const Teaching permutations_teaching = {
    .info = {.about = "Walks through all n! permutations (one queen per row and per column) in "
                      "lexicographic order and keeps those with no shared diagonal.",
             .placements = "each whole permutation tested (once)",
             .checks = "each pair of queens compared on its diagonals",
             .nodes = "each whole candidate permutation",
             .fills_rows = false},
    .lines = kListingLines,
    .kinds = kListingKinds};

}  // namespace nq::classic::detail
