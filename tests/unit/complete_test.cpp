// SPDX-License-Identifier: MIT
#include "nqueens/complete.hpp"

#include <gtest/gtest.h>
#include <pthread.h>

#include <algorithm>
#include <chrono>
#include <numeric>
#include <random>
#include <set>
#include <stop_token>
#include <tuple>

#include "brute_force.hpp"
#include "complete/local_completion.hpp"
#include "complete/residual_completion.hpp"
#include "known_values.hpp"
#include "nqueens/construct.hpp"
#include "nqueens/format.hpp"
#include "nqueens/verify.hpp"
#include "search/diagonal_moments.hpp"

namespace {

// True if the queen at (row, col) stands on an excluded diagonal of the instance.
bool on_excluded(const nq::CompletionInstance& in, unsigned row, unsigned col) {
  const int sum = static_cast<int>(row + col),
            difference = static_cast<int>(row) - static_cast<int>(col);
  return std::any_of(in.excluded.begin(), in.excluded.end(),
                     [&](const nq::Diagonal& d) { return d.index == (d.sum ? sum : difference); });
}

bool extends(const nq::Placement& p, const nq::CompletionInstance& in) {
  for (const nq::Square& q : in.queens) {
    if (p[q.row] != q.col) return false;
  }
  for (const nq::Square& b : in.blocked) {
    if (p[b.row] == b.col) return false;
  }
  for (unsigned r = 0; r < p.size(); ++r) {
    if (on_excluded(in, r, p[r])) return false;
  }
  return nq::is_solution(p);
}

// The completions by brute force: the n-queens solutions that extend the instance.
std::vector<std::vector<unsigned>> brute_completions(
    const nq::CompletionInstance& in, const std::vector<std::vector<unsigned>>& all) {
  std::vector<std::vector<unsigned>> out;
  for (const auto& s : all) {
    bool ok = true;
    for (const nq::Square& q : in.queens) ok = ok && s[q.row] == q.col;
    for (const nq::Square& b : in.blocked) ok = ok && s[b.row] != b.col;
    for (unsigned r = 0; r < s.size(); ++r) ok = ok && !on_excluded(in, r, s[r]);
    if (ok) out.push_back(s);
  }
  return out;
}

}  // namespace

TEST(complete, header_example_holds) {
  nq::CompletionInstance in{.n = 8, .queens = {{0, 0}}};
  nq::CompleteResult r = nq::complete(in, {});
  ASSERT_TRUE(r.solution);
  EXPECT_EQ((*r.solution)[0], 0u);
  EXPECT_TRUE(nq::is_solution(*r.solution));
  EXPECT_TRUE(r.complete);
  nq::CompleteResult all = nq::complete(in, {.limit = 0});
  EXPECT_EQ(all.count, 4u);
}

TEST(complete, the_empty_board_has_every_solution) {
  for (std::uint32_t n = 1; n <= 11; ++n) {
    const nq::CompleteResult r = nq::complete({.n = n}, {.limit = 0});
    EXPECT_EQ(r.count, nq::test::kTotal[n - 1]) << "n = " << n;
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.solution.has_value(), r.count > 0);
  }
}

// Hundreds of random small instances: existence, the count and every completion agree with the
// brute force, and every completion extends the instance.
TEST(complete, agrees_with_brute_force_on_random_instances) {
  int with = 0, without = 0;
  for (unsigned n = 4; n <= 8; ++n) {
    const auto all = nq::test::brute_force_solutions(n);
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
      const std::uint32_t queens = static_cast<std::uint32_t>(seed % (n / 2 + 1));
      const std::uint64_t blocked = (seed / 3) % (2 * n);
      const nq::CompletionInstance in = nq::random_instance(n, queens, blocked, seed * 31 + n);
      const auto expected = brute_completions(in, all);
      std::set<std::vector<unsigned>> seen;
      const nq::CompleteResult r = nq::complete(
          in, {.limit = 0, .on_solution = [&](const nq::Placement& p) {
                 EXPECT_TRUE(extends(p, in));
                 seen.insert(std::vector<unsigned>(p.columns().begin(), p.columns().end()));
                 return true;
               }});
      EXPECT_EQ(r.count, expected.size()) << nq::write_instance(in);
      EXPECT_EQ(seen.size(), expected.size()) << "a completion found twice";
      EXPECT_TRUE(std::all_of(expected.begin(), expected.end(),
                              [&](const auto& s) { return seen.count(s) == 1; }));
      const nq::CompleteResult one = nq::complete(in, {});
      EXPECT_EQ(one.solution.has_value(), !expected.empty());
      if (one.solution) EXPECT_TRUE(extends(*one.solution, in));
      (expected.empty() ? without : with)++;
    }
  }
  EXPECT_GT(with, 50);
  EXPECT_GT(without, 20) << "too few instances without a completion to test that side";
}

