// SPDX-License-Identifier: MIT
// Proofs that an answer of solve --method first is first: the search cut into pieces gives the
// plain search's answer, the proofs it writes pass the check, a proof with a step removed or
// altered fails it, a run stopped part way resumes from its steps, and the plainer search the
// check uses answers as brute force does. Internal headers (src/solve) for the last.
#include "nqueens/first_proof.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <optional>
#include <random>
#include <sstream>
#include <stop_token>

#include "brute_force.hpp"
#include "nqueens/construct.hpp"
#include "nqueens/solve.hpp"
#include "solve/plain_refuter.hpp"

namespace {

using nq::FirstProof;
using nq::FirstStep;
using Kind = nq::FirstStep::Kind;

// A run of the probing search with its steps: tiny pieces make it cut probes all the time.
FirstProof prove(int n, std::uint64_t piece_nodes, unsigned threads) {
  FirstProof proof{.n = n, .answer = {}, .steps = {}};
  const nq::SolveResult r =
      nq::solve_first({.n = n,
                       .threads = threads,
                       .on_step = [&](const FirstStep& s) { proof.steps.push_back(s); },
                       .piece_nodes = piece_nodes});
  EXPECT_TRUE(r.complete);
  proof.answer = r.solution;
  return proof;
}

nq::FirstProofCheck check_all(const FirstProof& proof) {
  return nq::check_first_proof(proof, {.sample = ~std::uint64_t{0}, .seed = 1});
}

const std::vector<std::vector<unsigned>>& solutions_of(unsigned n) {
  static std::map<unsigned, std::vector<std::vector<unsigned>>> cache;
  auto it = cache.find(n);
  if (it == cache.end()) it = cache.emplace(n, nq::test::brute_force_solutions(n)).first;
  return it->second;
}

}  // namespace

TEST(first_proof, steps_read_back_as_written) {
  const std::vector<FirstStep> steps = {
      {.kind = Kind::refuted, .row = 2, .column = 0, .more = {{5, 3}, {7, 1}}, .nodes = 1234},
      {.kind = Kind::refuted, .row = 0, .column = 7, .nodes = 0},
      {.kind = Kind::split,
       .row = 3,
       .column = 1,
       .more = {{4, 6}},
       .line_is_row = false,
       .line = 5,
       .dead = {0, 2, 7}},
      {.kind = Kind::split, .row = 3, .column = 1, .line_is_row = true, .line = 6},
      {.kind = Kind::completed, .row = 1, .column = 4, .completion = {0, 4, 7, 5, 2, 6, 1, 3}},
      {.kind = Kind::settled, .row = 1, .column = 4, .completion = {0, 4, 7, 5, 2, 6, 1, 3}}};
  for (const FirstStep& s : steps) {
    const std::string line = nq::format_first_step(s);
    EXPECT_EQ(nq::parse_first_step(line, 8), s) << line;
  }
  EXPECT_EQ(nq::format_first_step(steps[2]), "S 4 2 c6 1,3,8 5:7");
  for (const char* bad :
       {"", "X 1", "X 1 1", "Q 1 1 0", "X 9 1 0", "X 1 1 -3", "X 1 1 0 3", "X 1 1 0 3:9",
        "S 1 1 x3 -", "S 1 1 r3 1,,2", "R 1 1 1 2 3", "C 1 1 1 5 8 6 3 7 2 4 4"}) {
    EXPECT_THROW(nq::parse_first_step(bad, 8), std::invalid_argument) << bad;
  }
}

