// SPDX-License-Identifier: MIT
#include "nqueens/count.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

#include "brute_force.hpp"
#include "known_values.hpp"
#include "nqueens/invalid_argument.hpp"
#include "nqueens/symmetry.hpp"

TEST(count, header_example_holds) {
  const nq::CountResult r = nq::count({.n = 8});
  EXPECT_EQ(r.total, 92u);
  EXPECT_EQ(r.unique, 12u);
  EXPECT_TRUE(r.complete);
}

// NQUEENS_ISA names the widest instruction set the kernels may use; a name it does not know is
// refused before a count starts, and unset or empty leaves the processor's widest.
TEST(count, nqueens_isa_names_the_widest_instruction_set_and_refuses_others) {
  const char* const before = std::getenv(nq::kCountIsaVariable);
  const std::string kept = before ? before : "";
  for (const nq::CountIsa isa : {nq::CountIsa::generic, nq::CountIsa::avx2, nq::CountIsa::avx512}) {
    ::setenv(nq::kCountIsaVariable, nq::isa_name(isa), 1);
    EXPECT_EQ(nq::count_isa_limit(), isa) << nq::isa_name(isa);
  }
  ::setenv(nq::kCountIsaVariable, "", 1);
  EXPECT_EQ(nq::count_isa_limit(), nq::CountIsa::avx512);
  ::setenv(nq::kCountIsaVariable, "AVX2", 1);
  EXPECT_THROW(nq::count_isa_limit(), nq::InvalidArgument);
  nq::CountOptions options;
  options.n = 8;
  EXPECT_THROW(nq::count(options), nq::InvalidArgument);
  if (before) {
    ::setenv(nq::kCountIsaVariable, kept.c_str(), 1);
  } else {
    ::unsetenv(nq::kCountIsaVariable);
  }
  EXPECT_EQ(nq::count(options).total, 92u);
}

TEST(count, matches_known_totals_and_unique_up_to_14) {
  for (int n = 1; n <= 14; ++n) {
    const nq::CountResult r = nq::count({.n = n});
    EXPECT_EQ(r.total, nq::test::kTotal[n - 1]) << "n = " << n;
    EXPECT_EQ(r.unique, nq::test::kUnique[n - 1]) << "n = " << n;
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.subproblems_done, r.subproblems);
  }
}

TEST(count, gives_the_same_answer_on_any_number_of_threads) {
  for (unsigned threads : {1u, 2u, 3u, 8u}) {
    const nq::CountResult r = nq::count({.n = 11, .threads = threads});
    EXPECT_EQ(r.total, 2680u);
    EXPECT_EQ(r.unique, 341u);
    EXPECT_EQ(r.threads, threads);
  }
}

// P and R straight from the definition: brute-force solutions fixed by the turns.
TEST(count, symmetric_counts_match_brute_force) {
  for (unsigned n = 1; n <= 10; ++n) {
    std::uint64_t half = 0, quarter = 0;
    for (const auto& col : nq::test::brute_force_solutions(n)) {
      const nq::Placement p(std::vector<nq::Column>(col.begin(), col.end()));
      half += nq::apply(nq::Symmetry::rotate180, p) == p;
      quarter += nq::apply(nq::Symmetry::rotate90, p) == p;
    }
    const nq::SymmetricCounts s = nq::count_symmetric(static_cast<int>(n));
    EXPECT_EQ(s.half_turn, half) << "n = " << n;
    EXPECT_EQ(s.quarter_turn, quarter) << "n = " << n;
  }
}

// Burnside over the eight symmetries (no reflection fixes a solution past n = 1): 8 x unique =
// total + P + 2R, so the published totals and unique counts fix P + 2R for every n they reach.
TEST(count, symmetric_counts_agree_with_the_published_counts_through_burnside) {
  for (int n = 2; n <= 21; ++n) {
    const nq::SymmetricCounts s = nq::count_symmetric(n);
    EXPECT_EQ(s.half_turn + 2 * s.quarter_turn,
              8 * nq::test::kUnique[n - 1] - nq::test::kTotal[n - 1])
        << "n = " << n;
  }
}

