// SPDX-License-Identifier: MIT
#include "nqueens/count_split.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <mutex>
#include <numeric>
#include <optional>
#include <random>
#include <stdexcept>
#include <stop_token>
#include <utility>
#include <vector>

#include "count/engine.hpp"
#include "count/sliced_pairs.hpp"
#include "known_values.hpp"

namespace {

// Feeds `ids` to split.run() on `threads` threads and returns what it reported.
std::vector<nq::SubproblemCount> run_ids(const nq::CountSplit& split,
                                         const std::vector<std::uint64_t>& ids, unsigned threads) {
  std::vector<nq::SubproblemCount> done;
  std::size_t next = 0;
  std::mutex m;
  split.run(
      threads,
      [&]() -> std::optional<std::uint64_t> {
        std::lock_guard lock(m);
        if (next == ids.size()) return std::nullopt;
        return ids[next++];
      },
      [&](const nq::SubproblemCount& s) { done.push_back(s); });
  return done;
}

}  // namespace

TEST(count_split, header_example_holds) {
  nq::CountSplit split(14, nq::CountEngine::backtrack);
  std::vector<nq::SubproblemCount> done;
  std::vector<std::uint64_t> ids = split.schedule();
  std::size_t next = 0;
  std::mutex m;
  split.run(
      2,
      [&]() -> std::optional<std::uint64_t> {
        std::lock_guard lock(m);
        if (next == ids.size()) return std::nullopt;
        return ids[next++];
      },
      [&](const nq::SubproblemCount& s) { done.push_back(s); });
  nq::CountResult r = split.tally(done);
  EXPECT_EQ(r.total, 365596u);
  EXPECT_EQ(r.unique, 45752u);
  EXPECT_TRUE(r.complete);
}

// Two "machines" with their own splits, each counting every other id of the schedule, add up
// to the published counts, and agree with count() id by id.
TEST(count_split, pieces_counted_apart_add_up_for_both_engines) {
  for (nq::CountEngine e : {nq::CountEngine::backtrack, nq::CountEngine::halves}) {
    for (int n : {6, 11, 12}) {
      const nq::CountSplit a(n, e, 1), b(n, e, 2);
      ASSERT_EQ(a.size(), b.size());
      EXPECT_EQ(a.engine(), e);
      std::vector<std::uint64_t> even, odd;
      const std::vector<std::uint64_t> order = a.schedule();
      ASSERT_EQ(order, b.schedule());
      for (std::size_t i = 0; i < order.size(); ++i) (i % 2 ? odd : even).push_back(order[i]);
      for (std::size_t i = 1; i < order.size(); ++i) {
        if (e == nq::CountEngine::backtrack) {
          EXPECT_GE(a.cost(order[i - 1]), a.cost(order[i])) << "schedule not largest first";
        } else {
          EXPECT_GE(std::ilogb(a.cost(order[i - 1])), std::ilogb(a.cost(order[i])))
              << "schedule not in bands of cost, largest first";
        }
      }
      std::vector<nq::SubproblemCount> all = run_ids(a, even, 1);
      for (const nq::SubproblemCount& s : run_ids(b, odd, 2)) all.push_back(s);
      const nq::CountResult r = b.tally(all, true);
      EXPECT_EQ(r.total, nq::test::kTotal[n - 1]) << engine_name(e) << " n = " << n;
      EXPECT_EQ(r.unique, nq::test::kUnique[n - 1]);
      EXPECT_TRUE(r.complete);
      const nq::CountResult whole = nq::count({.n = n, .engine = e, .collect = true});
      ASSERT_EQ(r.results.size(), whole.results.size());
      for (std::size_t i = 0; i < r.results.size(); ++i) {
        EXPECT_EQ(r.results[i].id, whole.results[i].id);
        EXPECT_EQ(r.results[i].count, whole.results[i].count);
        EXPECT_EQ(r.results[i].weight, whole.results[i].weight);
      }
    }
  }
}

// The halves engine's subproblems that read the same north slices share a locality key, and the
// schedule puts them side by side within each band of cost, so that a worker finds those slices
// loaded: no key comes back in a band once another key has followed it.
TEST(count_split, halves_schedule_keeps_subproblems_on_the_same_north_slices_together) {
  for (int n : {12, 13, 14, 15}) {
    const auto engine = nq::detail::make_halves_engine(n, 1, 0);
    ASSERT_TRUE(engine->grouped());
    const std::uint32_t all = (1u << n) - 1, low = (1u << (n / 2 + n % 2)) - 1;
    for (std::size_t id = 0; id < engine->size(); ++id) {
      const nq::detail::HalvesPiece p = nq::detail::halves_piece(*engine, id);
      const std::uint32_t west =
          all & ~p.east_rows & ~(p.middle_row >= 0 ? 1u << p.middle_row : 0u);
      ASSERT_EQ(engine->locality(id),
                std::uint64_t{west & low} << (n / 2 + n % 2) | (p.east_rows & low))
          << "n = " << n << ", subproblem " << id;
    }
    const nq::CountSplit split(n, nq::CountEngine::halves, 1);
    const std::vector<std::uint64_t> order = split.schedule();
    std::vector<std::uint64_t> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    std::vector<std::uint64_t> every(engine->size());
    std::iota(every.begin(), every.end(), 0);
    ASSERT_EQ(sorted, every) << "not every id once";
    std::size_t groups = 0;
    for (std::size_t first = 0; first < order.size();) {
      const int band = std::ilogb(split.cost(order[first]));
      std::size_t last = first;
      while (last < order.size() && std::ilogb(split.cost(order[last])) == band) ++last;
      std::vector<std::uint64_t> seen;
      for (std::size_t i = first; i < last; ++i) {
        const std::uint64_t key = engine->locality(order[i]);
        if (i > first && key == engine->locality(order[i - 1])) continue;
        EXPECT_EQ(std::find(seen.begin(), seen.end(), key), seen.end())
            << "n = " << n << ": key " << key << " split in band " << band;
        seen.push_back(key);
      }
      groups += seen.size();
      first = last;
    }
    EXPECT_LT(groups, order.size()) << "n = " << n << ": no subproblems share slices";
  }
}

