// SPDX-License-Identifier: MIT
#include "nqueens/trace.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "nqueens/classic.hpp"

namespace {

std::vector<nq::trace::Event> events_of(const nq::trace::Options& options,
                                        nq::trace::Summary* summary = nullptr) {
  std::vector<nq::trace::Event> out;
  const nq::trace::Summary s =
      nq::trace::run(options, [&](const nq::trace::Event& e) { out.push_back(e); });
  if (summary) *summary = s;
  return out;
}

bool attacks(int r1, int c1, int r2, int c2) {
  return c1 == c2 || std::abs(c1 - c2) == std::abs(r1 - r2);
}

}  // namespace

TEST(trace, header_example_holds) {
  nq::trace::Summary s;
  const auto events = events_of({.n = 4}, &s);
  EXPECT_EQ(s.steps, 78u);
  EXPECT_EQ(s.placements, 16u);
  EXPECT_EQ(s.rejects, 44u);
  EXPECT_EQ(s.backtracks, 16u);
  EXPECT_EQ(s.solutions, 2u);
  EXPECT_EQ(events.size(), s.steps);
  EXPECT_EQ(events.front().kind, nq::trace::Kind::place);  // row 1, column 1
  EXPECT_EQ(events.front().row, 0);
  EXPECT_EQ(events.front().col, 0);
}

// Replaying the events on a board of our own: every place is legal and in the next empty row,
// every reject names a queen that really attacks the square, every remove takes back the
// deepest queen, every solution is the full board; the solutions and the count of squares tried
// are those of the method run without tracing.
TEST(trace, replay_reproduces_every_traceable_method) {
  for (nq::classic::Method m : nq::classic::kAllMethods) {
    if (!nq::trace::supports(m)) continue;
    for (int n = 1; n <= 8; ++n) {
      nq::trace::Summary s;
      const auto events = events_of({.n = n, .method = m}, &s);
      std::vector<int> board;
      std::vector<nq::Placement> solutions;
      std::uint64_t tried = 0, step = 0;
      for (const nq::trace::Event& e : events) {
        ASSERT_EQ(e.step, ++step);
        switch (e.kind) {
          case nq::trace::Kind::place:
            ASSERT_EQ(e.row, static_cast<int>(board.size())) << "not the next row";
            for (int r = 0; r < e.row; ++r) ASSERT_FALSE(attacks(r, board[r], e.row, e.col));
            board.push_back(e.col);
            ++tried;
            break;
          case nq::trace::Kind::reject:
            ASSERT_EQ(e.row, static_cast<int>(board.size()));
            ASSERT_LT(e.by_row, e.row);
            ASSERT_EQ(board[e.by_row], e.by_col);
            ASSERT_TRUE(attacks(e.by_row, e.by_col, e.row, e.col));
            EXPECT_EQ(e.same_column, e.by_col == e.col);
            // It is the first attacker, as the textbook check scans the rows from the top.
            for (int r = 0; r < e.by_row; ++r) ASSERT_FALSE(attacks(r, board[r], e.row, e.col));
            ++tried;
            break;
          case nq::trace::Kind::remove:
            ASSERT_EQ(e.row + 1, static_cast<int>(board.size())) << "not the deepest queen";
            ASSERT_EQ(board.back(), e.col);
            board.pop_back();
            break;
          case nq::trace::Kind::solution:
            ASSERT_EQ(static_cast<int>(board.size()), n);
            ASSERT_EQ(e.placement, board);
            solutions.emplace_back(std::vector<nq::Column>(board.begin(), board.end()));
            EXPECT_EQ(e.solution, solutions.size());
            break;
        }
      }
      EXPECT_TRUE(board.empty()) << "the search ended with queens on the board";
      const nq::classic::Result r = nq::classic::run(m, {.n = n});
      EXPECT_EQ(solutions, r.solutions) << nq::classic::to_string(m) << " n = " << n;
      EXPECT_EQ(tried, r.counters.placements) << nq::classic::to_string(m) << " n = " << n;
      EXPECT_EQ(s.solutions, r.count);
      EXPECT_EQ(s.placements + s.rejects, tried);
      EXPECT_TRUE(s.complete);
      EXPECT_FALSE(s.cut);
    }
  }
}

// Recursive, iterative and nested backtracking try the same squares in the same order: one story.
TEST(trace, the_three_textbook_backtrackers_tell_the_same_story) {
  const auto reference = events_of({.n = 6, .method = nq::classic::Method::recursive});
  for (auto m : {nq::classic::Method::iterative, nq::classic::Method::nested}) {
    const auto other = events_of({.n = 6, .method = m});
    ASSERT_EQ(other.size(), reference.size()) << nq::classic::to_string(m);
    for (std::size_t i = 0; i < other.size(); ++i) {
      EXPECT_EQ(other[i].kind, reference[i].kind) << i;
      EXPECT_EQ(other[i].row, reference[i].row) << i;
      EXPECT_EQ(other[i].col, reference[i].col) << i;
    }
  }
}

TEST(trace, first_and_max_steps) {
  nq::trace::Summary s;
  auto events = events_of({.n = 8, .first = true}, &s);
  EXPECT_EQ(s.solutions, 1u);
  EXPECT_EQ(events.back().kind, nq::trace::Kind::solution);
  EXPECT_EQ(events.back().placement, (std::vector<int>{0, 4, 7, 5, 2, 6, 1, 3}));
  EXPECT_TRUE(s.complete);
  events = events_of({.n = 8, .max_steps = 100}, &s);
  EXPECT_EQ(events.size(), 100u);
  EXPECT_TRUE(s.cut);
  EXPECT_FALSE(s.complete);
  EXPECT_THROW(nq::trace::run({.n = 0}, [](const nq::trace::Event&) {}), std::invalid_argument);
  EXPECT_THROW(nq::trace::run({.n = 4, .method = nq::classic::Method::blind},
                              [](const nq::trace::Event&) {}),
               std::invalid_argument);
}