TEST(first_proof, the_text_form_reads_back) {
  const FirstProof proof = prove(12, 4, 1);
  std::stringstream text;
  nq::write_first_proof(text, proof);
  const FirstProof back = nq::read_first_proof(text);
  EXPECT_EQ(back.n, 12);
  EXPECT_EQ(back.answer, proof.answer);
  EXPECT_EQ(back.steps, proof.steps);
  for (const char* bad : {"", "nqueens-first-proof 2\nn 8\n", "nqueens-first-proof 1\nX 1 1 0\n",
                          "nqueens-first-proof 1\nn 129\n", "nqueens-first-proof 1\nn 8\nA 1 2\n",
                          "\nn 8\nA 1 5 8 6 3 7 2 4\n", "# a comment\nn 8\nA 1 5 8 6 3 7 2 4\n"}) {
    std::istringstream in(bad);
    EXPECT_THROW(nq::read_first_proof(in), std::invalid_argument) << bad;
  }
}

// The search cut into pieces of a few nodes, on one thread and on several, against the plain
// row-by-row search; and every proof it writes passes the check with every piece searched again.
RC_GTEST_PROP(first_proof, pieces_give_the_plain_answer_and_a_proof_that_checks, ()) {
  const int n = *rc::gen::inRange(4, 25);
  const std::uint64_t piece_nodes = *rc::gen::inRange<std::uint64_t>(1, 64);
  const unsigned threads = *rc::gen::inRange(1u, 4u);
  const FirstProof proof = prove(n, piece_nodes, threads);
  const nq::SolveResult plain = nq::solve_first({.n = n, .probing = false});
  RC_ASSERT(proof.answer == plain.solution);
  const nq::FirstProofCheck c = check_all(proof);
  RC_ASSERT(c.valid());
  RC_ASSERT(c.uncovered == 0u);
  RC_ASSERT(c.inconclusive == 0u);
  RC_ASSERT(c.sampled == c.pieces);
}

TEST(first_proof, larger_proofs_cut_along_lines_and_check) {
  for (int n : {30, 33}) {
    const FirstProof proof = prove(n, 16, 2);
    const nq::FirstProofCheck c = nq::check_first_proof(proof, {.sample = 300, .seed = 2});
    EXPECT_TRUE(c.valid()) << n;
    EXPECT_GT(c.splits, 0u) << n;
    EXPECT_EQ(c.inconclusive, 0u) << n;
    EXPECT_GT(c.probes, c.attacked) << n;
  }
}

// The pieces searched again on one thread or several: the same counts and nodes (each piece's
// search does not depend on the others), and a progress report after each piece.
TEST(first_proof, the_check_searches_pieces_on_threads_alike) {
  const FirstProof proof = prove(33, 16, 2);
  const nq::FirstProofCheck one =
      nq::check_first_proof(proof, {.sample = ~std::uint64_t{0}, .seed = 1, .threads = 1});
  std::uint64_t reports = 0;
  nq::FirstProofCheckProgress last;
  const nq::FirstProofCheck three =
      nq::check_first_proof(proof, {.sample = ~std::uint64_t{0},
                                    .seed = 1,
                                    .threads = 3,
                                    .on_progress = [&](const nq::FirstProofCheckProgress& p) {
                                      ++reports;
                                      last = p;
                                    }});
  ASSERT_TRUE(one.valid());
  ASSERT_TRUE(three.valid());
  EXPECT_EQ(one.sampled, one.pieces);
  EXPECT_EQ(three.sampled, one.sampled);
  EXPECT_EQ(three.re_refuted, one.re_refuted);
  EXPECT_EQ(three.nodes, one.nodes);
  EXPECT_GT(one.nodes, one.sampled);
  EXPECT_EQ(reports, three.sampled);
  EXPECT_EQ(last.searched, three.sampled);
  EXPECT_EQ(last.of, three.sampled);
  EXPECT_EQ(last.nodes, three.nodes);
}

