// SPDX-License-Identifier: MIT
// The residual search behind solve --method first and complete(), against independent
// references: propagation and the diagonal sum bounds must never lose a completion, and the
// existence search must answer as brute force does. Every test that takes a board runs on both
// widths (residual.hpp): 64-bit masks and 128-bit ones, on the same small boards, so that every
// rule of the wide board is checked against the same references as the narrow one's.
// Internal headers (src/search, src/solve).
#include "search/existence_search.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <cstdio>
#include <map>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "brute_force.hpp"
#include "search/diagonal_bounds.hpp"
#include "search/diagonal_moments.hpp"
#include "search/residual.hpp"
#include "solve/plain_refuter.hpp"

namespace {

using nq::detail::ExistenceMode;
using nq::detail::ExistenceSearch;
using nq::detail::Residual;
using nq::detail::WideResidual;

using Widths = ::testing::Types<Residual, WideResidual>;
struct WidthName {
  template <class Board>
  static std::string GetName(int) {
    return std::is_same_v<Board, Residual> ? "narrow" : "wide";
  }
};

using Queens = std::vector<std::pair<int, int>>;  // (row, col)

constexpr nq::detail::DiagonalFamilies kFamilies[] = {nq::detail::DiagonalFamilies::difference,
                                                      nq::detail::DiagonalFamilies::sum,
                                                      nq::detail::DiagonalFamilies::both};

const std::vector<std::vector<unsigned>>& solutions_of(unsigned n) {
  static std::map<unsigned, std::vector<std::vector<unsigned>>> cache;
  auto it = cache.find(n);
  if (it == cache.end()) it = cache.emplace(n, nq::test::brute_force_solutions(n)).first;
  return it->second;
}

std::vector<std::vector<unsigned>> completions_of(unsigned n, const Queens& queens) {
  std::vector<std::vector<unsigned>> out;
  for (const auto& s : solutions_of(n)) {
    bool keeps = true;
    for (const auto& [r, c] : queens)
      keeps &= s[static_cast<std::size_t>(r)] == static_cast<unsigned>(c);
    if (keeps) out.push_back(s);
  }
  return out;
}

// Up to `count` queens on distinct rows and columns at random (they may attack each other).
Queens random_queens(int n, int count, std::mt19937& rng) {
  std::vector<int> rows(static_cast<std::size_t>(n)), cols(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    rows[static_cast<std::size_t>(i)] = cols[static_cast<std::size_t>(i)] = i;
  std::shuffle(rows.begin(), rows.end(), rng);
  std::shuffle(cols.begin(), cols.end(), rng);
  Queens q;
  for (int i = 0; i < count; ++i)
    q.emplace_back(rows[static_cast<std::size_t>(i)], cols[static_cast<std::size_t>(i)]);
  return q;
}

// Places the queens one by one; false as soon as place() reports a dead board.
template <class Board>
bool place_all(Board& b, const Queens& queens) {
  for (const auto& [r, c] : queens) {
    if ((b.open_rows >> r & 1) == 0 || (b.row_free[static_cast<std::size_t>(r)] >> c & 1) == 0)
      return false;
    if (!b.place(r, c)) return false;
  }
  return true;
}

template <class Board>
bool keeps_square(const Board& b, int r, int c) {
  return (b.row_free[static_cast<std::size_t>(r)] >> c & 1) != 0 &&
         (b.col_free[static_cast<std::size_t>(c)] >> r & 1) != 0;
}

template <class Board>
class existence_search : public ::testing::Test {};
TYPED_TEST_SUITE(existence_search, Widths, WidthName);

}  // namespace

TYPED_TEST(existence_search, propagation_and_bounds_keep_every_completion) {
  using Residual = TypeParam;
  std::mt19937 rng(20261130);
  int dead = 0, refuted_by_bounds = 0, refuted_by_propagation = 0, alive = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    const int n = 5 + trial % 6;  // 5..10
    const Queens queens = random_queens(n, 1 + trial % (n / 2 + 1), rng);
    const auto completions = completions_of(static_cast<unsigned>(n), queens);
    Residual b = Residual::empty(n);
    if (!place_all(b, queens)) {
      EXPECT_TRUE(completions.empty()) << "n " << n << " trial " << trial;
      continue;
    }
    const bool propagated = b.propagate();
    if (!completions.empty()) {
      ++alive;
      ASSERT_TRUE(propagated) << "n " << n << " trial " << trial;
      for (const auto& s : completions) {
        for (int r = 0; r < n; ++r) {
          EXPECT_TRUE(keeps_square(b, r, static_cast<int>(s[static_cast<std::size_t>(r)])))
              << "n " << n << " trial " << trial << " row " << r;
        }
      }
      for (auto families : kFamilies) {
        EXPECT_TRUE(nq::detail::diagonal_sums_allow(b, families))
            << "n " << n << " trial " << trial;
      }
      continue;
    }
    ++dead;
    if (!propagated) {
      ++refuted_by_propagation;
    } else if (!nq::detail::diagonal_sums_allow(b)) {
      ++refuted_by_bounds;
    }
  }
  EXPECT_GT(alive, 100);  // the test means something only if both cases occur
  EXPECT_GT(refuted_by_propagation, 100)
      << "dead boards: " << dead << ", by the bounds " << refuted_by_bounds;
}