// A share counted after loading another subproblem's slices (as an estimate times a draw after
// its schedule neighbour's) counts what it counts alone, with shared tables and with slices per
// worker; an `after` that is no subproblem is refused.
TEST(count_split, a_subproblem_counted_after_its_neighbours_slices_counts_the_same) {
  for (int n : {12, 13}) {
    const nq::CountSplit split(n, nq::CountEngine::halves, 1);
    const std::vector<std::uint64_t> order = split.schedule();
    auto counts = [&](bool after) {
      std::vector<std::uint64_t> out(order.size());
      std::size_t next = 0;
      split.run_shares(
          1,
          [&]() -> std::optional<nq::CountSplit::Share> {
            if (next == order.size()) return std::nullopt;
            nq::CountSplit::Share s{order[next], 1, 0};
            if (after) s.after = order[(next * 7 + 3) % order.size()];
            ++next;
            return s;
          },
          [&](const nq::CountSplit::ShareCount& c) { out[c.id] = c.count; });
      return out;
    };
    EXPECT_EQ(counts(true), counts(false)) << "n = " << n;
    EXPECT_THROW(split.run_shares(
                     1,
                     [done = false]() mutable -> std::optional<nq::CountSplit::Share> {
                       if (std::exchange(done, true)) return std::nullopt;
                       nq::CountSplit::Share s{0, 1, 0};
                       s.after = std::uint64_t{1} << 40;
                       return s;
                     },
                     [](const nq::CountSplit::ShareCount&) {}),
                 std::invalid_argument);
  }
  for (int n : {12, 13}) {  // slices per worker: prepare() builds another subproblem's
    const auto engine =
        nq::detail::make_halves_engine(n, 1, 0, nq::detail::HalvesTables::per_worker);
    const std::unique_ptr<nq::detail::Worker> plain = engine->worker();
    const std::unique_ptr<nq::detail::Worker> prepared = engine->worker();
    for (std::size_t id = 0; id < engine->size(); ++id) {
      std::uint64_t nodes = 0;
      const std::uint64_t want = plain->run(id, nodes);
      prepared->prepare((id * 7 + 3) % engine->size());
      ASSERT_EQ(prepared->run(id, nodes), want) << "n = " << n << ", subproblem " << id;
    }
  }
}

TEST(count_split, tally_refuses_unknown_repeated_and_wrong_counts) {
  const nq::CountSplit split(8, nq::CountEngine::backtrack);
  const nq::CountResult partial = split.tally({{0, 1}});
  EXPECT_FALSE(partial.complete);
  EXPECT_EQ(partial.subproblems_done, 1u);
  EXPECT_EQ(partial.total, split.weight(0));
  EXPECT_THROW(split.tally({{split.size(), 1}}), std::invalid_argument);
  EXPECT_THROW(split.tally({{0, 1}, {0, 1}}), std::invalid_argument);
  std::vector<nq::SubproblemCount> all = run_ids(split, split.schedule(), 2);
  EXPECT_EQ(split.tally(all).total, 92u);
  // One more solution in a subproblem of weight below 8 breaks Burnside's divisibility.
  auto light = std::find_if(all.begin(), all.end(),
                            [&](const nq::SubproblemCount& s) { return split.weight(s.id) < 8; });
  ASSERT_NE(light, all.end());
  light->count += 1;
  EXPECT_THROW(split.tally(all), nq::InconsistentCounts);
  // run() stops on an id that does not exist.
  EXPECT_THROW(run_ids(split, {0, split.size() + 5}, 1), std::invalid_argument);
}

TEST(count_split, refuses_boards_its_engine_cannot_take) {
  EXPECT_THROW(nq::CountSplit(0, nq::CountEngine::backtrack), std::invalid_argument);
  EXPECT_THROW(nq::CountSplit(nq::kMaxCountN + 1, nq::CountEngine::backtrack),
               std::invalid_argument);
  EXPECT_THROW(nq::CountSplit(nq::kMaxHalvesN + 1, nq::CountEngine::halves), std::invalid_argument);
  EXPECT_EQ(nq::CountSplit(10, nq::CountEngine::automatic).engine(), nq::CountEngine::backtrack);
}