// Every step the cover uses matters: without it, or with it altered, the check fails.
TEST(first_proof, a_proof_with_a_step_removed_or_altered_fails) {
  const FirstProof proof = prove(24, 8, 1);
  ASSERT_TRUE(check_all(proof).valid());
  std::vector<std::size_t> used;  // refuted and split steps the cover needs
  for (std::size_t i = 0; i < proof.steps.size(); ++i) {
    const FirstStep& s = proof.steps[i];
    if (s.kind != Kind::refuted && s.kind != Kind::split) continue;
    FirstProof without = proof;
    without.steps.erase(without.steps.begin() + static_cast<std::ptrdiff_t>(i));
    if (!check_all(without).valid()) used.push_back(i);
  }
  ASSERT_GT(used.size(), 10u);
  int failed = 0;
  for (std::size_t i : used) {
    FirstProof altered = proof;
    FirstStep& s = altered.steps[i];
    if (s.kind == Kind::split) {
      s.line = (s.line + 1) % 24;  // another line: its pieces are not the ones refuted
    } else if (!s.more.empty()) {
      s.more.back().col = (s.more.back().col + 1) % 24;
    } else {
      s.column = (s.column + 1) % 24;
    }
    const nq::FirstProofCheck c = check_all(altered);
    failed += !c.valid();
    if (!c.valid()) EXPECT_FALSE(c.first_uncovered.empty());
  }
  EXPECT_EQ(failed, static_cast<int>(used.size()));
}

// A cut along a line off the board, in a proof built in code (the text form cannot say it): no
// queen stands on that line, but no completion has one there either, so it covers nothing, and
// its piece is the hole named.
TEST(first_proof, a_cut_along_a_line_off_the_board_covers_nothing) {
  const FirstProof proof = prove(8, 4, 1);
  const auto used = std::find_if(proof.steps.begin(), proof.steps.end(), [&](const FirstStep& s) {
    return s.kind == Kind::refuted && s.more.empty() &&
           s.column < static_cast<int>((*proof.answer)[static_cast<std::size_t>(s.row)]);
  });
  ASSERT_NE(used, proof.steps.end());
  for (const bool along_row : {true, false}) {
    for (const int line : {-1, 8}) {
      FirstProof forged = proof;
      FirstStep& s = forged.steps[static_cast<std::size_t>(used - proof.steps.begin())];
      s.kind = Kind::split;
      s.line_is_row = along_row;
      s.line = line;
      s.dead = {0, 1, 2, 3, 4, 5, 6, 7};
      const nq::FirstProofCheck c = check_all(forged);
      EXPECT_EQ(c.uncovered, 1u) << along_row << " " << line;
      EXPECT_EQ(c.first_uncovered,
                "row " + std::to_string(s.row + 1) + " column " + std::to_string(s.column + 1));
      EXPECT_FALSE(c.valid());
    }
  }
}

// A proof that claims a later solution is first, by calling refuted the probes that hold the
// true first one: the cover is complete, but searching those pieces again finds a solution.
TEST(first_proof, a_false_refutation_is_found_when_sampled) {
  for (unsigned n : {8u, 10u}) {
    const auto& all = solutions_of(n);
    const std::vector<unsigned>& later = all[1];
    FirstProof forged{.n = static_cast<int>(n), .answer = {}, .steps = {}};
    forged.answer = nq::Placement(std::vector<nq::Column>(later.begin(), later.end()));
    for (unsigned row = 0; row < n; ++row) {
      for (unsigned col = 0; col < later[row]; ++col) {
        forged.steps.push_back({.kind = Kind::refuted,
                                .row = static_cast<int>(row),
                                .column = static_cast<int>(col),
                                .nodes = 1});
      }
    }
    const nq::FirstProofCheck c =
        nq::check_first_proof(forged, {.sample = ~std::uint64_t{0}, .seed = 1, .threads = 2});
    EXPECT_TRUE(c.answer_is_solution);
    EXPECT_EQ(c.uncovered, 0u);
    EXPECT_EQ(c.contradicted, 1u) << n;
    EXPECT_FALSE(c.valid());
    EXPECT_FALSE(c.first_contradicted.empty());
    // With the one false step left out of the sample, the check cannot see it: sampling is a
    // check of a random part, and the summary says how many were searched.
  }
  FirstProof not_a_solution{.n = 8, .answer = nq::Placement{0, 1, 2, 3, 4, 5, 6, 7}, .steps = {}};
  EXPECT_FALSE(check_all(not_a_solution).answer_is_solution);
}