namespace {

// Independent reference: can rows first..n-1 be filled, given the columns and diagonals taken?
// Plain row-order bitmask backtracking.
bool fills(int n, int row, std::uint64_t cols, std::uint64_t diag, std::uint64_t anti) {
  if (row == n) return true;
  const std::uint64_t all = (std::uint64_t{1} << n) - 1;
  for (std::uint64_t free = all & ~(cols | diag | anti); free != 0; free &= free - 1) {
    const std::uint64_t bit = free & -free;
    if (fills(n, row + 1, cols | bit, (diag | bit) << 1, (anti | bit) >> 1)) return true;
  }
  return false;
}

}  // namespace

// The boards the bounds are for: the first rows packed to the left, as in a search for the
// lexicographically first solution. On these they do refute, and never a board that can be
// completed.
TYPED_TEST(existence_search, diagonal_bounds_refute_left_packed_boards_and_only_dead_ones) {
  using Residual = TypeParam;
  std::mt19937 rng(1);
  int refuted = 0, dead = 0, alive = 0;
  for (int trial = 0; trial < 600; ++trial) {
    const int n = 12 + trial % 7;  // 12..18
    const int rows = n / 4 + static_cast<int>(rng() % static_cast<unsigned>(n / 4 + 1));
    std::uint64_t cols = 0, diag = 0, anti = 0;
    Residual b = Residual::empty(n), mirror = Residual::empty(n);
    bool ok = true;
    for (int r = 0; r < rows && ok; ++r) {
      const std::uint64_t free = ((std::uint64_t{1} << n) - 1) & ~(cols | diag | anti);
      if (free == 0) {
        ok = false;
        break;
      }
      // One of the three leftmost free columns.
      std::uint64_t pick = free;
      for (unsigned skip = rng() % 3; skip > 0 && (pick & (pick - 1)) != 0; --skip)
        pick &= pick - 1;
      const std::uint64_t bit = pick & -pick;
      cols |= bit;
      diag = (diag | bit) << 1;
      anti = (anti | bit) >> 1;
      ok = b.place(r, std::countr_zero(bit));
      mirror.place(r, n - 1 - std::countr_zero(bit));
    }
    if (!ok || !b.propagate()) continue;
    ASSERT_TRUE(mirror.propagate());
    // A mirror swaps the two families of diagonals.
    EXPECT_EQ(nq::detail::diagonal_sums_allow(mirror, nq::detail::DiagonalFamilies::sum),
              nq::detail::diagonal_sums_allow(b, nq::detail::DiagonalFamilies::difference));
    const bool completable = fills(n, rows, cols, diag, anti);
    const bool allowed = nq::detail::diagonal_sums_allow(b);
    if (completable) {
      ++alive;
      for (auto families : kFamilies) {
        EXPECT_TRUE(nq::detail::diagonal_sums_allow(b, families))
            << "n " << n << " trial " << trial;
      }
    } else {
      ++dead;
      refuted += !allowed;
    }
  }
  EXPECT_GT(alive, 50);
  EXPECT_GT(refuted, 10) << "of " << dead << " dead boards";
}