namespace {

// The least budget the halves engine accepts with its slices taken from `tables`, as its
// refusal says.
std::uint64_t least_budget(int n, nq::detail::HalvesTables tables) {
  try {
    nq::detail::make_halves_engine(n, 1, 1, tables);
  } catch (const nq::MemoryBudgetError& e) {
    return e.needed();
  }
  ADD_FAILURE() << "a one-byte budget was accepted for n = " << n;
  return 0;
}

std::vector<std::uint64_t> counts_of(const nq::detail::Engine& engine) {
  std::vector<std::uint64_t> counts(engine.size());
  const std::unique_ptr<nq::detail::Worker> worker = engine.worker();
  std::uint64_t nodes = 0;
  for (std::size_t id = 0; id < counts.size(); ++id) counts[id] = worker->run(id, nodes);
  return counts;
}

}  // namespace

// The smallest budgets give the smallest chunks of half-boards (1,024 entries, fewer than most
// subproblems have), so the chunked joins are exercised, with the slices from shared tables and
// built per worker; every subproblem's count must still be the unbudgeted engine's, with the
// same ids and weights, for even and odd n, and the budget must hold the plan.
TEST(count_split, a_tiny_memory_budget_changes_no_subproblem) {
  using nq::detail::HalvesTables;
  for (int n : {12, 13, 14, 15, 16}) {
    const auto free = nq::detail::make_halves_engine(n, 1, 0);
    const std::vector<std::uint64_t> expected = counts_of(*free);
    for (HalvesTables tables : {HalvesTables::shared, HalvesTables::per_worker}) {
      const std::uint64_t least = least_budget(n, tables);
      ASSERT_GT(least, 0u);
      EXPECT_THROW(nq::detail::make_halves_engine(n, 1, least - 1, tables), nq::MemoryBudgetError);
      const auto tight = nq::detail::make_halves_engine(n, 1, least, tables);
      ASSERT_EQ(tight->size(), free->size()) << "n = " << n;
      EXPECT_LE(tight->memory_bytes(), least);
      for (std::size_t id = 0; id < free->size(); ++id) {
        ASSERT_EQ(tight->weight(id), free->weight(id));
      }
      EXPECT_EQ(counts_of(*tight), expected) << "n = " << n;
    }
    std::uint64_t total = 0;
    for (std::size_t id = 0; id < free->size(); ++id) total += expected[id] * free->weight(id);
    EXPECT_EQ(total, nq::test::kTotal[n - 1]) << "n = " << n;
  }
}

// A budget a little over the shared tables keeps them but with small chunks; one in between
// gives per-worker slices with larger chunks. Both give the published counts.
TEST(count_split, every_memory_plan_gives_the_published_counts) {
  const int n = 14;
  std::uint64_t least = 0;
  try {
    nq::CountSplit(n, nq::CountEngine::halves, 2, 1);
  } catch (const nq::MemoryBudgetError& e) {
    least = e.needed();
  }
  ASSERT_GT(least, 0u);
  for (std::uint64_t budget : {least, least + (1u << 16), least + (1u << 20), least * 4}) {
    const nq::CountResult r =
        nq::count({.n = n, .threads = 2, .engine = nq::CountEngine::halves, .memory = budget});
    EXPECT_EQ(r.total, nq::test::kTotal[n - 1]) << "budget " << budget;
    EXPECT_EQ(r.unique, nq::test::kUnique[n - 1]) << "budget " << budget;
  }
}

TEST(count_split, the_budget_refusal_says_how_much_is_needed) {
  try {
    nq::CountSplit(15, nq::CountEngine::halves, 2, 1000);
    FAIL() << "a 1000-byte budget was accepted";
  } catch (const nq::MemoryBudgetError& e) {
    EXPECT_NE(std::string(e.what()).find("needs at least"), std::string::npos) << e.what();
    EXPECT_GT(e.needed(), 1000u);
  }
}