// The third solution claimed first, every probe of it "refuted": two pieces hold solutions, the
// first's (row 2 column 5) and the second's (row 2 column 6). The one named is the first in the
// cover's order, whatever the seed that orders the sample.
TEST(first_proof, of_two_false_refutations_the_first_is_named_whatever_the_seed) {
  const std::vector<unsigned>& third = solutions_of(8)[2];
  FirstProof forged{.n = 8, .answer = {}, .steps = {}};
  forged.answer = nq::Placement(std::vector<nq::Column>(third.begin(), third.end()));
  for (int row = 0; row < 8; ++row) {
    for (int col = 0; col < static_cast<int>(third[static_cast<std::size_t>(row)]); ++col) {
      forged.steps.push_back({.kind = Kind::refuted, .row = row, .column = col});
    }
  }
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const nq::FirstProofCheck c =
        nq::check_first_proof(forged, {.sample = ~std::uint64_t{0}, .seed = seed, .threads = 1});
    EXPECT_EQ(c.contradicted, 2u) << seed;
    EXPECT_EQ(c.first_contradicted, "row 2 column 5") << seed;
  }
}

// A run stopped part way resumes from its steps: the same answer, the rows it settled taken as
// they were, and the steps of both runs together make a proof that checks.
TEST(first_proof, a_stopped_run_resumes_from_its_steps) {
  for (std::size_t stop_after : {3u, 40u, 200u}) {
    std::stop_source stop;
    std::vector<FirstStep> steps;
    const nq::SolveResult first = nq::solve_first({.n = 31,
                                                   .stop = stop.get_token(),
                                                   .threads = 2,
                                                   .on_step =
                                                       [&](const FirstStep& s) {
                                                         steps.push_back(s);
                                                         if (steps.size() == stop_after)
                                                           stop.request_stop();
                                                       },
                                                   .piece_nodes = 16});
    ASSERT_FALSE(first.complete) << stop_after;
    const std::size_t kept = steps.size();
    const nq::SolveResult second =
        nq::solve_first({.n = 31,
                         .threads = 2,
                         .on_step = [&](const FirstStep& s) { steps.push_back(s); },
                         .resume = std::vector<FirstStep>(steps.begin(), steps.end()),
                         .piece_nodes = 16});
    ASSERT_TRUE(second.complete);
    EXPECT_EQ(second.solution, nq::solve_first({.n = 31}).solution);
    std::size_t resumed_rows = 0;
    for (const auto& row : second.rows) resumed_rows += row.resumed;
    EXPECT_EQ(resumed_rows, first.rows.size()) << stop_after;
    const FirstProof proof{.n = 31, .answer = second.solution, .steps = steps};
    EXPECT_TRUE(check_all(proof).valid()) << stop_after;
    // Resuming again from everything redoes nothing.
    std::size_t more = 0;
    const nq::SolveResult third = nq::solve_first(
        {.n = 31, .threads = 2, .on_step = [&](const FirstStep&) { ++more; }, .resume = steps});
    EXPECT_EQ(third.solution, second.solution);
    EXPECT_EQ(more, 0u) << "kept " << kept;
  }
}