TYPED_TEST(existence_search, answers_as_brute_force_does) {
  using Residual = TypeParam;
  using ExistenceSearch = nq::detail::BasicExistenceSearch<typename TypeParam::MaskType>;
  std::mt19937 rng(7);
  int completed = 0, refuted = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const int n = 4 + trial % 7;  // 4..10
    const Queens queens = random_queens(n, 1 + trial % 3, rng);
    const auto completions = completions_of(static_cast<unsigned>(n), queens);
    Residual b = Residual::empty(n);
    if (!place_all(b, queens)) continue;
    nq::detail::SplitMix64 split(static_cast<std::uint64_t>(trial));
    for (const ExistenceMode mode : {ExistenceMode::exhaustive, ExistenceMode::random}) {
      ExistenceSearch search({.mode = mode, .rng = &split});
      const auto outcome = search.run(b);
      ASSERT_NE(outcome, ExistenceSearch::Outcome::stopped);
      EXPECT_EQ(outcome == ExistenceSearch::Outcome::completed, !completions.empty())
          << "n " << n << " trial " << trial;
      if (outcome == ExistenceSearch::Outcome::completed) {
        ++completed;
        const std::vector<int>& got = search.completion();
        const std::vector<unsigned> as_unsigned(got.begin(), got.end());
        EXPECT_NE(std::find(completions.begin(), completions.end(), as_unsigned), completions.end())
            << "n " << n << " trial " << trial;
      } else {
        ++refuted;
      }
    }
  }
  EXPECT_GT(completed, 100);
  EXPECT_GT(refuted, 100);
}

// Knuth's estimator: the mean of many random paths is the size of the tree an exhaustive
// refutation expands (an unbiased estimate), and a board dead at its root estimates 0. The
// seeds are fixed, so the 15% allowed is a check on the formula (counting one depth too many or
// too few is off by a factor of 2 or more on these trees), not a gamble.
TYPED_TEST(existence_search, random_paths_estimate_the_nodes_of_a_refutation) {
  using Residual = TypeParam;
  using ExistenceSearch = nq::detail::BasicExistenceSearch<typename TypeParam::MaskType>;
  std::mt19937 rng(20261202);
  int estimated = 0, dead_at_root = 0;
  for (int trial = 0; trial < 6000 && estimated < 6; ++trial) {
    const int n = 16 + trial % 9;  // 16..24
    // The first rows at random free columns: most such boards are dead, some deep down.
    Residual b = Residual::empty(n);
    bool alive = true;
    for (int r = 0; alive && r < n / 3 + trial % 2; ++r) {
      const auto free = b.row_free[static_cast<std::size_t>(r)];
      if (free == 0) {
        alive = false;
        break;
      }
      std::vector<int> columns;
      for (int c = 0; c < n; ++c) {
        if ((free >> c & 1) != 0) columns.push_back(c);
      }
      alive = b.place(r, columns[rng() % columns.size()]);
    }
    if (!alive) continue;
    const bool moments = trial % 2 == 0;
    ExistenceSearch search({.moments = moments});
    if (search.run(b) != ExistenceSearch::Outcome::refuted) continue;
    ExistenceSearch sampler({.moments = moments});
    nq::detail::SplitMix64 split(static_cast<std::uint64_t>(trial));
    if (search.nodes() == 0) {
      ++dead_at_root;
      EXPECT_EQ(sampler.sample_path(b, split).nodes, 0.0) << "n " << n << " trial " << trial;
      continue;
    }
    if (search.nodes() < 30) continue;
    ++estimated;
    constexpr int kPaths = 4000;
    double sum = 0;
    std::uint64_t depths = 0;
    for (int path = 0; path < kPaths; ++path) {
      const std::uint64_t before = sampler.nodes();
      const nq::detail::PathSample sample = sampler.sample_path(b, split);
      EXPECT_FALSE(sample.completed);
      const double x = sample.nodes;
      EXPECT_GE(x, 1.0);
      EXPECT_GE(x, static_cast<double>(sampler.nodes() - before));  // at least its own nodes
      depths += sampler.nodes() - before;
      sum += x;
    }
    EXPECT_GT(depths, static_cast<std::uint64_t>(kPaths));
    EXPECT_NEAR(sum / kPaths / static_cast<double>(search.nodes()), 1.0, 0.15)
        << "n " << n << " trial " << trial << ": " << search.nodes() << " nodes";
  }
  EXPECT_EQ(estimated, 6);
  EXPECT_GT(dead_at_root, 0);
}