// Larger boards, where the search for one completion restarts: its yes/no agrees with an
// exhaustive count, so "no completion" after restarts is still a proof.
TEST(complete, restarts_keep_the_answer_exact) {
  std::uint64_t restarts = 0;
  int with = 0, without = 0;
  for (std::uint32_t n : {11u, 12u, 13u}) {
    for (std::uint64_t seed = 0; seed < 12; ++seed) {
      const nq::CompletionInstance in =
          nq::random_instance(n, 2 + seed % 3, 3 * n + 5 * seed, seed);
      const nq::CompleteResult one = nq::complete(in, {.restart_budget = 8});
      const nq::CompleteResult all = nq::complete(in, {.limit = 0});
      EXPECT_EQ(one.solution.has_value(), all.count > 0) << nq::write_instance(in);
      if (one.solution) EXPECT_TRUE(extends(*one.solution, in));
      restarts += one.restarts;
      (all.count > 0 ? with : without)++;
    }
  }
  EXPECT_GT(restarts, 0u) << "no instance exercised the restarts";
  EXPECT_GT(with, 0);
  EXPECT_GT(without, 0);
}

// The local search alone (an internal class): whatever it returns extends the instance, it
// returns nothing where brute force finds no completion, and it finds most of those that exist.
TEST(complete, local_search_alone_against_brute_force) {
  int exist = 0, found = 0, none = 0;
  for (unsigned n = 5; n <= 9; ++n) {
    const auto all = nq::test::brute_force_solutions(n);
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
      const nq::CompletionInstance in = nq::random_instance(
          n, static_cast<std::uint32_t>(seed % (n / 2 + 1)), (seed / 2) % (2 * n), seed * 7 + n);
      const bool any = !brute_completions(in, all).empty();
      nq::detail::LocalCompletion local(in);
      std::uint64_t moves = 0;
      const auto cols = local.run(seed, 20000, moves, {});
      EXPECT_LE(moves, 20000u + 32 * n) << "the budget, and at most one start past it";
      if (cols) {
        const nq::Placement p(std::vector<nq::Column>(cols->begin(), cols->end()));
        EXPECT_TRUE(extends(p, in)) << nq::write_instance(in);
      }
      EXPECT_TRUE(any || !cols) << "a completion where there is none: " << nq::write_instance(in);
      exist += any;
      found += any && cols;
      none += !any;
    }
  }
  EXPECT_GT(none, 10) << "too few instances without a completion";
  EXPECT_GE(found * 10, exist * 9) << found << " of " << exist << " completions found";
}