namespace {

using nq::detail::PlainRefuter;

// The refuter, in both orders, on `queens` against brute force: refuted exactly when no solution
// keeps them; a completion that keeps them and, rows in order, the lexicographically first one.
void refutes_as_brute_force_does(unsigned n, const std::vector<nq::Cell>& queens) {
  std::optional<std::vector<unsigned>> first;  // the first solution that keeps the queens
  for (const auto& s : solutions_of(n)) {
    bool keeps = true;
    for (const auto& q : queens)
      keeps &= s[static_cast<std::size_t>(q.row)] == static_cast<unsigned>(q.col);
    if (keeps) {
      first = s;
      break;
    }
  }
  for (const auto order : {PlainRefuter::Order::fewest_first, PlainRefuter::Order::lexicographic}) {
    PlainRefuter refuter(static_cast<int>(n), ~std::uint64_t{0}, {}, order);
    const auto outcome = refuter.run(queens);
    RC_ASSERT(outcome ==
              (first ? PlainRefuter::Outcome::completed : PlainRefuter::Outcome::refuted));
    if (!first) continue;
    const std::vector<unsigned> found(refuter.solution().begin(), refuter.solution().end());
    RC_ASSERT(nq::test::naive_is_solution(found));
    for (const auto& q : queens)
      RC_ASSERT(refuter.solution()[static_cast<std::size_t>(q.row)] == q.col);
    if (order == PlainRefuter::Order::lexicographic) RC_ASSERT(found == *first);
  }
}

}  // namespace

// The check's own search against brute force on random boards with a few queens placed.
RC_GTEST_PROP(first_proof, the_plain_refuter_answers_as_brute_force_does, ()) {
  const unsigned n = *rc::gen::inRange(1u, 11u);
  std::vector<nq::Cell> queens;
  const unsigned k = *rc::gen::inRange(0u, n / 2 + 2);
  for (unsigned i = 0; i < k; ++i) {
    const int r = *rc::gen::inRange(0, static_cast<int>(n));
    const int c = *rc::gen::inRange(0, static_cast<int>(n));
    bool clash = false;
    for (const auto& q : queens) {
      clash |= q.row == r || q.col == c || std::abs(q.row - r) == std::abs(q.col - c);
    }
    if (!clash) queens.push_back({r, c});
  }
  refutes_as_brute_force_does(n, queens);
}

// Most of the queens given: most of a solution, with one queen sometimes moved to another column
// (which usually leaves no completion), so that both answers come up near the leaves, where the
// bound and forward checking do most of their work.
RC_GTEST_PROP(first_proof, the_plain_refuter_answers_as_brute_force_does_with_most_queens_given,
              ()) {
  const unsigned n = *rc::gen::inRange(5u, 12u);
  const auto& all = solutions_of(n);
  if (all.empty()) return;
  const auto& solution = all[*rc::gen::inRange<std::size_t>(0, all.size())];
  std::vector<nq::Cell> queens;
  const int keep_percent = *rc::gen::inRange(40, 101);
  for (unsigned r = 0; r < n; ++r) {
    if (*rc::gen::inRange(0, 100) < keep_percent) {
      queens.push_back({static_cast<int>(r), static_cast<int>(solution[r])});
    }
  }
  if (!queens.empty() && *rc::gen::arbitrary<bool>()) {
    nq::Cell& moved = queens[*rc::gen::inRange<std::size_t>(0, queens.size())];
    moved.col = *rc::gen::inRange(0, static_cast<int>(n));
  }
  refutes_as_brute_force_does(n, queens);  // queens that clash are refuted at once
}