// The board left by the first eleven rows of the first solution for n = 34 with a queen at
// row 11, column 8: no completion, and refuting it takes thousands of nodes.
const std::vector<int> kDeadPrefix34 = {0, 2, 4, 1, 3, 8, 10, 12, 14, 5, 7};

bool place_dead_prefix_34(Residual& b) {
  bool alive = true;
  for (std::size_t r = 0; r < kDeadPrefix34.size(); ++r)
    alive = alive && b.place(static_cast<int>(r), kDeadPrefix34[r]);
  return alive;
}

TEST(existence_search, stops_at_its_budget_and_when_cancelled) {
  const std::vector<int>& prefix = kDeadPrefix34;
  Residual b = Residual::empty(34);
  ASSERT_TRUE(place_dead_prefix_34(b));
  const std::atomic<bool> cancelled{true};
  nq::detail::SplitMix64 rng(1);
  ExistenceSearch budgeted({.budget = 100, .mode = ExistenceMode::random, .rng = &rng});
  EXPECT_EQ(budgeted.run(b), ExistenceSearch::Outcome::stopped);
  ExistenceSearch cancel({.cancel = &cancelled});
  EXPECT_EQ(cancel.run(b), ExistenceSearch::Outcome::stopped);
  ExistenceSearch full({});
  EXPECT_EQ(full.run(b), ExistenceSearch::Outcome::refuted);
  EXPECT_GT(full.nodes(), 100u);
  // "No completion" confirmed by a search that shares no code with this one (rows in order,
  // forward checking, its own sum bound: plain_refuter.hpp).
  std::vector<nq::Cell> queens;
  for (std::size_t r = 0; r < prefix.size(); ++r)
    queens.push_back({static_cast<int>(r), prefix[r]});
  nq::detail::PlainRefuter plain(34, std::uint64_t{1} << 40, {});
  EXPECT_EQ(plain.run(queens), nq::detail::PlainRefuter::Outcome::refuted);
}

// Suspending hands the rest of an exhaustive search out as pieces (probing.cpp); a random order
// has no rest to hand out, so there the budget only stops it.
TEST(existence_search, suspends_at_its_budget_in_the_exhaustive_mode_only) {
  Residual b = Residual::empty(34);
  ASSERT_TRUE(place_dead_prefix_34(b));
  ExistenceSearch exhaustive({.budget = 100, .suspend = true});
  EXPECT_EQ(exhaustive.run(b), ExistenceSearch::Outcome::suspended);
  EXPECT_FALSE(exhaustive.suspended().nodes.empty());
  nq::detail::SplitMix64 rng(1);
  ExistenceSearch random(
      {.budget = 100, .mode = ExistenceMode::random, .rng = &rng, .suspend = true});
  EXPECT_EQ(random.run(b), ExistenceSearch::Outcome::stopped);
  EXPECT_THROW(ExistenceSearch({.mode = ExistenceMode::random}), std::invalid_argument);
}