namespace {

// A half-board's column set under g: the smaller of it and its complement, as h-bit numbers.
std::uint32_t g_of(std::uint32_t z, int h) { return std::min(z, z ^ ((1u << h) - 1)); }

std::uint32_t reversed(std::uint32_t z, int width) {
  std::uint32_t y = 0;
  for (int i = 0; i < width; ++i) {
    if (z >> i & 1) y |= 1u << (width - 1 - i);
  }
  return y;
}

// The weight a halves subproblem gives solution `cols` (cols[r] = column of row r's queen), from
// the transpose rule as class_join.cpp states it, computed from the whole placement: 2, 1 or 0 as
// phi(C) is above, equal to or below phi(E), where E is the set of rows whose queen is in the
// east half and C the set of columns whose queen is in the south half.
int transpose_weight(const std::vector<int>& cols, const nq::detail::HalvesPiece& piece) {
  const int n = static_cast<int>(cols.size()), h = n / 2;
  if (n % 2 == 1) {
    // The queen on the middle row against the middle column's queen, by distance from the edge.
    const int c = cols[h];
    const int phi_c = std::min(c, n - 1 - c),
              phi_e = std::min(piece.middle_row, n - 1 - piece.middle_row);
    return phi_c > phi_e ? 2 : phi_c == phi_e ? 1 : 0;
  }
  const std::uint32_t mask = (1u << h) - 1;
  const std::uint32_t e1 = g_of(piece.east_rows & mask, h);
  const std::uint32_t e2 = g_of(reversed(piece.east_rows >> h & mask, h), h);
  std::uint32_t c_west = 0, c_east = 0;  // columns, west half and east half, with a south queen
  for (int r = h; r < n; ++r) {
    if (cols[r] < h) {
      c_west |= 1u << cols[r];
    } else {
      c_east |= 1u << (cols[r] - h);
    }
  }
  const std::uint32_t c1 = g_of(c_west, h), c2 = g_of(reversed(c_east, h), h);
  const std::pair<std::uint32_t, std::uint32_t> phi_c{std::min(c1, c2), std::max(c1, c2)};
  const std::pair<std::uint32_t, std::uint32_t> phi_e{std::min(e1, e2), std::max(e1, e2)};
  return phi_c > phi_e ? 2 : phi_c == phi_e ? 1 : 0;
}

// Plain backtracking over the placements of one halves subproblem: row r's queen in the east
// half exactly when r is an east row, and (odd n) the middle column's queen on the middle row
// given, every solution weighted as above. Shares nothing with the engine but the definition.
std::uint64_t recount(int n, const nq::detail::HalvesPiece& piece) {
  const int h = n / 2;
  const std::uint32_t west = (1u << h) - 1, east = west << (n - h), middle = 1u << h;
  std::vector<std::uint32_t> allowed(static_cast<std::size_t>(n));
  for (int r = 0; r < n; ++r) {
    allowed[static_cast<std::size_t>(r)] = r == piece.middle_row        ? middle
                                           : (piece.east_rows >> r & 1) ? east
                                                                        : west;
  }
  std::vector<int> cols(static_cast<std::size_t>(n));
  std::uint64_t total = 0;
  // Diagonals as bits shifted one column per row; 2n bits hold every shift.
  auto place = [&](auto& self, int r, std::uint32_t used, std::uint64_t left,
                   std::uint64_t right) -> void {
    if (r == n) {
      total += static_cast<std::uint64_t>(transpose_weight(cols, piece));
      return;
    }
    std::uint32_t free = allowed[static_cast<std::size_t>(r)] & ~used &
                         ~static_cast<std::uint32_t>(left) &
                         ~static_cast<std::uint32_t>(right >> n);
    while (free != 0) {
      const std::uint32_t bit = free & (0u - free);
      free ^= bit;
      cols[static_cast<std::size_t>(r)] = std::countr_zero(bit);
      self(self, r + 1, used | bit, (left | bit) << 1, (right | (std::uint64_t{bit} << n)) >> 1);
    }
  };
  place(place, 0, 0, 0, 0);
  return total;
}

}  // namespace

// n = 18..21 go through the trie join with longer lists than smaller boards make, and n = 20 and
// 21 split the halves' patterns by 6 bucket bits (18 and 19 by 4); whole counts there take
// minutes to hours. So a sample of
// subproblems (drawn with a fixed seed, slices built per worker as a big run would) is counted
// by the engine and by plain backtracking on the same piece of the board (seconds each at
// n = 20 and 21, so two there).
TEST(count_split, halves_subproblems_at_18_to_21_agree_with_plain_backtracking) {
  std::mt19937_64 random(2026);
  for (int n : {18, 19, 20, 21}) {
    const auto engine =
        nq::detail::make_halves_engine(n, 1, 0, nq::detail::HalvesTables::per_worker);
    const std::unique_ptr<nq::detail::Worker> worker = engine->worker();
    std::uint64_t nonzero = 0;
    for (int k = 0; k < (n <= 19 ? 4 : 2); ++k) {
      const std::size_t id =
          std::uniform_int_distribution<std::size_t>(0, engine->size() - 1)(random);
      const nq::detail::HalvesPiece piece = nq::detail::halves_piece(*engine, id);
      std::uint64_t nodes = 0;
      const std::uint64_t count = worker->run(id, nodes);
      EXPECT_EQ(count, recount(n, piece))
          << "n = " << n << ", subproblem " << id << " (east rows " << piece.east_rows
          << ", middle row " << piece.middle_row << ")";
      nonzero += count != 0;
    }
    EXPECT_GT(nonzero, 0u) << "n = " << n << ": the sample should hold solutions";
  }
}

