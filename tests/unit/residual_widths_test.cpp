// SPDX-License-Identifier: MIT
// The two widths of the residual board (search/bits.hpp, search/residual.hpp): Bits256 against
// std::bitset, the 128-bit board against the 64-bit one on every board both can hold (the same
// free squares after every step, the same verdicts of the bounds and the moments, the same
// search to the node), and the 128-bit board past 64 rows, where only it can go: it keeps every
// square of a known solution, and the two diagonal families agree through the mirror image.
// Internal headers (src/search, src/solve).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <bitset>
#include <vector>

#include "nqueens/construct.hpp"
#include "nqueens/solve.hpp"
#include "search/bits.hpp"
#include "search/diagonal_bounds.hpp"
#include "search/diagonal_moments.hpp"
#include "search/existence_search.hpp"
#include "search/residual.hpp"
#include "solve/probing.hpp"

namespace {

using nq::detail::Bits256;
using nq::detail::DiagonalFamilies;
using nq::detail::Residual;
using nq::detail::Uint128;
using nq::detail::WideResidual;

std::bitset<256> as_bitset(const Bits256& b) {
  std::bitset<256> out;
  for (int i = 0; i < 256; ++i) out[static_cast<std::size_t>(i)] = nq::detail::test(b, i);
  return out;
}

Bits256 random_bits(int density) {
  Bits256 b;
  for (int i = 0; i < 256; ++i) {
    if (*rc::gen::inRange(0, 100) < density) b |= nq::detail::bit<Bits256>(i);
  }
  return b;
}

template <class Mask>
bool same_board(const nq::detail::BasicResidual<Mask>& a, const WideResidual& b) {
  if (Uint128{a.open_rows} != b.open_rows || Uint128{a.open_cols} != b.open_cols) return false;
  for (int i = 0; i < a.n; ++i) {
    const auto u = static_cast<std::size_t>(i);
    if (Uint128{a.row_free[u]} != b.row_free[u] || Uint128{a.col_free[u]} != b.col_free[u])
      return false;
  }
  return true;
}

constexpr DiagonalFamilies kFamilies[] = {DiagonalFamilies::difference, DiagonalFamilies::sum,
                                          DiagonalFamilies::both};

}  // namespace

RC_GTEST_PROP(residual_widths, bits256_shifts_and_scans_as_a_bitset_does, ()) {
  const Bits256 a = random_bits(*rc::gen::inRange(0, 100));
  const Bits256 b = random_bits(*rc::gen::inRange(0, 100));
  const int s = *rc::gen::inRange(0, 256);
  RC_ASSERT(as_bitset(a << s) == (as_bitset(a) << static_cast<std::size_t>(s)));
  RC_ASSERT(as_bitset(a >> s) == (as_bitset(a) >> static_cast<std::size_t>(s)));
  RC_ASSERT(as_bitset(a & b) == (as_bitset(a) & as_bitset(b)));
  RC_ASSERT(as_bitset(a | b) == (as_bitset(a) | as_bitset(b)));
  RC_ASSERT(as_bitset(~a) == ~as_bitset(a));
  RC_ASSERT(as_bitset(nq::detail::low_bits<Bits256>(s)).count() == static_cast<std::size_t>(s));
  if (a != Bits256{}) {
    const std::bitset<256> bits = as_bitset(a);
    int low = 0, high = 255;
    while (!bits[static_cast<std::size_t>(low)]) ++low;
    while (!bits[static_cast<std::size_t>(high)]) --high;
    RC_ASSERT(nq::detail::lowest(a) == low);
    RC_ASSERT(nq::detail::highest(a) == high);
    std::bitset<256> rest = bits;
    rest[static_cast<std::size_t>(low)] = false;
    RC_ASSERT(as_bitset(nq::detail::without_lowest(a)) == rest);
  }
}

// Random boards of up to 64 rows: struck squares, then queens on free squares, each step made on
// both boards. After every step the masks agree bit for bit, and so do propagation, the bounds of
// every family, the moments and an exhaustive search (its verdict, completion and nodes).
RC_GTEST_PROP(residual_widths, the_wide_board_does_what_the_narrow_one_does_up_to_64_rows, ()) {
  const int n = *rc::gen::inRange(1, 65);
  Residual narrow = Residual::empty(n);
  WideResidual wide = WideResidual::empty(n);
  RC_ASSERT(same_board(narrow, wide));
  bool changed = false, alive = true;
  const int strikes = *rc::gen::inRange(0, 2 * n);
  for (int i = 0; i < strikes && alive; ++i) {
    const int r = *rc::gen::inRange(0, n), c = *rc::gen::inRange(0, n);
    alive = narrow.strike(r, c, changed);
    RC_ASSERT(wide.strike(r, c, changed) == alive);
    RC_ASSERT(same_board(narrow, wide));
  }
  const int queens = *rc::gen::inRange(0, n / 3 + 2);
  for (int i = 0; i < queens && alive; ++i) {
    const int r = *rc::gen::inRange(0, n), c = *rc::gen::inRange(0, n);
    if (!nq::detail::test(narrow.open_rows, r) || !nq::detail::test(narrow.row_free[r], c))
      continue;
    alive = narrow.place(r, c);
    RC_ASSERT(wide.place(r, c) == alive);
    RC_ASSERT(same_board(narrow, wide));
  }
  RC_PRE(alive);
  RC_ASSERT(wide.propagate() == narrow.propagate());
  RC_ASSERT(same_board(narrow, wide));
  for (const DiagonalFamilies f : kFamilies) {
    RC_ASSERT(nq::detail::diagonal_sums_allow(wide, f) ==
              nq::detail::diagonal_sums_allow(narrow, f));
  }
  if (n <= 24) {  // the moments' tables grow as n^4
    RC_ASSERT(nq::detail::diagonal_moments_allow(wide) ==
              nq::detail::diagonal_moments_allow(narrow));
  }
  nq::detail::ExistenceSearch narrow_search({.budget = 2000});
  nq::detail::WideExistenceSearch wide_search({.budget = 2000});
  const auto outcome = narrow_search.run(narrow);
  RC_ASSERT(wide_search.run(wide) == outcome);
  RC_ASSERT(wide_search.nodes() == narrow_search.nodes());
  RC_ASSERT(wide_search.completion() == narrow_search.completion());
}