namespace {

// The reference fixpoint of the propagation rules, written independently of residual.cpp's
// worklist: sweep every open line, over and over, until a sweep changes nothing. Works on the
// full board as a set of free squares; false when some open line is left without one.
struct Naive {
  int n = 0;
  std::vector<std::vector<bool>> free;  // free[r][c]
  std::vector<bool> row_open, col_open;

  bool place(int r, int c) {
    row_open[static_cast<std::size_t>(r)] = col_open[static_cast<std::size_t>(c)] = false;
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        const bool attacked = i == r || j == c || i - j == r - c || i + j == r + c;
        if (attacked && !(i == r && j == c)) at(i, j) = false;
      }
    }
    return true;
  }
  std::vector<bool>::reference at(int r, int c) {
    return free[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)];
  }
  std::vector<std::pair<int, int>> squares(int line, bool column) {
    std::vector<std::pair<int, int>> out;
    for (int i = 0; i < n; ++i) {
      const int r = column ? i : line, c = column ? line : i;
      if (at(r, c)) out.emplace_back(r, c);
    }
    return out;
  }
  bool sweep(bool& changed) {
    for (int column = 0; column < 2; ++column) {
      for (int line = 0; line < n; ++line) {
        const std::vector<bool>& open = column ? col_open : row_open;
        if (!open[static_cast<std::size_t>(line)]) continue;
        const auto s = squares(line, column == 1);
        if (s.empty()) return false;
        if (s.size() == 1) {
          place(s[0].first, s[0].second);
          changed = true;
        } else if (s.size() == 2) {  // strike every square both attack
          for (int r = 0; r < n; ++r) {
            for (int c = 0; c < n; ++c) {
              const auto hits = [&](std::pair<int, int> q) {
                return (r == q.first || c == q.second || r - c == q.first - q.second ||
                        r + c == q.first + q.second) &&
                       !(r == q.first && c == q.second);
              };
              if (at(r, c) && row_open[static_cast<std::size_t>(r)] && hits(s[0]) && hits(s[1])) {
                at(r, c) = false;
                changed = true;
              }
            }
          }
        }
      }
    }
    return true;
  }
  bool propagate() {
    for (bool changed = true; changed;) {
      changed = false;
      if (!sweep(changed)) return false;
    }
    return true;
  }
};

}  // namespace

// propagate() visits only the lines place() and strike() marked, in its own order; it must end
// where sweeping every line to a fixpoint ends: the same verdict and, when the board lives, the
// same free squares and open lines.
TYPED_TEST(existence_search, propagation_reaches_the_fixpoint_of_full_sweeps) {
  using Residual = TypeParam;
  std::mt19937 rng(20261201);
  int died = 0, lived = 0, forced = 0;
  for (int trial = 0; trial < 1500; ++trial) {
    const int n = 4 + trial % 11;  // 4..14
    Residual b = Residual::empty(n);
    Naive ref{n,
              std::vector<std::vector<bool>>(static_cast<std::size_t>(n),
                                             std::vector<bool>(static_cast<std::size_t>(n), true)),
              std::vector<bool>(static_cast<std::size_t>(n), true),
              std::vector<bool>(static_cast<std::size_t>(n), true)};
    // Strike a random share of the squares, then place a few queens on squares still free.
    std::uniform_int_distribution<int> square(0, n * n - 1);
    bool alive = true, changed = false;
    for (int k = trial % (2 * n); k-- > 0 && alive;) {
      const int s = square(rng), r = s / n, c = s % n;
      alive = b.strike(r, c, changed);
      ref.at(r, c) = false;
    }
    for (int k = trial % 3; k-- > 0 && alive;) {
      const int s = square(rng), r = s / n, c = s % n;
      if ((b.open_rows >> r & 1) == 0 || (b.row_free[static_cast<std::size_t>(r)] >> c & 1) == 0)
        continue;
      alive = b.place(r, c);
      ref.place(r, c);
    }
    if (!alive) continue;  // a line emptied before propagation: nothing to compare
    const int open_before = nq::detail::popcount(b.open_rows);
    const bool lives = b.propagate();
    ASSERT_EQ(lives, ref.propagate()) << "n " << n << " trial " << trial;
    if (!lives) {
      ++died;
      continue;
    }
    ++lived;
    forced += open_before - nq::detail::popcount(b.open_rows);
    for (int r = 0; r < n; ++r) {
      ASSERT_EQ((b.open_rows >> r & 1) != 0, ref.row_open[static_cast<std::size_t>(r)]);
      ASSERT_EQ((b.open_cols >> r & 1) != 0, ref.col_open[static_cast<std::size_t>(r)]);
      if (!ref.row_open[static_cast<std::size_t>(r)]) continue;
      for (int c = 0; c < n; ++c) {
        ASSERT_EQ((b.row_free[static_cast<std::size_t>(r)] >> c & 1) != 0, bool(ref.at(r, c)))
            << "n " << n << " trial " << trial << " square " << r << "," << c;
        if (ref.col_open[static_cast<std::size_t>(c)]) {
          ASSERT_EQ((b.col_free[static_cast<std::size_t>(c)] >> r & 1) != 0, bool(ref.at(r, c)));
        }
      }
    }
  }
  EXPECT_GT(died, 50);  // both verdicts, and queens forced, occur often enough to mean something
  EXPECT_GT(lived, 200);
  EXPECT_GT(forced, 100);
}