TEST(count, class_breakdown_adds_up) {
  for (int n = 1; n <= 13; ++n) {
    const nq::CountResult r = nq::count({.n = n});
    const auto* c = r.classes_of_size;
    EXPECT_EQ(c[0] + 2 * c[1] + 4 * c[2] + 8 * c[3], r.total) << "n = " << n;
    EXPECT_EQ(c[0] + c[1] + c[2] + c[3], r.unique) << "n = " << n;
  }
}

// Stopped in the middle of the work (from on_done, after five subproblems): what was finished
// is counted, the rest is not, and the result says it is incomplete.
TEST(count, stops_when_asked_and_says_it_is_incomplete) {
  for (nq::CountEngine engine : {nq::CountEngine::backtrack, nq::CountEngine::halves}) {
    std::stop_source source;
    std::atomic<int> done{0};
    const nq::CountResult r = nq::count({.n = 14,
                                         .threads = 2,
                                         .engine = engine,
                                         .stop = source.get_token(),
                                         .on_done = [&](const nq::SubproblemCount&) {
                                           if (++done == 5) source.request_stop();
                                         }});
    EXPECT_FALSE(r.complete);
    EXPECT_GE(r.subproblems_done, 5u);
    EXPECT_LT(r.subproblems_done, r.subproblems);
    EXPECT_GT(r.nodes, 0u);
    EXPECT_LT(r.total, 365596u);  // a part of the whole
    EXPECT_EQ(r.unique, 0u);
  }
}

// Stopped before the first subproblem, while the halves engine builds its tables (minutes from
// n = 27): nothing to report, so it throws; the backtrack engine's set-up is too short to stop.
TEST(count, a_stop_during_the_set_up_throws_count_stopped) {
  std::stop_source source;
  source.request_stop();
  for (int n : {12, 21}) {
    EXPECT_THROW(
        nq::count(
            {.n = n, .threads = 2, .engine = nq::CountEngine::halves, .stop = source.get_token()}),
        nq::CountStopped)
        << "n = " << n;
  }
  const nq::CountResult r =
      nq::count({.n = 12, .engine = nq::CountEngine::backtrack, .stop = source.get_token()});
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.subproblems_done, 0u);
}

TEST(count, reports_progress_up_to_the_end) {
  std::uint64_t last = 0, total = 0;
  nq::count({.n = 9, .threads = 1, .on_progress = [&](const nq::CountProgress& p) {
               EXPECT_EQ(p.subproblems_done, last + 1);
               last = p.subproblems_done;
               total = p.subproblems;
             }});
  EXPECT_GT(total, 0u);
  EXPECT_EQ(last, total);
}

// The time left comes from each stratum's measured rate (two subproblems of each are counted
// first): known from the first report on, never negative, and 0 once all is counted; a count of
// chosen subproblems has no strata and says so with -1.
TEST(count, projects_the_time_left_from_the_strata) {
  for (nq::CountEngine engine : {nq::CountEngine::backtrack, nq::CountEngine::halves}) {
    std::vector<double> left;
    const nq::CountResult r = nq::count(
        {.n = 13, .threads = 2, .engine = engine, .on_progress = [&](const nq::CountProgress& p) {
           left.push_back(p.seconds_left);
         }});
    EXPECT_EQ(r.total, 73712u);
    ASSERT_FALSE(left.empty());
    for (double s : left) EXPECT_GE(s, 0.0) << nq::engine_name(engine);
    EXPECT_EQ(left.back(), 0.0) << nq::engine_name(engine);
  }
  std::vector<double> chosen;
  nq::count(
      {.n = 13, .threads = 1, .only = {0, 1, 2}, .on_progress = [&](const nq::CountProgress& p) {
         chosen.push_back(p.seconds_left);
       }});
  ASSERT_EQ(chosen.size(), 3u);
  for (double s : chosen) EXPECT_EQ(s, -1.0);
}