// Beyond one 64-bit word (n up to 128): a constructed solution with a few rows taken out is
// completed; with one of those rows' queens put in another open column, the board is refuted
// exactly when no assignment of the open columns to the open rows completes it (all tried here).
TEST(first_proof, the_plain_refuter_works_beyond_64_columns) {
  for (const int n : {65, 70, 100, 127, 128}) {
    const nq::ExplicitSolution constructed(static_cast<std::uint64_t>(n));
    std::mt19937 rng(static_cast<unsigned>(n));
    int refuted = 0, completed = 0;
    for (int trial = 0; trial < 30; ++trial) {
      std::vector<unsigned> solution;
      for (int r = 0; r < n; ++r) solution.push_back(constructed.column(static_cast<unsigned>(r)));
      std::vector<int> open(static_cast<std::size_t>(n));
      std::iota(open.begin(), open.end(), 0);
      std::shuffle(open.begin(), open.end(), rng);
      open.resize(5);  // the rows taken out
      // Moved: the first open row's queen goes to the second's column, and only the other four
      // rows are open.
      const bool moved = trial % 3 != 0;
      std::vector<unsigned> board = solution;
      if (moved)
        std::swap(board[static_cast<std::size_t>(open[0])],
                  board[static_cast<std::size_t>(open[1])]);
      std::vector<nq::Cell> queens;
      for (int r = 0; r < n; ++r) {
        const bool taken_out = std::find(open.begin(), open.end(), r) != open.end();
        if (!taken_out || (moved && r == open[0])) {
          queens.push_back({r, static_cast<int>(board[static_cast<std::size_t>(r)])});
        }
      }
      // Every way to give the open rows the columns they left.
      std::vector<int> rows, cols;
      std::vector<bool> used(static_cast<std::size_t>(n));
      std::vector<unsigned> filled(static_cast<std::size_t>(n), 0);
      std::vector<bool> row_taken(static_cast<std::size_t>(n));
      for (const auto& q : queens) {
        used[static_cast<std::size_t>(q.col)] = row_taken[static_cast<std::size_t>(q.row)] = true;
        filled[static_cast<std::size_t>(q.row)] = static_cast<unsigned>(q.col);
      }
      for (int i = 0; i < n; ++i) {
        if (!row_taken[static_cast<std::size_t>(i)]) rows.push_back(i);
        if (!used[static_cast<std::size_t>(i)]) cols.push_back(i);
      }
      bool completable = false;
      do {
        for (std::size_t i = 0; i < rows.size(); ++i) {
          filled[static_cast<std::size_t>(rows[i])] = static_cast<unsigned>(cols[i]);
        }
        completable |= nq::test::naive_is_solution(filled);
      } while (std::next_permutation(cols.begin(), cols.end()));
      for (const auto order :
           {PlainRefuter::Order::fewest_first, PlainRefuter::Order::lexicographic}) {
        PlainRefuter refuter(n, 1'000'000, {}, order);
        const auto outcome = refuter.run(queens);
        ASSERT_EQ(outcome,
                  completable ? PlainRefuter::Outcome::completed : PlainRefuter::Outcome::refuted)
            << n << " trial " << trial;
        if (completable) {
          const std::vector<unsigned> found(refuter.solution().begin(), refuter.solution().end());
          EXPECT_TRUE(nq::test::naive_is_solution(found)) << n;
        }
      }
      (completable ? completed : refuted) += 1;
    }
    EXPECT_GT(refuted, 0) << n;
    EXPECT_GE(completed, 10) << n;  // every one not moved
  }
  // The empty board, fewest first: 197 nodes when written.
  PlainRefuter empty(70, 100'000, {});
  EXPECT_EQ(empty.run({}), PlainRefuter::Outcome::completed);
  const std::vector<unsigned> found(empty.solution().begin(), empty.solution().end());
  EXPECT_TRUE(nq::test::naive_is_solution(found));
}

// Beyond the plain backtracker's reach in a test: the check's own search in its lexicographic
// order, rows in order and columns left to right (so its first solution is the lexicographically
// first by definition), with forward checking and its own sum bound, against the probing search.
// Below 20 the plain backtracker is the reference (solve_test).
TEST(first_proof, probing_agrees_with_the_plain_search_of_the_check_up_to_38) {
  for (int n = 20; n <= 38; ++n) {  // n = 36: 12 s; 39 and 40 would add 18 s more
    nq::detail::PlainRefuter plain(n, ~std::uint64_t{0}, {},
                                   nq::detail::PlainRefuter::Order::lexicographic);
    ASSERT_EQ(plain.run({}), nq::detail::PlainRefuter::Outcome::completed) << n;
    const std::vector<nq::Column> first(plain.solution().begin(), plain.solution().end());
    EXPECT_EQ(nq::solve_first({.n = n}).solution, nq::Placement(first)) << "n = " << n;
  }
}