// Past 64 rows: some queens of a known solution placed (rows of the formula's solution), then
// propagation, the bounds of both families and the moments must keep the solution's squares.
TEST(residual_widths, the_wide_board_keeps_a_known_solution_past_64_rows) {
  for (const int n : {65, 80, 100, 127, 128}) {
    const nq::ExplicitSolution formula(static_cast<std::uint64_t>(n));
    std::vector<int> solution;
    for (int r = 0; r < n; ++r) solution.push_back(static_cast<int>(formula.column(r)));
    for (int placed = 0; placed <= n; placed += n / 8) {
      WideResidual b = WideResidual::empty(n);
      for (int r = 0; r < placed; ++r) {
        ASSERT_TRUE(b.place(r, solution[static_cast<std::size_t>(r)])) << n << " " << r;
      }
      ASSERT_TRUE(b.propagate()) << n << " placed " << placed;
      for (int r = 0; r < n; ++r) {
        ASSERT_TRUE(nq::detail::test(b.row_free[static_cast<std::size_t>(r)],
                                     solution[static_cast<std::size_t>(r)]))
            << n << " placed " << placed << " row " << r;
      }
      for (const DiagonalFamilies f : kFamilies) {
        EXPECT_TRUE(nq::detail::diagonal_sums_allow(b, f)) << n << " placed " << placed;
      }
      if (placed >= n / 2) {
        EXPECT_TRUE(nq::detail::diagonal_moments_allow(b)) << n << " placed " << placed;
      }
    }
  }
}

// The mirror image c -> n - 1 - c swaps the two families of diagonals, so the bound on one family
// of a board is the bound on the other of its mirror: at n = 65..128 this checks the 256-bit
// diagonal masks from both ends. The boards are the first rows packed left, where the bound bites.
RC_GTEST_PROP(residual_widths, the_two_families_agree_through_the_mirror_past_64_rows, ()) {
  const int n = *rc::gen::inRange(65, 129);
  const int rows = *rc::gen::inRange(n / 8, n / 3);
  WideResidual b = WideResidual::empty(n), mirror = WideResidual::empty(n);
  bool alive = true;
  for (int r = 0; r < rows && alive; ++r) {
    const Uint128 free = b.row_free[static_cast<std::size_t>(r)];
    RC_PRE(free != 0);
    Uint128 pick = free;
    for (int skip = *rc::gen::inRange(0, 3); skip > 0 && nq::detail::without_lowest(pick) != 0;
         --skip) {
      pick = nq::detail::without_lowest(pick);
    }
    const int c = nq::detail::lowest(pick);
    alive = b.place(r, c);
    RC_ASSERT(mirror.place(r, n - 1 - c) == alive);
  }
  RC_PRE(alive && b.propagate());
  RC_ASSERT(mirror.propagate());
  RC_ASSERT(nq::detail::diagonal_sums_allow(b, DiagonalFamilies::difference) ==
            nq::detail::diagonal_sums_allow(mirror, DiagonalFamilies::sum));
  RC_ASSERT(nq::detail::diagonal_sums_allow(b, DiagonalFamilies::sum) ==
            nq::detail::diagonal_sums_allow(mirror, DiagonalFamilies::difference));
}

// The whole probing search on 128-bit boards gives the 64-bit search's answer and proof, step for
// step, on one thread (two threads share pieces in an order set by the timing). n = 36 and 38
// would take 20 s more.
TEST(residual_widths, probing_on_wide_boards_gives_the_narrow_answer_and_steps) {
  for (int n = 1; n <= 41; ++n) {
    if (n == 36 || n == 38) continue;
    std::vector<nq::FirstStep> narrow_steps, wide_steps;
    const nq::SolveResult narrow = nq::detail::solve_first_by_probing<std::uint64_t>(
        {.n = n, .threads = 1, .on_step = [&](const nq::FirstStep& s) {
           narrow_steps.push_back(s);
         }});
    const nq::SolveResult wide = nq::detail::solve_first_by_probing<Uint128>(
        {.n = n, .threads = 1, .on_step = [&](const nq::FirstStep& s) {
           wide_steps.push_back(s);
         }});
    EXPECT_EQ(wide.solution, narrow.solution) << "n = " << n;
    EXPECT_EQ(wide.nodes, narrow.nodes) << "n = " << n;
    EXPECT_EQ(wide_steps, narrow_steps) << "n = " << n;
  }
}