TEST(count, rejects_sizes_it_cannot_do) {
  EXPECT_THROW(nq::count({.n = 0}), std::invalid_argument);
  EXPECT_THROW(nq::count({.n = -1}), std::invalid_argument);
  EXPECT_THROW(nq::count({.n = nq::kMaxCountN + 1}), std::invalid_argument);
}

namespace {

constexpr nq::CountEngine kEngines[] = {nq::CountEngine::backtrack, nq::CountEngine::halves};

std::map<std::uint64_t, std::uint64_t> counts_by_id(int n, nq::CountEngine engine,
                                                    unsigned threads) {
  std::map<std::uint64_t, std::uint64_t> by_id;
  nq::count(
      {.n = n, .threads = threads, .engine = engine, .on_done = [&](const nq::SubproblemCount& s) {
         EXPECT_TRUE(by_id.emplace(s.id, s.count).second) << "id reported twice";
       }});
  return by_id;
}

}  // namespace

TEST(count, backtrack_engine_matches_known_values_up_to_14) {
  for (int n = 1; n <= 14; ++n) {
    const nq::CountResult r = nq::count({.n = n, .engine = nq::CountEngine::backtrack});
    EXPECT_EQ(r.engine, nq::CountEngine::backtrack);
    EXPECT_EQ(r.total, nq::test::kTotal[n - 1]) << "n = " << n;
    EXPECT_EQ(r.unique, nq::test::kUnique[n - 1]) << "n = " << n;
  }
}

TEST(count, halves_engine_matches_known_values_up_to_17) {
  for (int n = 4; n <= 17; ++n) {
    const nq::CountResult r = nq::count({.n = n, .engine = nq::CountEngine::halves});
    EXPECT_EQ(r.engine, nq::CountEngine::halves);
    EXPECT_EQ(r.total, nq::test::kTotal[n - 1]) << "n = " << n;
    EXPECT_EQ(r.unique, nq::test::kUnique[n - 1]) << "n = " << n;
    EXPECT_GT(r.memory_bytes, 0u);
  }
}

// n = 18, the largest size counted whole here: against the published value, with the tables
// shared and with per-worker slices and chunks under a small memory budget.
TEST(count, halves_engine_counts_18_with_shared_tables_and_under_a_budget) {
  for (std::uint64_t memory : {std::uint64_t{0}, std::uint64_t{40} << 20}) {
    const nq::CountResult r =
        nq::count({.n = 18, .threads = 2, .engine = nq::CountEngine::halves, .memory = memory});
    EXPECT_EQ(r.total, nq::test::kTotal[17]) << "memory " << memory;
    EXPECT_EQ(r.unique, nq::test::kUnique[17]) << "memory " << memory;
    if (memory) EXPECT_LE(r.memory_bytes, memory);
  }
}

// The engines share no code past count()'s scheduler; they agree with each other and with a
// brute force that shares nothing with either.
TEST(count, engines_agree_with_brute_force) {
  for (int n = 4; n <= 9; ++n) {
    const std::uint64_t brute = nq::test::brute_force_solutions(static_cast<unsigned>(n)).size();
    for (nq::CountEngine e : kEngines) {
      EXPECT_EQ(nq::count({.n = n, .engine = e}).total, brute) << "n = " << n;
    }
  }
}