// Large boards with few queens given, where one node of the exhaustive search costs O(n^2 / 64):
// the local search's turn finds the completion (no queen placed by the exhaustive search), the
// same one every time.
TEST(complete, local_search_completes_large_boards_with_few_queens) {
  for (const auto& [n, queens, blocked] :
       {std::tuple{20000u, 333u, 40000u}, std::tuple{100000u, 1u, 0u},
        std::tuple{5000u, 83u, 0u}}) {
    const nq::CompletionInstance in = nq::random_instance(n, queens, blocked, n + queens);
    const nq::CompleteResult r = nq::complete(in, {});
    ASSERT_TRUE(r.solution) << "n = " << n;
    EXPECT_TRUE(extends(*r.solution, in)) << "n = " << n;
    EXPECT_EQ(r.nodes, 0u) << "n = " << n;
    EXPECT_GT(r.moves, 0u);
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(nq::complete(in, {}).solution, r.solution) << "not reproducible at n = " << n;
  }
  EXPECT_LT(nq::complete_bytes({.n = 100'000}), 100'000'000u);
}

// Large boards: queens taken from a known solution always complete, and quickly.
TEST(complete, completes_large_boards) {
  for (std::uint32_t n : {50u, 200u, 1000u}) {
    const nq::ExplicitSolution known(n);
    nq::CompletionInstance in{.n = n};
    for (std::uint32_t row = 0; row < n; row += 10) in.queens.push_back({row, known.column(row)});
    const nq::CompleteResult r = nq::complete(in, {});
    ASSERT_TRUE(r.solution) << "n = " << n;
    EXPECT_TRUE(extends(*r.solution, in));
  }
}

TEST(complete, limit_callback_and_stop) {
  const nq::CompletionInstance in{.n = 10};
  const nq::CompleteResult three = nq::complete(in, {.limit = 3});
  EXPECT_EQ(three.count, 3u);
  EXPECT_TRUE(three.complete);
  int calls = 0;
  const nq::CompleteResult stopped = nq::complete(
      in, {.limit = 0, .on_solution = [&](const nq::Placement&) { return ++calls < 5; }});
  EXPECT_EQ(calls, 5);
  EXPECT_FALSE(stopped.complete);
  std::stop_source source;  // stopped by another party, in the middle of counting
  const nq::CompleteResult cancelled = nq::complete(
      {.n = 30}, {.limit = 0, .stop = source.get_token(), .on_solution = [&](const nq::Placement&) {
                    if (++calls == 105) source.request_stop();
                    return true;
                  }});
  EXPECT_FALSE(cancelled.complete);
  EXPECT_GE(cancelled.count, 100u);
}

TEST(complete, refuses_ill_formed_instances) {
  EXPECT_TRUE(nq::instance_error({.n = 8, .queens = {{0, 0}, {1, 1}}}));  // diagonal
  EXPECT_TRUE(nq::instance_error({.n = 8, .queens = {{0, 0}, {0, 5}}}));  // row
  EXPECT_TRUE(nq::instance_error({.n = 8, .queens = {{0, 3}, {5, 3}}}));  // column
  EXPECT_TRUE(nq::instance_error({.n = 8, .queens = {{7, 0}, {0, 7}}}));  // anti-diagonal
  EXPECT_TRUE(nq::instance_error({.n = 8, .queens = {{0, 0}}, .blocked = {{0, 0}}}));
  EXPECT_TRUE(nq::instance_error({.n = 8, .blocked = {{8, 0}}}));
  EXPECT_FALSE(nq::instance_error({.n = 8, .queens = {{0, 0}, {1, 2}}, .blocked = {{0, 1}}}));
  EXPECT_THROW(nq::complete({.n = 8, .queens = {{0, 0}, {1, 1}}}, {}), std::invalid_argument);
  EXPECT_THROW(nq::complete({.n = 0}, {}), std::invalid_argument);
}

TEST(complete, reads_and_writes_the_text_form) {
  const nq::CompletionInstance in =
      nq::read_instance("# a puzzle\n\n8\nQ 1 1   # a1\nX 2 3\nQ 2 4\n");
  EXPECT_EQ(in.n, 8u);
  ASSERT_EQ(in.queens.size(), 2u);
  EXPECT_EQ(in.queens[1], (nq::Square{1, 3}));
  ASSERT_EQ(in.blocked.size(), 1u);
  EXPECT_EQ(in.blocked[0], (nq::Square{1, 2}));
  EXPECT_EQ(nq::write_instance(in), "8\nQ 1 1\nQ 2 4\nX 2 3\n");
  EXPECT_EQ(nq::write_instance(nq::read_instance(nq::write_instance(in))), nq::write_instance(in));
  const auto line_of = [](const std::string& text) {
    try {
      nq::read_instance(text);
    } catch (const nq::ParseError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_EQ(line_of("8\nQ 1 1\nQ 3 3\n").rfind("line 3: ", 0), 0u) << line_of("8\nQ 1 1\nQ 3 3\n");
  EXPECT_EQ(line_of("8\nQ 9 1\n").rfind("line 2: ", 0), 0u);
  EXPECT_EQ(line_of("8\nX 2 2\nX 2 2\n").rfind("line 3: ", 0), 0u);
  EXPECT_EQ(line_of("8\nQ 1\n").rfind("line 2: ", 0), 0u);
  EXPECT_EQ(line_of("8\nK 1 1\n").rfind("line 2: ", 0), 0u);
  EXPECT_EQ(line_of("8 8\n").rfind("line 1: ", 0), 0u);
  EXPECT_EQ(line_of("# only a comment\n").rfind("line 1: ", 0), 0u);
  EXPECT_EQ(line_of("8\nQ 0 1\n").rfind("line 2: ", 0), 0u);
  EXPECT_EQ(line_of("8\nQ 1 x\n").rfind("line 2: ", 0), 0u);
  EXPECT_EQ(line_of("8\nX 1 1\nQ 1 1\n").rfind("line 3: ", 0), 0u);
}

TEST(complete, random_instances_are_reproducible_and_well_formed) {
  const auto a = nq::random_instance(30, 10, 40, 7), b = nq::random_instance(30, 10, 40, 7);
  EXPECT_EQ(nq::write_instance(a), nq::write_instance(b));
  EXPECT_NE(nq::write_instance(a), nq::write_instance(nq::random_instance(30, 10, 40, 8)));
  EXPECT_EQ(a.queens.size(), 10u);
  EXPECT_EQ(a.blocked.size(), 40u);
  EXPECT_FALSE(nq::instance_error(a));
  EXPECT_THROW(nq::random_instance(8, 9, 0, 1), std::invalid_argument);
  EXPECT_THROW(nq::random_instance(3, 3, 0, 1), std::invalid_argument);  // no 3 queens fit
  EXPECT_THROW(nq::random_instance(12, 4, ~std::uint64_t{0}, 1), std::invalid_argument);
}

// Blocking most of the board draws the squares left open instead; either way the blocked squares
// are distinct, off the queens, as many as asked, and every square is blocked about as often.
TEST(complete, heavily_blocked_instances_are_well_formed_and_uniform) {
  const std::uint32_t n = 6;
  std::vector<int> hits(n * n, 0);
  for (std::uint64_t seed = 0; seed < 2000; ++seed) {
    for (std::uint64_t blocked : {std::uint64_t{10}, std::uint64_t{30}, std::uint64_t{34}}) {
      const nq::CompletionInstance in = nq::random_instance(n, 2, blocked, seed);
      ASSERT_EQ(in.blocked.size(), blocked);
      ASSERT_FALSE(nq::instance_error(in)) << *nq::instance_error(in);
      if (blocked == 30) {
        for (const nq::Square& s : in.blocked) ++hits[s.row * n + s.col];
      }
    }
  }
  // 2000 instances of 30 blocked among the 34 squares without a queen: each square is blocked in
  // about 30/34 of the instances where it is free of a queen (queens land anywhere), so no
  // square may be blocked in fewer than 1400 of them (the queens take each square ~110 times).
  for (int h : hits) EXPECT_GT(h, 1400);
  const auto cost = nq::random_instance_cost(100000, 100000, 0);
  EXPECT_GT(cost.steps, std::uint64_t{10} << 30);  // the last queens are found by counting
  EXPECT_LT(nq::random_instance_cost(100000, 50000, 0).steps, std::uint64_t{1} << 24);
}

// Boards wider than 64 columns, where every bitset spans several words: a solution of n = 70
// with 8 rows freed and some squares of the freed rows blocked. A brute force over the freed
// rows (every permutation of their columns, written here) counts the completions independently;
// the search must give the same count, find a completion exactly when there is one, and refute
// the rest.
TEST(complete, boards_of_several_words_against_a_brute_force) {
  const std::uint32_t n = 70;
  const nq::Placement s = nq::ExplicitSolution(n).placement();
  std::mt19937 rng(5);
  int refuted = 0, completed = 0;
  for (int trial = 0; trial < 60; ++trial) {
    std::vector<std::uint32_t> rows(n);
    std::iota(rows.begin(), rows.end(), 0u);
    std::shuffle(rows.begin(), rows.end(), rng);
    rows.resize(8);
    std::sort(rows.begin(), rows.end());
    nq::CompletionInstance in{.n = n};
    std::vector<std::uint32_t> cols;
    for (std::uint32_t r = 0; r < n; ++r) {
      if (std::binary_search(rows.begin(), rows.end(), r)) {
        cols.push_back(s[r]);
      } else {
        in.queens.push_back({r, s[r]});
      }
    }
    std::sort(cols.begin(), cols.end());
    std::uniform_int_distribution<int> pick(0, 7);
    for (int b = 0; b < trial % 24; ++b) {
      const nq::Square sq{rows[pick(rng)], cols[pick(rng)]};
      if (std::find(in.blocked.begin(), in.blocked.end(), sq) == in.blocked.end()) {
        in.blocked.push_back(sq);
      }
    }
    std::set<std::int64_t> d1, d2;  // the kept queens' diagonals
    for (const nq::Square& q : in.queens) {
      d1.insert(std::int64_t{q.row} + q.col);
      d2.insert(std::int64_t{q.row} - q.col);
    }
    std::uint64_t expected = 0;
    std::vector<std::uint32_t> perm = cols;
    do {
      bool ok = true;
      for (std::size_t i = 0; i < 8 && ok; ++i) {
        const std::int64_t r = rows[i], c = perm[i];
        ok = !d1.count(r + c) && !d2.count(r - c) &&
             std::find(in.blocked.begin(), in.blocked.end(), nq::Square{rows[i], perm[i]}) ==
                 in.blocked.end();
        for (std::size_t j = 0; j < i && ok; ++j) {
          ok = std::llabs(static_cast<std::int64_t>(perm[j]) - c) != r - rows[j];
        }
      }
      expected += ok;
    } while (std::next_permutation(perm.begin(), perm.end()));

    EXPECT_EQ(nq::complete(in, {.limit = 0}).count, expected) << "trial " << trial;
    const nq::CompleteResult one = nq::complete(in, {});
    ASSERT_TRUE(one.complete);
    EXPECT_EQ(one.solution.has_value(), expected > 0) << "trial " << trial;
    if (one.solution) {
      EXPECT_TRUE(nq::is_solution(*one.solution));
      for (const nq::Square& q : in.queens) EXPECT_EQ((*one.solution)[q.row], q.col);
      for (const nq::Square& b : in.blocked) EXPECT_NE((*one.solution)[b.row], b.col);
    }
    ++(expected > 0 ? completed : refuted);
  }
  EXPECT_GT(refuted, 5);  // both outcomes are exercised
  EXPECT_GT(completed, 5);
}

// The search keeps its path on the heap: a completion 2,000 queens deep runs on a thread with a
// 128 KiB stack (the recursive search it replaces needed about 100 bytes of stack per queen).
TEST(complete, a_deep_search_needs_little_stack) {
  struct Job {
    nq::CompleteResult result;
    static void* run(void* self) {
      static_cast<Job*>(self)->result =
          nq::complete({.n = 2000, .queens = {{0, 4}}}, {.local_search = false});
      return nullptr;
    }
  } job;
  pthread_attr_t attr;
  ASSERT_EQ(pthread_attr_init(&attr), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attr, 128 * 1024), 0);
  pthread_t thread;
  ASSERT_EQ(pthread_create(&thread, &attr, &Job::run, &job), 0);
  ASSERT_EQ(pthread_join(thread, nullptr), 0);
  pthread_attr_destroy(&attr);
  ASSERT_TRUE(job.result.solution);
  EXPECT_TRUE(nq::is_solution(*job.result.solution));
  EXPECT_EQ((*job.result.solution)[0], 4u);
  EXPECT_GE(job.result.nodes, 1999u);
  EXPECT_GT(nq::complete_bytes({.n = 1000}), 100'000u);
  // About 130 bytes a row, not two bitsets per depth (docs/journal/complete.md, "The search's path
  // on the heap").
  EXPECT_LT(nq::complete_bytes({.n = 100'000}), 20'000'000u);
}

// ---- the Blocked n-Queens and Excluded Diagonals families ----------------------------------

namespace {

// Open squares of each row and each column: not blocked, not on an excluded diagonal.
std::pair<std::vector<unsigned>, std::vector<unsigned>> open_squares(
    const nq::CompletionInstance& in) {
  std::vector<unsigned> rows(in.n), cols(in.n);
  std::set<std::pair<unsigned, unsigned>> blocked;
  for (const nq::Square& b : in.blocked) blocked.insert({b.row, b.col});
  for (unsigned r = 0; r < in.n; ++r) {
    for (unsigned c = 0; c < in.n; ++c) {
      if (!blocked.count({r, c}) && !on_excluded(in, r, c)) ++rows[r], ++cols[c];
    }
  }
  return {rows, cols};
}

}  // namespace

TEST(complete, blocked_family_keeps_min_free_and_is_reproducible) {
  for (std::uint32_t k : {1u, 3u}) {
    const nq::CompletionInstance in = nq::random_blocked_instance(12, 80, k, 7);
    EXPECT_EQ(in.blocked.size(), 80u);
    EXPECT_TRUE(std::is_sorted(in.blocked.begin(), in.blocked.end()));
    EXPECT_FALSE(nq::instance_error(in));
    const auto [rows, cols] = open_squares(in);
    EXPECT_GE(*std::min_element(rows.begin(), rows.end()), k);
    EXPECT_GE(*std::min_element(cols.begin(), cols.end()), k);
    EXPECT_EQ(nq::write_instance(in),
              nq::write_instance(nq::random_blocked_instance(12, 80, k, 7)));
    EXPECT_NE(nq::write_instance(in),
              nq::write_instance(nq::random_blocked_instance(12, 80, k, 8)));
  }
  // Every row keeping k open squares allows n (n - k) blocked ones, and no more.
  EXPECT_EQ(nq::random_blocked_instance(6, 30, 1, 1).blocked.size(), 30u);
  EXPECT_THROW(nq::random_blocked_instance(6, 31, 1, 1), std::invalid_argument);
  EXPECT_THROW(nq::random_blocked_instance(nq::kMaxFamilyN + 1, 1, 1, 1), std::invalid_argument);
}

TEST(complete, diagonals_family_keeps_min_free_and_prefixes_are_instances) {
  const nq::CompletionInstance all = nq::random_diagonals_instance(16, 20, 2, 5);
  ASSERT_EQ(all.excluded.size(), 20u);
  EXPECT_FALSE(nq::instance_error(all));
  const auto [rows, cols] = open_squares(all);
  EXPECT_GE(*std::min_element(rows.begin(), rows.end()), 2u);
  EXPECT_GE(*std::min_element(cols.begin(), cols.end()), 2u);
  int sums = 0;
  for (const nq::Diagonal& d : all.excluded) sums += d.sum;
  EXPECT_GT(sums, 0);
  EXPECT_LT(sums, 20) << "both families should be drawn";
  for (std::uint32_t d : {0u, 1u, 7u, 19u}) {
    const nq::CompletionInstance prefix = nq::random_diagonals_instance(16, d, 2, 5);
    ASSERT_EQ(prefix.excluded.size(), d);
    EXPECT_TRUE(std::equal(prefix.excluded.begin(), prefix.excluded.end(), all.excluded.begin()));
  }
  // With every row keeping all 8 of its squares, no diagonal can go.
  EXPECT_THROW(nq::random_diagonals_instance(8, 1, 8, 1), std::invalid_argument);
}

// Both families through the search, against brute force: counts, and a single completion
// (with the local search's turns) exactly where one exists.
TEST(complete, families_agree_with_brute_force) {
  int with = 0, without = 0;
  for (unsigned n = 5; n <= 9; ++n) {
    const auto all = nq::test::brute_force_solutions(n);
    for (std::uint64_t seed = 0; seed < 16; ++seed) {
      const nq::CompletionInstance in =
          seed % 2
              ? nq::random_blocked_instance(n, (seed * n) % (n * (n - 1)), 1, seed)
              : nq::random_diagonals_instance(n, static_cast<std::uint32_t>(seed / 2 + 1), 1, seed);
      const auto expected = brute_completions(in, all);
      EXPECT_EQ(nq::complete(in, {.limit = 0}).count, expected.size()) << nq::write_instance(in);
      const nq::CompleteResult one = nq::complete(in, {});
      EXPECT_EQ(one.solution.has_value(), !expected.empty()) << nq::write_instance(in);
      if (one.solution) EXPECT_TRUE(extends(*one.solution, in)) << nq::write_instance(in);
      nq::detail::LocalCompletion local(in);
      std::uint64_t moves = 0;
      if (const auto cols = local.run(seed, 20000, moves, {})) {
        EXPECT_TRUE(extends(nq::Placement(std::vector<nq::Column>(cols->begin(), cols->end())), in))
            << nq::write_instance(in);
      }
      (expected.empty() ? without : with)++;
    }
  }
  EXPECT_GT(with, 10);
  EXPECT_GT(without, 10);
}

TEST(complete, excluded_diagonals_in_the_text_form) {
  const nq::CompletionInstance in =
      nq::read_instance("6\nQ 1 2\nD + 4\nD - 0\nD - -5\nD + 12  # the corner\n");
  ASSERT_EQ(in.excluded.size(), 4u);
  EXPECT_EQ(in.excluded[0], (nq::Diagonal{true, 2}));
  EXPECT_EQ(in.excluded[1], (nq::Diagonal{false, 0}));
  EXPECT_EQ(in.excluded[2], (nq::Diagonal{false, -5}));
  EXPECT_EQ(in.excluded[3], (nq::Diagonal{true, 10}));
  EXPECT_EQ(nq::read_instance(nq::write_instance(in)).excluded, in.excluded);
  const std::pair<const char*, const char*> bad[] = {
      {"6\nD + 1\n", "line 2: row + column must be between 2 and 12"},
      {"6\nD - 6\n", "line 2: row - column must be between -5 and 5"},
      {"6\nD * 3\n", "line 2: expected"},
      {"6\nD + 4\nD + 4\n", "line 3: the diagonal row + column = 4 is given twice"},
      {"6\nD - 1\nQ 3 2\n", "line 3: the queen at (3, 2) is on the excluded diagonal"},
  };
  for (const auto& [text, message] : bad) {
    try {
      nq::read_instance(text);
      ADD_FAILURE() << "accepted: " << text;
    } catch (const nq::ParseError& e) {
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  }
  EXPECT_TRUE(nq::instance_error({.n = 4, .excluded = {{true, 7}}}));
  EXPECT_TRUE(nq::instance_error({.n = 4, .excluded = {{false, -4}}}));
}

// The residual board complete() starts the existence search from (n <= 64, one completion
// sought): it keeps every square of every completion, and none that is blocked, on an excluded
// diagonal or attacked by a given queen; when it says at once that there is no completion, there
// is none.
TEST(complete, the_residual_board_keeps_completions_and_only_them) {
  int refuted = 0, kept = 0;
  for (unsigned n = 5; n <= 9; ++n) {
    const auto all = nq::test::brute_force_solutions(n);
    for (std::uint64_t seed = 0; seed < 30; ++seed) {
      nq::CompletionInstance in =
          seed % 3 == 0 ? nq::random_instance(n, 1 + seed % 3, seed % (2 * n), seed)
          : seed % 3 == 1
              ? nq::random_blocked_instance(n, (seed * n) % (n * (n - 1)), 1, seed)
              : nq::random_diagonals_instance(n, static_cast<std::uint32_t>(seed / 3 + 1), 1, seed);
      const auto expected = brute_completions(in, all);
      const std::optional<nq::detail::Residual> b =
          nq::detail::completion_residual<std::uint64_t>(in);
      if (!b) {
        EXPECT_TRUE(expected.empty()) << nq::write_instance(in);
        ++refuted;
        continue;
      }
      ++kept;
      for (const auto& s : expected) {
        for (unsigned r = 0; r < n; ++r) EXPECT_TRUE(b->row_free[r] >> s[r] & 1) << r;
      }
      for (unsigned r = 0; r < n; ++r) {
        if ((b->open_rows >> r & 1) == 0) continue;
        for (unsigned c = 0; c < n; ++c) {
          if ((b->row_free[r] >> c & 1) == 0) continue;
          const bool blocked =
              std::find(in.blocked.begin(), in.blocked.end(), nq::Square{r, c}) != in.blocked.end();
          const bool attacked = std::any_of(in.queens.begin(), in.queens.end(), [&](auto q) {
            return q.row == r || q.col == c || q.row + c == r + q.col || q.row + q.col == r + c;
          });
          EXPECT_FALSE(blocked || attacked || on_excluded(in, r, c))
              << "square " << r << "," << c << " of\n"
              << nq::write_instance(in);
        }
      }
    }
  }
  EXPECT_GT(refuted, 5);
  EXPECT_GT(kept, 50);
}

// Up to 64 rows, one completion comes from the existence search on the residual board; with a
// callback, the general search answers. They must agree on whether a completion exists, on boards
// of several sizes up to the residual's last column, in all three families, without the local
// search's turns (which would otherwise find most completions first).
TEST(complete, the_residual_route_agrees_with_the_general_search) {
  int with = 0, without = 0;
  for (std::uint32_t n : {10u, 13u, 16u, 20u, 64u}) {
    for (std::uint64_t seed = 0; seed < (n == 64 ? 6u : n == 20 ? 12u : 24u); ++seed) {
      const std::uint64_t squares = std::uint64_t{n} * n;
      const nq::CompletionInstance in =
          seed % 3 == 0 ? nq::random_instance(n, n / 4, squares / 3 + seed, seed)
          : seed % 3 == 1
              ? nq::random_blocked_instance(n, squares - (n == 64 ? 16 : 5 + seed % 4) * n, 1, seed)
          : n == 64 ? nq::random_instance(n, 20, squares / 2, seed)
                    : nq::random_diagonals_instance(n, n * (6 + seed % 6) / 10, 1, seed);
      ASSERT_TRUE(nq::detail::fits_residual(in));
      const nq::CompleteResult one = nq::complete(in, {.local_search = false});
      ASSERT_TRUE(one.complete) << nq::write_instance(in);
      const nq::CompleteResult general =
          nq::complete(in, {.on_solution = [](const nq::Placement&) { return false; }});
      EXPECT_EQ(one.solution.has_value(), general.solution.has_value()) << nq::write_instance(in);
      if (one.solution) EXPECT_TRUE(extends(*one.solution, in)) << nq::write_instance(in);
      (one.solution ? with : without)++;
    }
  }
  EXPECT_GT(with, 20);
  EXPECT_GT(without, 20);
}

namespace {

// Independent reference for Excluded Diagonals instances: plain row-by-row backtracking that
// checks every square against the excluded diagonals, counting the completions.
std::uint64_t plain_count(const nq::CompletionInstance& in, unsigned row, std::vector<char>& col,
                          std::vector<char>& sum, std::vector<char>& difference) {
  const unsigned n = in.n;
  if (row == n) return 1;
  std::uint64_t total = 0;
  for (unsigned c = 0; c < n; ++c) {
    char& s = sum[row + c];
    char& d = difference[row + n - 1 - c];
    if (col[c] || s || d || on_excluded(in, row, c)) continue;
    col[c] = s = d = 1;
    total += plain_count(in, row + 1, col, sum, difference);
    col[c] = s = d = 0;
  }
  return total;
}

}  // namespace

// Around and past the Excluded Diagonals transition (0.8n to 1.3n diagonals) most instances are
// refuted by the diagonal moments (search/diagonal_moments.hpp) before any search. The answers must
// still be those of a plain backtracker, for one completion and for the count, and the moments must
// refute a good share of them (so that this test is about them).
TEST(complete, excluded_diagonals_past_the_transition_agree_with_plain_backtracking) {
  int with = 0, without = 0, by_moments = 0;
  for (std::uint32_t n = 12; n <= 16; ++n) {
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
      nq::CompletionInstance in;
      try {
        in = nq::random_diagonals_instance(n, n * static_cast<std::uint32_t>(8 + seed % 6) / 10, 1,
                                           seed);
      } catch (const std::invalid_argument&) {
        continue;  // this seed cannot exclude that many
      }
      std::vector<char> col(n), sum(2 * n), difference(2 * n);
      const std::uint64_t expected = plain_count(in, 0, col, sum, difference);
      const nq::CompleteResult one = nq::complete(in, {.local_search = false});
      ASSERT_TRUE(one.complete);
      EXPECT_EQ(one.solution.has_value(), expected > 0) << nq::write_instance(in);
      if (one.solution) EXPECT_TRUE(extends(*one.solution, in)) << nq::write_instance(in);
      EXPECT_EQ(nq::complete(in, {.limit = 0}).count, expected) << nq::write_instance(in);
      const std::optional<nq::detail::Residual> board =
          nq::detail::completion_residual<std::uint64_t>(in);
      by_moments += board && !nq::detail::diagonal_moments_allow(*board);
      (expected ? with : without)++;
    }
  }
  EXPECT_GT(with, 5);
  EXPECT_GT(without, 20);
  EXPECT_GT(by_moments, 30) << "of " << without << " without a completion";
}

// Past 64 rows the runs are the existence search's on 128-bit boards. With all but a dozen rows
// given (from a solution of the formula, or from one shifted so that some instances have no
// completion) and 1 to 8 squares of each open row blocked, the general search counts every
// completion quickly, an independent reference for the residual search's one: both must agree on
// whether there is one, and the residual's must extend the instance.
TEST(complete, boards_past_64_rows_agree_with_the_general_search) {
  std::mt19937 rng(20261202);
  int with = 0, without = 0;
  for (const std::uint32_t n : {65u, 80u, 100u, 128u}) {
    const nq::ExplicitSolution formula(n);
    for (int trial = 0; trial < 12; ++trial) {
      std::vector<std::uint32_t> rows(n);
      std::iota(rows.begin(), rows.end(), 0u);
      std::shuffle(rows.begin(), rows.end(), rng);
      nq::CompletionInstance in{.n = n};
      const std::uint32_t open = 12;
      for (std::uint32_t i = open; i < n; ++i) {
        const std::uint32_t r = rows[i];
        std::uint32_t c = static_cast<std::uint32_t>(formula.column(r));
        if (trial % 2 == 1 && i == open) c = (c + 1) % n;  // may leave no completion
        in.queens.push_back({r, c});
      }
      if (nq::instance_error(in)) continue;  // the shifted queen attacks another
      // 1 square of each open row blocked (never the formula's), or 4 or 8 (any).
      const std::uint32_t blocks = trial % 3 == 0 ? 1 : trial % 3 == 1 ? 4 : 8;
      for (std::uint32_t i = 0; i < open; ++i) {
        std::set<std::uint32_t> cols;
        while (cols.size() < blocks) {
          const std::uint32_t c = static_cast<std::uint32_t>(rng() % n);
          if (blocks > 1 || c != formula.column(rows[i])) cols.insert(c);
        }
        for (const std::uint32_t c : cols) {
          if (!std::any_of(in.queens.begin(), in.queens.end(),
                           [&](const nq::Square& q) { return q.row == rows[i] && q.col == c; })) {
            in.blocked.push_back({rows[i], c});
          }
        }
      }
      const nq::CompleteResult all = nq::complete(in, {.limit = 0});
      const nq::CompleteResult one = nq::complete(in, {.local_search = false});
      ASSERT_TRUE(all.complete && one.complete) << nq::write_instance(in);
      EXPECT_EQ(one.solution.has_value(), all.count > 0) << nq::write_instance(in);
      if (one.solution) EXPECT_TRUE(extends(*one.solution, in)) << nq::write_instance(in);
      (all.count > 0 ? with : without)++;
    }
  }
  EXPECT_GT(with, 8);
  EXPECT_GT(without, 3);
}