// Boards of 26 to 28 split their 50 to 54 pattern bits into 18 to 22 bucket bits above a 32-bit
// word, more than a dense table can index, so the pair count keeps a short table and searches
// below it. The same paths are forced here at small n: deeper cuts (words of only 8 and 12 bits)
// and tables of 1 to 3 bits; every subproblem must count what the engine's own choice counts,
// and the totals the published values.
TEST(count_split, halves_wide_bucket_scheme_forced_at_small_n_matches_the_normal_path) {
  using nq::detail::HalvesTuning;
  for (int n = 6; n <= 15; ++n) {
    const int bits = 2 * (2 * (n / 2) - 1);
    const auto normal = nq::detail::make_halves_engine(n, 1, 0);
    const std::unique_ptr<nq::detail::Worker> normal_worker = normal->worker();
    std::vector<std::uint64_t> expected(normal->size());
    std::uint64_t nodes = 0;
    for (std::size_t id = 0; id < normal->size(); ++id)
      expected[id] = normal_worker->run(id, nodes);
    // Every run sorted (direct_run -1), or most joins at these n would not reach the buckets.
    const HalvesTuning tunings[] = {
        {bits - 8, 3, 0, 0, -1}, {bits - 12, 1, 0, 0, -1}, {0, 2, 0, 0, -1}};
    for (const HalvesTuning& tuning : tunings) {
      const auto engine =
          nq::detail::make_halves_engine(n, 1, 0, nq::detail::HalvesTables::choose, tuning);
      ASSERT_EQ(engine->size(), normal->size());
      const std::unique_ptr<nq::detail::Worker> worker = engine->worker();
      std::uint64_t total = 0;
      for (std::size_t id = 0; id < engine->size(); ++id) {
        const std::uint64_t count = worker->run(id, nodes);
        EXPECT_EQ(count, expected[id]) << "n = " << n << ", subproblem " << id << ", cut "
                                       << tuning.cut << ", dense " << tuning.dense;
        total += count * engine->weight(id);
      }
      EXPECT_EQ(total, nq::test::kTotal[static_cast<std::size_t>(n) - 1])
          << "n = " << n << ", cut " << tuning.cut << ", dense " << tuning.dense;
    }
  }
}

// From n = 28 on the pair count's words are 64-bit (20 or more of the pattern's bits below the
// cut). The same path is forced here at small n, with the engine's cut, with words of only 8 bits,
// with a table of 1 bit and the rest searched, and for n = 18 with a cut of 1, which leaves words
// of 33 bits (every 97th of its subproblems): every subproblem must count what the 32-bit path
// counts, and the totals the published values.
TEST(count_split, halves_64_bit_words_forced_at_small_n_match_the_32_bit_path) {
  using nq::detail::HalvesTuning;
  for (const int n : {6, 9, 12, 13, 18}) {
    const int bits = 2 * (2 * (n / 2) - 1);
    const std::size_t step = n == 18 ? 97 : 1;
    const auto normal = nq::detail::make_halves_engine(n, 1, 0);
    const std::unique_ptr<nq::detail::Worker> normal_worker = normal->worker();
    std::uint64_t nodes = 0;
    std::vector<std::uint64_t> expected(normal->size());
    for (std::size_t id = 0; id < normal->size(); id += step)
      expected[id] = normal_worker->run(id, nodes);
    const HalvesTuning tunings[] = {{0, 0, 0, 64, -1},
                                    {bits - 8, 0, 0, 64, -1},
                                    {bits - 8, 1, 0, 64, -1},
                                    {1, 0, 0, 64, -1}};  // every run sorted, as above
    for (const HalvesTuning& tuning : tunings) {
      if ((n < 18) != (tuning.cut != 1)) continue;  // n = 18: only the 33-bit words
      const auto engine =
          nq::detail::make_halves_engine(n, 1, 0, nq::detail::HalvesTables::choose, tuning);
      ASSERT_EQ(engine->size(), normal->size());
      const std::unique_ptr<nq::detail::Worker> worker = engine->worker();
      std::uint64_t total = 0;
      for (std::size_t id = 0; id < engine->size(); id += step) {
        const std::uint64_t count = worker->run(id, nodes);
        EXPECT_EQ(count, expected[id]) << "n = " << n << ", subproblem " << id << ", cut "
                                       << tuning.cut << ", dense " << tuning.dense;
        total += count * engine->weight(id);
      }
      if (step == 1) {
        EXPECT_EQ(total, nq::test::kTotal[static_cast<std::size_t>(n) - 1])
            << "n = " << n << ", cut " << tuning.cut << ", dense " << tuning.dense;
      }
    }
  }
  EXPECT_THROW(nq::detail::make_halves_engine(12, 1, 0, nq::detail::HalvesTables::choose,
                                              HalvesTuning{0, 0, 0, 48}),
               std::invalid_argument);
}

