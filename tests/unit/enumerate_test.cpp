// SPDX-License-Identifier: MIT
#include "nqueens/enumerate.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <set>
#include <stdexcept>

#include "brute_force.hpp"
#include "known_values.hpp"
#include "nqueens/symmetry.hpp"
#include "nqueens/verify.hpp"

namespace {

struct Collected {
  std::vector<std::vector<unsigned>> solutions;
  std::vector<std::uint8_t> stabilizers;
  nq::EnumerateResult result;
};

Collected collect(nq::EnumerateOptions options) {
  Collected c;
  c.result = nq::enumerate(options, [&](const nq::SolutionBatch& b) {
    EXPECT_EQ(b.columns.size(), b.count * static_cast<std::size_t>(b.n));
    for (std::size_t i = 0; i < b.count; ++i) {
      const auto* col = b.columns.data() + i * static_cast<std::size_t>(b.n);
      c.solutions.emplace_back(col, col + b.n);
      if (!b.stabilizers.empty()) c.stabilizers.push_back(b.stabilizers[i]);
    }
    return true;
  });
  return c;
}

nq::Placement to_placement(const std::vector<unsigned>& col) {
  return nq::Placement(std::vector<nq::Column>(col.begin(), col.end()));
}

}  // namespace

TEST(enumerate, header_example_holds) {
  std::uint64_t seen = 0;
  nq::enumerate({.n = 8, .unique = true}, [&](const nq::SolutionBatch& b) {
    seen += b.count;
    return true;
  });
  EXPECT_EQ(seen, 12u);
}

TEST(enumerate, lists_exactly_the_brute_force_solutions_in_order) {
  for (int n = 1; n <= 9; ++n) {
    const Collected c = collect({.n = n, .batch_solutions = 7});
    EXPECT_EQ(c.solutions, nq::test::brute_force_solutions(static_cast<unsigned>(n))) << n;
    EXPECT_TRUE(c.result.complete);
    EXPECT_EQ(c.result.solutions, c.solutions.size());
  }
}

TEST(enumerate, unique_lists_each_class_once_by_its_canonical_member) {
  for (int n = 1; n <= 10; ++n) {
    std::set<std::vector<unsigned>> expected;
    for (const auto& col : nq::test::brute_force_solutions(static_cast<unsigned>(n))) {
      const nq::Placement canon = nq::canonical(to_placement(col));
      expected.emplace(canon.columns().begin(), canon.columns().end());
    }
    const Collected c = collect({.n = n, .unique = true, .batch_solutions = 5});
    EXPECT_EQ(c.solutions, std::vector(expected.begin(), expected.end())) << n;
    ASSERT_EQ(c.stabilizers.size(), c.solutions.size());
    for (std::size_t i = 0; i < c.solutions.size(); ++i) {
      EXPECT_EQ(c.stabilizers[i], nq::stabilizer(to_placement(c.solutions[i]))) << n;
    }
  }
}

TEST(enumerate, counts_match_known_values_up_to_12) {
  for (int n = 1; n <= 12; ++n) {
    EXPECT_EQ(collect({.n = n}).result.solutions, nq::test::kTotal[n - 1]) << n;
    EXPECT_EQ(collect({.n = n, .unique = true}).result.solutions, nq::test::kUnique[n - 1]) << n;
  }
}

TEST(enumerate, gives_the_same_stream_on_any_number_of_threads) {
  const Collected one = collect({.n = 11, .threads = 1, .batch_solutions = 16});
  for (unsigned threads : {2u, 3u, 7u}) {
    EXPECT_EQ(collect({.n = 11, .threads = threads, .batch_solutions = 16}).solutions,
              one.solutions);
  }
  for (const auto& col : one.solutions) EXPECT_TRUE(nq::is_solution(to_placement(col)));
}

TEST(enumerate, stops_when_the_sink_says_so) {
  std::size_t batches = 0, solutions = 0;
  const nq::EnumerateResult r = nq::enumerate(
      {.n = 12, .threads = 2, .batch_solutions = 10}, [&](const nq::SolutionBatch& b) {
        EXPECT_LE(b.count, 10u);  // a prefix's last batch may hold fewer
        solutions += b.count;
        return ++batches < 3;
      });
  EXPECT_EQ(batches, 3u);
  EXPECT_EQ(r.solutions, solutions);
  EXPECT_FALSE(r.complete);
}

// Stopped from another party's token in the middle of the stream (after three batches).
TEST(enumerate, stops_when_asked) {
  std::stop_source source;
  int batches = 0;
  std::uint64_t seen = 0;
  const nq::EnumerateResult r =
      nq::enumerate({.n = 14, .threads = 2, .stop = source.get_token(), .batch_solutions = 100},
                    [&](const nq::SolutionBatch& b) {
                      seen += b.count;
                      if (++batches == 3) source.request_stop();
                      return true;
                    });
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(batches, 3);
  EXPECT_EQ(r.solutions, seen);
  EXPECT_GT(seen, 0u);
  EXPECT_LT(seen, 365596u);
}

TEST(enumerate, rejects_sizes_it_cannot_do) {
  const auto sink = [](const nq::SolutionBatch&) { return true; };
  EXPECT_THROW(nq::enumerate({.n = 0}, sink), std::invalid_argument);
  EXPECT_THROW(nq::enumerate({.n = nq::kMaxEnumerateN + 1}, sink), std::invalid_argument);
  EXPECT_THROW(nq::enumerate({.n = 8, .batch_solutions = 0}, sink), std::invalid_argument);
}

// A sink that throws: the exception reaches the caller and the workers, which may be waiting
// for the consumer, are released and joined (this once hung).
TEST(enumerate, a_throwing_sink_reaches_the_caller) {
  int batches = 0;
  EXPECT_THROW(nq::enumerate({.n = 12, .threads = 3, .batch_solutions = 16},
                             [&](const nq::SolutionBatch&) -> bool {
                               if (++batches == 5) throw std::runtime_error("pipe broke");
                               return true;
                             }),
               std::runtime_error);
  EXPECT_EQ(batches, 5);
}