TEST(count, automatic_engine_is_halves_where_it_is_faster) {
  EXPECT_EQ(nq::resolve_engine(nq::CountEngine::automatic, 8), nq::CountEngine::backtrack);
  EXPECT_EQ(nq::resolve_engine(nq::CountEngine::automatic, 12), nq::CountEngine::halves);
  EXPECT_EQ(nq::resolve_engine(nq::CountEngine::automatic, nq::kMaxHalvesN),
            nq::CountEngine::halves);
  EXPECT_EQ(nq::resolve_engine(nq::CountEngine::automatic, nq::kMaxHalvesN + 1),
            nq::CountEngine::backtrack);
  EXPECT_EQ(nq::resolve_engine(nq::CountEngine::halves, 8), nq::CountEngine::halves);
  EXPECT_EQ(nq::count({.n = 13}).engine, nq::CountEngine::halves);
}

TEST(count, subproblem_ids_are_stable_across_runs_and_threads) {
  for (nq::CountEngine e : kEngines) {
    const auto one = counts_by_id(12, e, 1);
    const auto three = counts_by_id(12, e, 3);
    EXPECT_EQ(one, three);
    ASSERT_FALSE(one.empty());
    EXPECT_EQ(one.rbegin()->first + 1, one.size());  // ids are 0 .. size - 1
  }
}

// Stop part way, then resume from what was reported: the same answer as one uninterrupted run.
TEST(count, resumes_from_reported_subproblems_with_the_same_result) {
  for (nq::CountEngine e : kEngines) {
    std::vector<nq::SubproblemCount> saved;
    std::stop_source stop;
    const nq::CountResult first = nq::count({.n = 13,
                                             .threads = 2,
                                             .engine = e,
                                             .stop = stop.get_token(),
                                             .on_done = [&](const nq::SubproblemCount& s) {
                                               saved.push_back(s);
                                               if (saved.size() == 50) stop.request_stop();
                                             }});
    ASSERT_FALSE(first.complete);
    std::uint64_t resumed_runs = 0;
    const nq::CountResult second =
        nq::count({.n = 13,
                   .engine = e,
                   .resume = saved,
                   .resume_subproblems = first.subproblems,
                   .on_done = [&](const nq::SubproblemCount&) { ++resumed_runs; }});
    EXPECT_TRUE(second.complete);
    EXPECT_EQ(second.total, 73712u);
    EXPECT_EQ(second.unique, 9233u);
    EXPECT_EQ(second.subproblems_resumed, saved.size());
    EXPECT_EQ(resumed_runs, second.subproblems - saved.size());
  }
}

TEST(count, rejects_resumed_results_that_do_not_fit) {
  const std::uint64_t size = nq::count({.n = 8, .engine = nq::CountEngine::halves}).subproblems;
  EXPECT_THROW(nq::count({.n = 8, .engine = nq::CountEngine::halves, .resume = {{size, 1}}}),
               std::invalid_argument);
  EXPECT_THROW(nq::count({.n = 8, .engine = nq::CountEngine::halves, .resume = {{0, 1}, {0, 1}}}),
               std::invalid_argument);
  EXPECT_THROW(nq::count({.n = 8,
                          .engine = nq::CountEngine::halves,
                          .resume = {},
                          .resume_subproblems = size + 1}),
               std::invalid_argument);
  EXPECT_THROW(nq::count({.n = 3, .engine = nq::CountEngine::halves}), std::invalid_argument);
  EXPECT_THROW(nq::count({.n = nq::kMaxHalvesN + 1, .engine = nq::CountEngine::halves}),
               std::invalid_argument);
}

// Resumed results are used, not recomputed: one raised by 8 raises the total by 8 times its
// weight (which keeps Burnside's divisibility, so the unique count is still computed).
TEST(count, uses_resumed_counts_as_given) {
  const auto real = counts_by_id(10, nq::CountEngine::backtrack, 1);
  const nq::CountResult r =
      nq::count({.n = 10, .engine = nq::CountEngine::backtrack, .resume = {{0, real.at(0) + 8}}});
  EXPECT_TRUE(r.complete);
  const nq::CountResult plain =
      nq::count({.n = 10, .engine = nq::CountEngine::backtrack, .collect = true});
  ASSERT_FALSE(plain.results.empty());
  ASSERT_EQ(plain.results[0].id, 0u);
  EXPECT_EQ(r.total, 724u + 8u * plain.results[0].weight);  // exactly, not just "more"
}