// A join whose shorter run is short compares the runs unsorted (HalvesTuning::direct_run): with
// that path never taken and always taken, every subproblem counts the same, and the totals are
// the published ones.
TEST(count_split, halves_runs_joined_unsorted_match_the_sorted_path) {
  using nq::detail::HalvesTuning;
  HalvesTuning never, always;
  never.direct_run = -1;
  always.direct_run = 1L << 40;
  for (const int n : {6, 9, 12, 13, 14}) {
    const auto sorted =
        nq::detail::make_halves_engine(n, 1, 0, nq::detail::HalvesTables::choose, never);
    const auto unsorted =
        nq::detail::make_halves_engine(n, 1, 0, nq::detail::HalvesTables::choose, always);
    ASSERT_EQ(unsorted->size(), sorted->size());
    const std::unique_ptr<nq::detail::Worker> a = sorted->worker(), b = unsorted->worker();
    std::uint64_t nodes = 0, total_a = 0, total_b = 0;
    for (std::size_t id = 0; id < sorted->size(); ++id) {
      const std::uint64_t count = a->run(id, nodes), other = b->run(id, nodes);
      EXPECT_EQ(other, count) << "n = " << n << ", subproblem " << id;
      total_a += count * sorted->weight(id);
      total_b += other * unsorted->weight(id);
    }
    EXPECT_EQ(total_a, nq::test::kTotal[static_cast<std::size_t>(n) - 1]) << "n = " << n;
    EXPECT_EQ(total_b, nq::test::kTotal[static_cast<std::size_t>(n) - 1]) << "n = " << n;
  }
}

// Blocks of the pair count go to the bit-sliced kernel where it is faster (large blocks, n >= 19
// or so). With every block below the cut sent there, and with none, in 32-bit words and in
// 64-bit ones (the words of n = 28), every subproblem counts the same, and the totals are the
// published ones; n = 18 every 41st subproblem (its blocks reach the sizes the cost rule sends
// there).
TEST(count_split, halves_sliced_kernel_forced_at_small_n_matches_the_word_kernel) {
  using nq::detail::HalvesTuning;
  using nq::detail::PairKernel;
  if (!nq::detail::pair_kernel_available(PairKernel::sliced)) {
    GTEST_SKIP() << "this processor lacks AVX-512 VPOPCNTDQ and a fast AVX2 with BMI2: the sliced "
                    "kernel is unused";
  }
  // The best build, and the avx2 one where that is not the best.
  std::vector<PairKernel> forced = {PairKernel::sliced};
  if (nq::detail::sliced_pairs_isa() != nq::detail::SlicedIsa::avx2 &&
      nq::detail::pair_kernel_available(PairKernel::sliced_avx2)) {
    forced.push_back(PairKernel::sliced_avx2);
  }
  for (const PairKernel kernel : forced) {
    for (const int word_bits : {0, 64}) {
      HalvesTuning words, sliced, best;
      words.kernel = PairKernel::avx512;          // (or the best word kernel below it)
      words.direct_run = sliced.direct_run = -1;  // every run sorted, so joins reach the kernels
      sliced.kernel = kernel;
      words.word_bits = sliced.word_bits = best.word_bits = word_bits;
      for (const int n : {6, 9, 12, 13, 14, 18}) {
        const std::size_t step = n == 18 ? 41 : 1;
        const auto a =
            nq::detail::make_halves_engine(n, 1, 0, nq::detail::HalvesTables::choose, words);
        const auto b =
            nq::detail::make_halves_engine(n, 1, 0, nq::detail::HalvesTables::choose, sliced);
        const auto c =
            nq::detail::make_halves_engine(n, 1, 0, nq::detail::HalvesTables::choose, best);
        ASSERT_EQ(b->size(), a->size());
        const std::unique_ptr<nq::detail::Worker> wa = a->worker(), wb = b->worker(),
                                                  wc = c->worker();
        std::uint64_t nodes = 0, total = 0;
        for (std::size_t id = 0; id < a->size(); id += step) {
          const std::uint64_t count = wa->run(id, nodes);
          EXPECT_EQ(wb->run(id, nodes), count)
              << "n = " << n << ", subproblem " << id << ", words of " << word_bits;
          EXPECT_EQ(wc->run(id, nodes), count)
              << "n = " << n << ", subproblem " << id << ", words of " << word_bits;
          total += count * a->weight(id);
        }
        if (step == 1) EXPECT_EQ(total, nq::test::kTotal[static_cast<std::size_t>(n) - 1]);
      }
    }
  }
}

// A subproblem of n >= 26 can take minutes, so the halves worker notices a stop inside one: it
// gives up, says so, and the caller drops the meaningless result; unstopped, it counts as ever.
TEST(count_split, halves_worker_gives_up_a_subproblem_when_stopped) {
  const auto engine = nq::detail::make_halves_engine(16, 1, 0);
  const std::unique_ptr<nq::detail::Worker> worker = engine->worker();
  std::uint64_t nodes = 0;
  const std::uint64_t expected = worker->run(0, nodes);
  EXPECT_FALSE(worker->gave_up());
  std::stop_source stop;
  stop.request_stop();
  worker->watch(stop.get_token());
  nodes = 0;
  worker->run(0, nodes);
  EXPECT_TRUE(worker->gave_up());
  EXPECT_EQ(nodes, 0u) << "no work after the stop";
  worker->watch(std::stop_token{});
  EXPECT_EQ(worker->run(0, nodes), expected);
  EXPECT_FALSE(worker->gave_up());
}