// The diagonal moments test (diagonal_moments.hpp) on boards with whole diagonals struck and a
// few queens placed: it never refutes a board that brute force completes, and it refutes many
// that propagation leaves standing (the boards it is for).
TYPED_TEST(existence_search, diagonal_moments_refute_only_dead_boards) {
  using Residual = TypeParam;
  std::mt19937 rng(20261201);
  int alive = 0, dead_after_propagation = 0, refuted = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    const int n = 5 + trial % 7;  // 5..11
    // Strike up to n whole diagonals, each of either family, then place up to 2 queens.
    std::vector<char> sum_out(static_cast<std::size_t>(2 * n)), diff_out(sum_out.size());
    const int excluded = static_cast<int>(rng() % static_cast<unsigned>(n + 1));
    for (int i = 0; i < excluded; ++i) {
      auto& family = rng() % 2 ? sum_out : diff_out;
      family[rng() % static_cast<unsigned>(2 * n - 1)] = 1;
    }
    Residual b = Residual::empty(n);
    bool ok = true, changed = false;
    for (int r = 0; r < n && ok; ++r) {
      for (int c = 0; c < n && ok; ++c) {
        if (sum_out[static_cast<std::size_t>(r + c)] ||
            diff_out[static_cast<std::size_t>(r - c + n - 1)])
          ok = b.strike(r, c, changed);
      }
    }
    Queens queens = random_queens(n, static_cast<int>(rng() % 3), rng);
    std::vector<std::vector<unsigned>> completions;
    for (const auto& s : completions_of(static_cast<unsigned>(n), queens)) {
      bool avoids = true;
      for (int r = 0; r < n; ++r) {
        const int c = static_cast<int>(s[static_cast<std::size_t>(r)]);
        avoids &= !sum_out[static_cast<std::size_t>(r + c)] &&
                  !diff_out[static_cast<std::size_t>(r - c + n - 1)];
      }
      if (avoids) completions.push_back(s);
    }
    ok = ok && place_all(b, queens) && b.propagate();
    if (!completions.empty()) {
      ++alive;
      ASSERT_TRUE(ok) << "n " << n << " trial " << trial;
      EXPECT_TRUE(nq::detail::diagonal_moments_allow(b)) << "n " << n << " trial " << trial;
    } else if (ok) {
      ++dead_after_propagation;
      refuted += !nq::detail::diagonal_moments_allow(b);
    }
  }
  EXPECT_GT(alive, 1000);
  EXPECT_GT(refuted, 400) << "of " << dead_after_propagation << " dead boards propagation left";
}