TEST(count, refuses_a_total_that_burnside_shows_to_be_wrong) {
  const auto real = counts_by_id(10, nq::CountEngine::backtrack, 1);
  std::vector<nq::SubproblemCount> resume;
  for (const auto& [id, c] : real) resume.push_back({id, c});
  // Raising a count by one raises the total by its weight; for a weight below 8 (the symmetric
  // border placements) the total is then off by a non-multiple of 8, which Burnside catches; the
  // resumed counts are blamed, as bad input.
  bool refused = false;
  for (std::size_t i = 0; i < resume.size() && !refused; ++i) {
    resume[i].count += 1;
    try {
      nq::count({.n = 10, .engine = nq::CountEngine::backtrack, .resume = resume});
    } catch (const nq::InvalidArgument& e) {
      refused = true;
      EXPECT_NE(std::string(e.what()).find("(resumed from a damaged or forged checkpoint)"),
                std::string::npos)
          << e.what();
    }
    resume[i].count -= 1;
  }
  EXPECT_TRUE(refused);
}

TEST(count, known_values_table_matches_the_test_copy) {
  for (int n = 1; n <= nq::kMaxKnownN; ++n) {
    const auto known = nq::known_count(n);
    ASSERT_TRUE(known.has_value());
    EXPECT_EQ(known->total, nq::test::kTotal[n - 1]) << "n = " << n;
    EXPECT_EQ(known->unique, nq::test::kUnique[n - 1]) << "n = " << n;
  }
  EXPECT_FALSE(nq::known_count(0).has_value());
  EXPECT_FALSE(nq::known_count(nq::kMaxKnownN + 1).has_value());
}

// `only` recomputes chosen subproblems with exactly the counts and weights of a full run.
TEST(count, recomputes_chosen_subproblems_exactly) {
  for (nq::CountEngine e : kEngines) {
    const nq::CountResult full = nq::count({.n = 12, .engine = e, .collect = true});
    ASSERT_EQ(full.results.size(), full.subproblems);
    std::uint64_t total = 0;
    for (const auto& s : full.results) total += s.weight * s.count;
    EXPECT_EQ(total, 14200u);
    const std::vector<std::uint64_t> ids = {full.subproblems - 1, 0, full.subproblems / 2};
    const nq::CountResult part = nq::count({.n = 12, .engine = e, .only = ids, .collect = true});
    EXPECT_FALSE(part.complete);
    ASSERT_EQ(part.results.size(), ids.size());
    for (const auto& s : part.results) {
      EXPECT_EQ(s.count, full.results[s.id].count) << "id " << s.id;
      EXPECT_EQ(s.weight, full.results[s.id].weight) << "id " << s.id;
    }
    EXPECT_THROW(nq::count({.n = 12, .engine = e, .only = {full.subproblems}}),
                 std::invalid_argument);
  }
}

// An exception on a worker (here a throwing on_done, as a checkpoint that cannot save would
// throw) reaches the caller after every worker has stopped, instead of ending the process.
TEST(count, an_exception_on_a_worker_reaches_the_caller) {
  for (nq::CountEngine engine : {nq::CountEngine::backtrack, nq::CountEngine::halves}) {
    std::atomic<int> calls{0};
    const auto throwing = [&calls](const nq::SubproblemCount&) {
      if (++calls == 3) throw std::runtime_error("disk full");
    };
    try {
      (void)nq::count({.n = 14, .threads = 3, .engine = engine, .on_done = throwing});
      ADD_FAILURE() << "no exception";
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "disk full");
    }
    EXPECT_LT(calls.load(), 40);  // the others stopped soon after (n = 14 has hundreds)
  }
}