// count --estimate --draw-seconds counts a random share of a long subproblem (its picked
// north-west entries' half-boards) and divides by the share. A share of 1 is the whole count; a
// part never counts a solution the whole does not; and over seeds the parts divided by their
// share add up to the published total, with whole half lists and with lists cut into chunks of
// 1,024 entries, for odd and even n. (Measured: the mean over 16 seeds within 0.5% of the total
// at share 1/2 and 1.7% at 1/8 for n = 13, 0.03% for n = 14, the same for both plans; the bound
// is 4%, and dropping the division by the share would miss by 2x and 8x.) A
// part thinner than half the whole's west list (one chunk here) projects no time (NaN), since
// its time would not scale (halves_projection.cpp).
TEST(count_split, a_share_of_each_halves_subproblem_estimates_it_without_bias) {
  for (int n : {13, 14}) {
    const auto free = nq::detail::make_halves_engine(n, 1, 0);
    const std::vector<std::uint64_t> whole = counts_of(*free);
    const auto tight =
        nq::detail::make_halves_engine(n, 1, least_budget(n, nq::detail::HalvesTables::shared));
    for (const nq::detail::Engine* engine : {free.get(), tight.get()}) {
      const std::unique_ptr<nq::detail::Worker> worker = engine->worker();
      std::uint64_t nodes = 0;
      for (std::size_t id = 0; id < engine->size(); ++id) {
        ASSERT_TRUE(worker->sample(1, 7));
        ASSERT_EQ(worker->run(id, nodes), whole[id]);
        EXPECT_EQ(worker->last_share(), 1.0);
        EXPECT_GT(worker->whole_seconds(), 0);
      }
      for (double share : {0.5, 0.125}) {
        double mean = 0;
        std::uint64_t short_parts = 0;
        constexpr int kSeeds = 16;
        for (std::uint64_t seed = 1; seed <= kSeeds; ++seed) {
          double total = 0;
          for (std::size_t id = 0; id < engine->size(); ++id) {
            ASSERT_TRUE(worker->sample(share, seed * 1000 + id));
            const std::uint64_t part = worker->run(id, nodes);
            ASSERT_LE(part, whole[id]) << "n = " << n << ", subproblem " << id;
            short_parts += part < whole[id];
            total += static_cast<double>(part) / worker->last_share() * engine->weight(id);
          }
          mean += total / kSeeds;
        }
        const double published = static_cast<double>(nq::test::kTotal[n - 1]);
        EXPECT_NEAR(mean / published, 1.0, 0.04) << "n = " << n << ", share " << share;
        EXPECT_GT(short_parts, 0u) << "n = " << n << ", share " << share;
      }
    }
    // One chunk: an eighth of the largest subproblem is too thin to time.
    const std::unique_ptr<nq::detail::Worker> one_chunk = free->worker();
    const std::size_t largest =
        static_cast<std::size_t>(std::max_element(whole.begin(), whole.end()) - whole.begin());
    std::uint64_t nodes = 0;
    ASSERT_TRUE(one_chunk->sample(0.125, 3));
    EXPECT_LE(one_chunk->run(largest, nodes), whole[largest]);
    EXPECT_EQ(one_chunk->last_share(), 0.125);
    EXPECT_TRUE(std::isnan(one_chunk->whole_seconds()));
  }
}

// A window (for timing a subproblem whose part would be too thin) starts at a random place and
// wraps round: where the halves fit one chunk it is the whole subproblem, every half-board once,
// whatever the place (n = 12 and 13, both memory plans); in small chunks (n = 18's largest
// subproblems under the least budget: 1,024 entries) it is a strict part, never more than the
// whole. Its projected time is always there.
TEST(count_split, a_window_of_a_halves_subproblem_covers_each_half_board_at_most_once) {
  auto windows_of = [](const nq::detail::Engine& engine, std::size_t id, std::uint64_t whole,
                       bool exact) {
    const std::unique_ptr<nq::detail::Worker> worker = engine.worker();
    std::uint64_t nodes = 0, strict = 0;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      EXPECT_TRUE(worker->window(seed * 1000 + id));
      const std::uint64_t c = worker->run(id, nodes);
      if (exact) {
        EXPECT_EQ(c, whole) << "subproblem " << id << ", seed " << seed;
      } else {
        EXPECT_LE(c, whole) << "subproblem " << id << ", seed " << seed;
      }
      strict += c < whole;
      EXPECT_EQ(worker->last_share(), 1.0);
      EXPECT_TRUE(std::isfinite(worker->whole_seconds()));
      EXPECT_GT(worker->whole_seconds(), 0);
    }
    EXPECT_TRUE(worker->sample(1, 0));  // and back to whole runs
    EXPECT_EQ(worker->run(id, nodes), whole);
    return strict;
  };
  for (int n : {12, 13}) {
    const auto free = nq::detail::make_halves_engine(n, 1, 0);
    const std::vector<std::uint64_t> whole = counts_of(*free);
    const auto tight = nq::detail::make_halves_engine(
        n, 1, least_budget(n, nq::detail::HalvesTables::shared), nq::detail::HalvesTables::shared);
    for (const nq::detail::Engine* engine : {free.get(), tight.get()}) {
      for (std::size_t id = 0; id < engine->size(); ++id) windows_of(*engine, id, whole[id], true);
    }
  }
  const auto tight = nq::detail::make_halves_engine(
      18, 1, least_budget(18, nq::detail::HalvesTables::shared), nq::detail::HalvesTables::shared);
  std::vector<std::size_t> ids(tight->size());
  std::iota(ids.begin(), ids.end(), std::size_t{0});
  std::partial_sort(ids.begin(), ids.begin() + 8, ids.end(),
                    [&](std::size_t a, std::size_t b) { return tight->cost(a) > tight->cost(b); });
  const std::unique_ptr<nq::detail::Worker> worker = tight->worker();
  std::uint64_t strict = 0, nodes = 0;
  for (std::size_t k = 0; k < 8; ++k) {
    strict += windows_of(*tight, ids[k], worker->run(ids[k], nodes), false);
  }
  EXPECT_GT(strict, 0u);
}

// A window whose chunks make more pairs than the engine joins whole (n = 28's, forced here at
// n = 18 with 1,024-entry chunks and 2^12 pairs) follows a random share of the trie join's prefix
// pairs: from the same place it counts at most what the whole window counts, and less for some,
// and still projects a time.
TEST(count_split, a_window_with_too_many_pairs_joins_a_share_of_them) {
  const std::uint64_t budget = least_budget(18, nq::detail::HalvesTables::shared);
  const auto whole =
      nq::detail::make_halves_engine(18, 1, budget, nq::detail::HalvesTables::shared);
  nq::detail::HalvesTuning tuning;
  tuning.window_pairs = 0x1p12;
  const auto sampled =
      nq::detail::make_halves_engine(18, 1, budget, nq::detail::HalvesTables::shared, tuning);
  std::vector<std::size_t> ids(whole->size());
  std::iota(ids.begin(), ids.end(), std::size_t{0});
  std::partial_sort(ids.begin(), ids.begin() + 8, ids.end(),
                    [&](std::size_t a, std::size_t b) { return whole->cost(a) > whole->cost(b); });
  const std::unique_ptr<nq::detail::Worker> a = whole->worker(), b = sampled->worker();
  std::uint64_t nodes = 0;
  int less = 0;
  for (std::size_t k = 0; k < 8; ++k) {
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      ASSERT_TRUE(a->window(seed));
      ASSERT_TRUE(b->window(seed));
      const std::uint64_t all = a->run(ids[k], nodes), part = b->run(ids[k], nodes);
      EXPECT_LE(part, all) << "subproblem " << ids[k] << ", seed " << seed;
      less += part < all;
      EXPECT_TRUE(std::isfinite(b->whole_seconds()));
      EXPECT_GT(b->whole_seconds(), 0);
    }
  }
  EXPECT_GT(less, 0);
}

// The backtrack engine cannot count a part: run_shares counts its subproblems whole and says so;
// the halves engine reports the share it kept.
TEST(count_split, run_shares_counts_whole_where_the_engine_cannot_sample) {
  for (nq::CountEngine engine : {nq::CountEngine::backtrack, nq::CountEngine::halves}) {
    const nq::CountSplit split(12, engine, 1);
    const std::vector<std::uint64_t> ids = split.schedule();
    std::size_t next = 0;
    double total = 0;
    std::uint64_t in_part = 0;
    split.run_shares(
        1,
        [&]() -> std::optional<nq::CountSplit::Share> {
          if (next == ids.size()) return std::nullopt;
          return nq::CountSplit::Share{ids[next++], 0.5, next};
        },
        [&](const nq::CountSplit::ShareCount& c) {
          total += static_cast<double>(c.count) / c.share * split.weight(c.id);
          in_part += c.share < 1;
          // Projected, or NaN for a part too thin to time (halves_projection.cpp).
          EXPECT_TRUE(c.whole_seconds > 0 || (c.share < 1 && std::isnan(c.whole_seconds)));
        });
    if (engine == nq::CountEngine::backtrack) {
      EXPECT_EQ(in_part, 0u);
      EXPECT_EQ(total, 14200.0);
    } else {
      EXPECT_GT(in_part, 0u);  // the parts of half or more of a (one-chunk) west half are kept
      EXPECT_NEAR(total / 14200.0, 1.0, 0.15);
    }
    // Windows: share 1 and a time for every one; at n = 12 both engines count the whole.
    next = 0;
    total = 0;
    split.run_shares(
        1,
        [&]() -> std::optional<nq::CountSplit::Share> {
          if (next == ids.size()) return std::nullopt;
          return nq::CountSplit::Share{ids[next++], 0.5, next, true};
        },
        [&](const nq::CountSplit::ShareCount& c) {
          total += static_cast<double>(c.count) * split.weight(c.id);
          EXPECT_EQ(c.share, 1.0);
          EXPECT_TRUE(std::isfinite(c.whole_seconds));
          EXPECT_GT(c.whole_seconds, 0);
        });
    EXPECT_EQ(total, 14200.0);
  }
}
