// SPDX-License-Identifier: MIT
// nq::trace against what is known without it: the solutions of a brute force, the counters of
// the untraced methods, the answers of solve_random and solve_first, boards replayed here, and
// the listings of docs/trace.md. (tests/cli/trace_reference.mjs compares every event with
// references written from docs/trace.md alone.)
#include "nqueens/trace.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "brute_force.hpp"
#include "nqueens/classic.hpp"
#include "nqueens/local_search.hpp"
#include "nqueens/solve.hpp"

namespace {

using nq::trace::Event;
using nq::trace::Kind;
using nq::trace::Method;

std::vector<Event> events_of(const nq::trace::Options& options,
                             nq::trace::Summary* summary = nullptr) {
  std::vector<Event> out;
  const nq::trace::Summary s = nq::trace::run(options, [&](const Event& e) { out.push_back(e); });
  if (summary) *summary = s;
  return out;
}

bool attacks(int r1, int c1, int r2, int c2) {
  return c1 == c2 || std::abs(c1 - c2) == std::abs(r1 - r2);
}

// Whether the queens of `board` (-1: an empty row; the queens may sit in any rows) extend to a
// solution: plain backtracking over the empty rows, written here.
bool completable(std::vector<int> board, std::size_t row = 0) {
  const std::size_t n = board.size();
  if (row == n) return true;
  const auto fits = [&](std::size_t r, int c) {
    for (std::size_t q = 0; q < n; ++q) {
      if (q == r || board[q] < 0) continue;
      if (attacks(static_cast<int>(q), board[q], static_cast<int>(r), c)) return false;
    }
    return true;
  };
  if (board[row] >= 0) return fits(row, board[row]) && completable(board, row + 1);
  for (int c = 0; c < static_cast<int>(n); ++c) {
    if (!fits(row, c)) continue;
    board[row] = c;
    if (completable(board, row + 1)) return true;
    board[row] = -1;
  }
  return false;
}

std::vector<int> as_ints(const std::vector<unsigned>& v) { return {v.begin(), v.end()}; }

std::vector<std::vector<int>> solutions_in(const std::vector<Event>& events) {
  std::vector<std::vector<int>> out;
  for (const Event& e : events) {
    if (e.kind == Kind::solution) out.push_back(e.board);
  }
  return out;
}

// The largest n at which a whole trace of the method stays quick.
int largest_n(Method m) {
  switch (m) {
    case Method::blind: return 5;
    case Method::permutations: return 6;
    case Method::amb: return 6;
    default: return 7;
  }
}

}  // namespace

TEST(trace, header_example_holds) {
  nq::trace::Summary s;
  const auto events = events_of({.n = 4}, &s);
  EXPECT_EQ(s.steps, 78u);
  EXPECT_EQ(s.count(Kind::place), 16u);
  EXPECT_EQ(s.count(Kind::reject), 44u);
  EXPECT_EQ(s.count(Kind::remove), 16u);
  EXPECT_EQ(s.solutions, 2u);
  EXPECT_EQ(s.work.placements, 60u);
  EXPECT_EQ(s.work.checks, 84u);
  EXPECT_EQ(s.work.nodes, 60u);
  EXPECT_EQ(events.back().work.placements, 60u);
  EXPECT_EQ(events.front().kind, Kind::place);  // row 1, column 1
  EXPECT_EQ(events.front().row, 0);
  EXPECT_EQ(events.front().col, 0);
  EXPECT_EQ(std::string(nq::trace::listing(Method::recursive, 4).lines[8]).find("cols[row] = c;"),
            6u);
}

// The sentences: the header's example word for word, and every kind's wordings name only
// values its events carry (the fields it lists, or what every event has), so that no sentence
// reads a field its kind leaves at -1.
TEST(trace, sentences_name_only_what_their_kind_carries) {
  const auto events = events_of({.n = 4});
  EXPECT_EQ(nq::trace::sentence(events[1], 4),
            "Step 2, line 17: row 2, column 1 is attacked by the queen on row 1, column 1 (same "
            "column).");
  // What each name of a wording reads; "" is what every event has.
  const std::map<std::string, std::vector<std::string>> reads = {
      {"step", {""}},
      {"line", {""}},
      {"n", {""}},
      {"board", {""}},
      {"placed", {""}},
      {"queens", {""}},
      {"row", {"row"}},
      {"col", {"col"}},
      {"by_row", {"by_row"}},
      {"by_col", {"by_col"}},
      {"number", {"number"}},
      {"along", {"along"}},
      {"shared", {"along"}},
      {"walk", {"along"}},
      {"square", {"row", "col"}},
      {"by_square", {"by_row", "by_col"}},
      {"by", {"by_row", "by_col", "along"}}};
  for (int k = 0; k < nq::trace::kKinds; ++k) {
    const nq::trace::KindInfo& info = nq::trace::kind_info(static_cast<Kind>(k));
    EXPECT_EQ(nq::trace::kind_from_string(info.name), static_cast<Kind>(k));
    ASSERT_FALSE(info.wordings.empty()) << info.name;
    EXPECT_EQ(info.wordings.back().when, "") << info.name << ": its last wording always holds";
    const auto carried = [&](const std::string& name) {
      if (name.rfind("var.", 0) == 0 || !reads.count(name)) {
        return std::find(info.fields.begin(), info.fields.end(), name) != info.fields.end();
      }
      for (const std::string& field : reads.at(name)) {
        if (!field.empty() &&
            std::find(info.fields.begin(), info.fields.end(), field) == info.fields.end()) {
          return false;
        }
      }
      return true;
    };
    for (const nq::trace::Wording& w : info.wordings) {
      std::vector<std::string> names;
      const std::string text(w.text);
      for (std::size_t at = text.find('{'); at != std::string::npos; at = text.find('{', at + 1)) {
        const std::string inside = text.substr(at + 1, text.find('}', at) - at - 1);
        names.push_back(inside.substr(0, inside.find('|')));
      }
      std::istringstream when{std::string(w.when)};
      for (std::string token; when >> token;) {
        if (std::isalpha(static_cast<unsigned char>(token[0]))) names.push_back(token);
      }
      for (const std::string& name : names) {
        EXPECT_TRUE(carried(name)) << info.name << " names " << name << " in \"" << w.text << '"';
      }
    }
  }
}

// Every traceable method's solutions are the brute force's, in order; its counters at the end are
// those of the untraced method; every event comes from the line its kind names, is numbered in
// turn, and carries a board of n rows and counters that never go down.
TEST(trace, every_classic_method_tells_its_own_run) {
  for (Method m : nq::trace::kAllMethods) {
    const auto classic = nq::trace::classic_method(m);
    if (!classic) continue;
    for (int n = 1; n <= largest_n(m); ++n) {
      SCOPED_TRACE(std::string(to_string(m)) + " n = " + std::to_string(n));
      nq::trace::Summary s;
      const auto events = events_of({.n = n, .method = m}, &s);
      const nq::classic::Result r = nq::classic::run(*classic, {.n = n});
      std::vector<std::vector<int>> expected;
      for (const auto& p : nq::test::brute_force_solutions(static_cast<unsigned>(n))) {
        expected.push_back(as_ints(p));
      }
      EXPECT_EQ(solutions_in(events), expected);
      EXPECT_EQ(s.solutions, r.count);
      EXPECT_EQ(s.work.placements, r.counters.placements);
      EXPECT_EQ(s.work.checks, r.counters.checks);
      EXPECT_EQ(s.work.nodes, r.counters.nodes);
      ASSERT_FALSE(events.empty());
      EXPECT_EQ(events.back().work.placements, r.counters.placements);
      EXPECT_EQ(events.back().work.checks, r.counters.checks);
      EXPECT_TRUE(s.complete);
      EXPECT_FALSE(s.cut);
      EXPECT_EQ(s.steps, events.size());
      std::uint64_t step = 0, solution = 0;
      nq::classic::Counters last;
      for (const Event& e : events) {
        ASSERT_EQ(e.step, ++step);
        ASSERT_NE(e.code_line, 0) << to_string(e.kind);
        ASSERT_EQ(e.code_line, nq::trace::line_of(m, e.kind, e.row, n));
        ASSERT_EQ(e.board.size(), static_cast<std::size_t>(n));
        ASSERT_GE(e.work.placements, last.placements);
        ASSERT_GE(e.work.checks, last.checks);
        ASSERT_GE(e.work.nodes, last.nodes);
        last = e.work;
        if (e.kind == Kind::solution) EXPECT_EQ(e.number, ++solution);
      }
    }
  }
}

// The row-by-row methods replayed on a board of our own: every place is legal and in the next
// empty row, every reject names the topmost queen that attacks the square, every remove takes
// back the deepest queen, and each event's board is the replayed one.
TEST(trace, the_row_methods_replay_on_a_board_of_our_own) {
  for (Method m : {Method::recursive, Method::iterative, Method::nested, Method::bitmask,
                   Method::board_scan}) {
    for (int n = 1; n <= 7; ++n) {
      SCOPED_TRACE(std::string(to_string(m)) + " n = " + std::to_string(n));
      std::vector<int> board;
      std::uint64_t tried = 0;
      for (const Event& e : events_of({.n = n, .method = m})) {
        switch (e.kind) {
          case Kind::place:
            ASSERT_EQ(e.row, static_cast<int>(board.size())) << "not the next row";
            for (int r = 0; r < e.row; ++r) ASSERT_FALSE(attacks(r, board[r], e.row, e.col));
            board.push_back(e.col);
            ++tried;
            break;
          case Kind::reject:
            ASSERT_EQ(e.row, static_cast<int>(board.size()));
            ASSERT_EQ(board[e.by_row], e.by_col);
            ASSERT_TRUE(attacks(e.by_row, e.by_col, e.row, e.col));
            if (m != Method::board_scan) {  // the scan meets the nearest queen on its way
              for (int r = 0; r < e.by_row; ++r) ASSERT_FALSE(attacks(r, board[r], e.row, e.col));
            }
            ++tried;
            break;
          case Kind::remove:
            ASSERT_EQ(e.row + 1, static_cast<int>(board.size())) << "not the deepest queen";
            ASSERT_EQ(board.back(), e.col);
            board.pop_back();
            break;
          case Kind::solution: ASSERT_EQ(static_cast<int>(board.size()), n); break;
          default: break;
        }
        std::vector<int> shown = board;
        shown.resize(static_cast<std::size_t>(n), -1);
        ASSERT_EQ(e.board, shown) << "step " << e.step;
      }
      EXPECT_TRUE(board.empty()) << "the search ended with queens on the board";
      if (m != Method::bitmask && m != Method::board_scan) {
        EXPECT_EQ(tried,
                  nq::classic::run(*nq::trace::classic_method(m), {.n = n}).counters.placements);
      }
    }
  }
}

// Recursive, iterative and nested backtracking try the same squares in the same order: one story,
// told from different lines.
TEST(trace, the_three_textbook_backtrackers_tell_the_same_story) {
  const auto reference = events_of({.n = 6, .method = Method::recursive});
  for (auto m : {Method::iterative, Method::nested}) {
    const auto other = events_of({.n = 6, .method = m});
    ASSERT_EQ(other.size(), reference.size()) << to_string(m);
    for (std::size_t i = 0; i < other.size(); ++i) {
      EXPECT_EQ(other[i].kind, reference[i].kind) << i;
      EXPECT_EQ(other[i].row, reference[i].row) << i;
      EXPECT_EQ(other[i].col, reference[i].col) << i;
      EXPECT_EQ(other[i].board, reference[i].board) << i;
      EXPECT_EQ(other[i].work.checks, reference[i].work.checks) << i;
    }
  }
}

// Blind and permutations: each candidate is the next board in lexicographic order, and a
// conflict names the first pair (b ascending, then a) that attacks.
TEST(trace, blind_and_permutations_test_every_candidate_in_order) {
  for (Method m : {Method::blind, Method::permutations}) {
    const int n = 5;
    std::vector<std::vector<int>> candidates;
    const auto events = events_of({.n = n, .method = m});
    for (std::size_t i = 0; i < events.size(); ++i) {
      const Event& e = events[i];
      if (e.kind == Kind::candidate) candidates.push_back(e.board);
      if (e.kind != Kind::conflict) continue;
      ASSERT_EQ(events[i - 1].kind, Kind::candidate);
      const std::vector<int>& b = e.board;
      ASSERT_TRUE(attacks(e.by_row, b[e.by_row], e.row, b[e.row]));
      for (int bb = 1; bb <= e.row; ++bb) {
        for (int a = 0; a < (bb == e.row ? e.by_row : bb); ++a) {
          ASSERT_FALSE(attacks(a, b[a], bb, b[bb])) << "an earlier pair attacks";
        }
      }
    }
    ASSERT_FALSE(candidates.empty());
    EXPECT_TRUE(std::is_sorted(candidates.begin(), candidates.end()));
    EXPECT_EQ(candidates.size(), m == Method::blind ? 3125u : 120u);
    for (const auto& c : candidates) ASSERT_EQ(c.size(), static_cast<std::size_t>(n));
  }
}

// Amb: every run starts empty and replays the trail; fails name a real attacker; the backtrack
// advances the latest choice point.
TEST(trace, amb_replays_its_trail_on_every_run) {
  std::vector<int> trail;
  std::size_t pos = 0;
  for (const Event& e : events_of({.n = 6, .method = Method::amb})) {
    switch (e.kind) {
      case Kind::run:
        pos = 0;
        EXPECT_EQ(e.board, std::vector<int>(6, -1));
        break;
      case Kind::replay:
        ASSERT_LT(pos, trail.size());
        EXPECT_EQ(e.col, trail[pos]);
        EXPECT_EQ(e.row, static_cast<int>(pos++));
        break;
      case Kind::choose:
        ASSERT_EQ(pos, trail.size());
        EXPECT_EQ(e.col, 0);
        trail.push_back(0);
        ++pos;
        break;
      case Kind::fail:
        EXPECT_TRUE(attacks(e.by_row, e.by_col, e.row, e.col));
        EXPECT_EQ(e.board[e.by_row], e.by_col);
        break;
      case Kind::backtrack:
        while (!trail.empty() && trail.back() == 5) trail.pop_back();
        ASSERT_FALSE(trail.empty());
        ++trail.back();
        EXPECT_EQ(e.row, static_cast<int>(trail.size()) - 1);
        EXPECT_EQ(e.col, trail.back());
        break;
      default: break;
    }
  }
}

// Functional: level k holds exactly the safe boards of k queens, counted here by extending our
// own level by level; every drop names a real attacker.
TEST(trace, functional_levels_hold_every_safe_partial_board) {
  const int n = 6;
  std::vector<std::vector<int>> level = {{}};
  std::vector<std::uint64_t> expected;
  for (int k = 1; k <= n; ++k) {
    std::vector<std::vector<int>> next;
    for (const auto& b : level) {
      for (int c = 0; c < n; ++c) {
        bool safe = true;
        for (int r = 0; r < k - 1; ++r) safe = safe && !attacks(r, b[r], k - 1, c);
        if (!safe) continue;
        next.push_back(b);
        next.back().push_back(c);
      }
    }
    expected.push_back(next.size());
    level = next;
  }
  std::vector<std::uint64_t> levels;
  for (const Event& e : events_of({.n = n, .method = Method::functional})) {
    if (e.kind == Kind::level) levels.push_back(e.number);
    if (e.kind == Kind::drop) EXPECT_TRUE(attacks(e.by_row, e.by_col, e.row, e.col));
  }
  EXPECT_EQ(levels, expected);
}

// Random: the trace is solve_random's own search, so it ends on the same answer; every swap
// tried is told once, after its decision: kept (the board shows it made, with no more attacking
// pairs than before) or undone (the board as before, and the swap would have made more); a row
// is never swapped with itself; the attacking pairs shown are right.
TEST(trace, random_ends_on_solve_randoms_answer_and_tells_each_swap_as_decided) {
  const auto pairs = [](const std::vector<int>& b) {
    std::int64_t k = 0;
    for (std::size_t i = 0; i < b.size(); ++i) {
      for (std::size_t j = i + 1; j < b.size(); ++j) {
        k += std::abs(b[i] - b[j]) == static_cast<int>(j - i);
      }
    }
    return k;
  };
  for (int n : {1, 4, 5, 8, 12, 20, 32}) {
    for (std::uint64_t seed : {1u, 2u, 7u}) {
      SCOPED_TRACE("n = " + std::to_string(n) + " seed " + std::to_string(seed));
      nq::trace::Summary s;
      const auto events = events_of({.n = n, .method = Method::random, .seed = seed}, &s);
      const nq::LocalSearchResult r =
          nq::solve_random({.n = static_cast<std::uint64_t>(n), .seed = seed});
      ASSERT_TRUE(s.complete);
      ASSERT_EQ(events.back().kind, Kind::solution);
      const auto answer = r.solution->columns();
      EXPECT_EQ(events.back().board, std::vector<int>(answer.begin(), answer.end()));
      EXPECT_EQ(s.count(Kind::start), r.restarts + 1);
      EXPECT_EQ(s.work.placements, r.attempts);
      std::vector<int> before;
      for (const Event& e : events) {
        if (e.kind == Kind::move || e.kind == Kind::undo) {
          SCOPED_TRACE("step " + std::to_string(e.step));
          EXPECT_NE(e.row, e.by_row);
          std::vector<int> swapped = before;
          std::swap(swapped[e.row], swapped[e.by_row]);
          ASSERT_EQ(e.vars.size(), 6u);
          EXPECT_EQ(e.vars[3].name, "was");
          EXPECT_EQ(e.vars[4].name, "tried");
          EXPECT_EQ(e.vars[5].name, "pairs(cols)");
          EXPECT_EQ(e.vars[3].number, pairs(before));
          EXPECT_EQ(e.vars[4].number, pairs(swapped));
          EXPECT_EQ(e.vars[5].number, pairs(e.board));
          // On a board that can be traced (n <= 32) a swap that keeps the attacking pairs as
          // they were is kept too.
          const bool kept = e.vars[4].number <= e.vars[3].number;
          EXPECT_EQ(e.kind == Kind::move, kept);
          EXPECT_EQ(e.board, e.kind == Kind::move ? swapped : before);
        }
        if (e.kind == Kind::move || e.kind == Kind::pick) before = e.board;
      }
    }
  }
}

// Random on the boards a learner steps through: a solution within hundreds of steps, not the
// hundreds of thousands a search that waits on a small board's local minimum takes
// (docs/journal/random.md, "Small boards: swaps of a row with itself, plateaus and the restart").
TEST(trace, random_solves_boards_of_6_to_20_in_hundreds_of_steps) {
  for (int n : {6, 8, 12, 20}) {
    std::vector<std::uint64_t> steps;
    for (std::uint64_t seed = 1; seed <= 100; ++seed) {
      nq::trace::Summary s;
      events_of({.n = n, .method = Method::random, .seed = seed}, &s);
      ASSERT_TRUE(s.complete);
      steps.push_back(s.steps);
    }
    std::sort(steps.begin(), steps.end());
    SCOPED_TRACE("n = " + std::to_string(n));
    EXPECT_LE(steps[49], 1000u);    // the median
    EXPECT_LE(steps[99], 10'000u);  // the worst
  }
}

// First: the rows settled are solve_first's answer, each refuted piece truly has no completion,
// each completion is a solution that keeps the rows settled and the probe, each reject is
// attacked; n = 2 and 3 end without a solution.
TEST(trace, first_settles_the_lexicographically_first_solution_with_true_refutations) {
  std::uint64_t splits = 0;
  for (int n = 1; n <= 13; ++n) {
    SCOPED_TRACE("n = " + std::to_string(n));
    nq::trace::Summary s;
    const auto events = events_of({.n = n, .method = Method::first}, &s);
    EXPECT_TRUE(s.complete);
    std::vector<int> settled;
    for (const Event& e : events) {
      ASSERT_EQ(e.code_line, nq::trace::line_of(Method::first, e.kind, e.row, n));
      switch (e.kind) {
        case Kind::settled:
          EXPECT_EQ(e.row, static_cast<int>(settled.size()));
          settled.push_back(e.col);
          break;
        case Kind::reject:
          EXPECT_EQ(settled[e.by_row], e.by_col);
          EXPECT_TRUE(attacks(e.by_row, e.by_col, e.row, e.col));
          break;
        case Kind::refuted: EXPECT_FALSE(completable(e.board)) << "step " << e.step; break;
        case Kind::split:
          ++splits;
          EXPECT_EQ(e.board[e.row], e.col);
          EXPECT_TRUE(e.along == nq::trace::Along::row || e.along == nq::trace::Along::column);
          break;
        case Kind::completed:
          EXPECT_TRUE(nq::test::naive_is_solution({e.board.begin(), e.board.end()}));
          for (std::size_t r = 0; r < settled.size(); ++r) EXPECT_EQ(e.board[r], settled[r]);
          EXPECT_EQ(e.board[e.row], e.col);
          break;
        default: break;
      }
    }
    std::vector<int> first(static_cast<std::size_t>(n), -1);
    if (completable(first)) {
      // The lexicographically first solution, by our backtracking row after row.
      for (std::size_t r = 0; r < first.size(); ++r) {
        for (first[r] = 0; !completable(first); ++first[r]) {
        }
      }
      EXPECT_EQ(settled, first);
      EXPECT_EQ(events.back().kind, Kind::solution);
    } else {
      EXPECT_EQ(s.solutions, 0u);
    }
  }
  EXPECT_GT(splits, 0u) << "no probe was cut into pieces";
}

// A window of a trace (skip) and a trace of some kinds only tell the same events, numbered and
// counted as in the whole trace; the cut is where max_steps says.
TEST(trace, windows_kinds_and_cuts_tell_the_same_events) {
  for (Method m : {Method::recursive, Method::permutations, Method::amb, Method::random}) {
    SCOPED_TRACE(std::string(to_string(m)));
    const auto whole = events_of({.n = 6, .method = m});
    const auto window = events_of({.n = 6, .method = m, .max_steps = 120, .skip = 100});
    ASSERT_EQ(window.size(),
              std::min<std::size_t>(20, whole.size() - std::min<std::size_t>(100, whole.size())));
    for (const Event& e : window) {
      EXPECT_EQ(e.kind, whole[e.step - 1].kind);
      EXPECT_EQ(e.board, whole[e.step - 1].board);
      EXPECT_EQ(e.work.checks, whole[e.step - 1].work.checks);
    }
    const auto solutions =
        events_of({.n = 6, .method = m, .kinds = nq::trace::kind_bit(Kind::solution)});
    std::vector<std::uint64_t> steps, expected;
    for (const Event& e : solutions) steps.push_back(e.step);
    for (const Event& e : whole) {
      if (e.kind == Kind::solution) expected.push_back(e.step);
    }
    EXPECT_EQ(steps, expected);
  }
  nq::trace::Summary s;
  auto events = events_of({.n = 8, .first = true}, &s);
  EXPECT_EQ(s.solutions, 1u);
  EXPECT_EQ(events.back().board, (std::vector<int>{0, 4, 7, 5, 2, 6, 1, 3}));
  EXPECT_TRUE(s.complete);
  events = events_of({.n = 8, .max_steps = 100}, &s);
  EXPECT_EQ(events.size(), 100u);
  EXPECT_TRUE(s.cut);
  EXPECT_FALSE(s.complete);
  EXPECT_EQ(s.work.placements, events.back().work.placements);
  // A cut stops a method that would run for hours.
  events = events_of({.n = 12, .method = Method::blind, .max_steps = 1000}, &s);
  EXPECT_EQ(events.size(), 1000u);
}

// Each kind's line holds the code the kind stands for, in every listing (fragments written here,
// from docs/trace.md's tables).
TEST(trace, each_kind_comes_from_the_line_that_does_it) {
  const std::map<std::pair<Method, Kind>, std::string> fragments = {
      {{Method::recursive, Kind::place}, "cols[row] = c"},
      {{Method::recursive, Kind::reject}, "return false"},
      {{Method::recursive, Kind::remove}, "cols.length = row"},
      {{Method::recursive, Kind::solution}, "report(cols)"},
      {{Method::iterative, Kind::place}, "safe(row, cols[row])"},
      {{Method::iterative, Kind::remove}, "cols[row]++"},
      {{Method::nested, Kind::place}, "if (!safe(0, cols[0])) continue;"},
      {{Method::nested, Kind::remove}, "for (cols[0] = 0; cols[0] < n; cols[0]++) {"},
      {{Method::nested, Kind::reject}, "return false"},
      {{Method::nested, Kind::solution}, "report(cols)"},
      {{Method::bitmask, Kind::free}, "let free = all & ~(taken | diag | anti)"},
      {{Method::bitmask, Kind::place}, "cols[row] = Math.log2(bit)"},
      {{Method::blind, Kind::candidate}, "allSafe(cols)"},
      {{Method::blind, Kind::conflict}, "return false"},
      {{Method::board_scan, Kind::scan}, "this way is clear"},
      {{Method::board_scan, Kind::reject}, "if (board[r][k]) return false"},
      {{Method::board_scan, Kind::place}, "board[row][c] = true"},
      {{Method::board_scan, Kind::remove}, "cols.length = row"},
      {{Method::permutations, Kind::swap}, "[p[i], p[j]] = [p[j], p[i]]"},
      {{Method::permutations, Kind::reverse}, "reverse()"},
      {{Method::permutations, Kind::conflict}, "Math.abs(p[a] - p[b]) === b - a"},
      {{Method::amb, Kind::run}, "pos = 0"},
      {{Method::amb, Kind::replay}, "options[trail[pos++]]"},
      {{Method::amb, Kind::choose}, "trail.push(0)"},
      {{Method::amb, Kind::fail}, "amb.require"},
      {{Method::amb, Kind::backtrack}, "trail[trail.length - 1]++"},
      {{Method::amb, Kind::solution}, "report(cols)"},
      {{Method::functional, Kind::extend}, ".map("},
      {{Method::functional, Kind::keep}, ".filter(safe)"},
      {{Method::functional, Kind::drop}, ".filter(safe)"},
      {{Method::functional, Kind::level}, "flatMap"},
      {{Method::functional, Kind::solution}, "return boards"},
      {{Method::random, Kind::start}, "for (;;)"},
      {{Method::random, Kind::pick}, "[cols[i], cols[j]] = [cols[j], cols[i]];"},
      {{Method::random, Kind::move}, "swap two queens"},
      {{Method::random, Kind::undo}, "worse: undo"},
      {{Method::random, Kind::solution}, "return cols"},
      {{Method::first, Kind::reject}, "attacked(rows, row, c)"},
      {{Method::first, Kind::probe}, "complete([...rows, c])"},
      {{Method::first, Kind::completed}, "known = found"},
      {{Method::first, Kind::settled}, "rows.push(col)"},
      {{Method::first, Kind::solution}, "return rows"},
  };
  for (const auto& [key, fragment] : fragments) {
    const auto& [m, kind] = key;
    const int line = nq::trace::line_of(m, kind, 0, 8);
    ASSERT_GT(line, 0) << to_string(m) << " " << to_string(kind);
    const std::string text(nq::trace::listing(m, 8).lines[static_cast<std::size_t>(line - 1)]);
    EXPECT_NE(text.find(fragment), std::string::npos)
        << to_string(m) << " " << to_string(kind) << ": line " << line << " is " << text;
  }
  for (Method m : nq::trace::kAllMethods) {
    for (int n : {1, 4, 8, 9, 32}) {
      const nq::trace::Listing& l = nq::trace::listing(m, n);
      EXPECT_EQ(l.method, m);
      EXPECT_GE(l.lines.size(), 10u) << to_string(m);
      EXPECT_LE(l.lines.size(), m == Method::nested ? 35u : 30u) << to_string(m) << " n = " << n;
      for (const auto& k : l.kinds) {
        EXPECT_LE(k.line, static_cast<int>(l.lines.size()));
        EXPECT_EQ(k.line, nq::trace::line_of(m, k.kind, 0, n));
      }
    }
  }
  EXPECT_THROW(nq::trace::listing(Method::recursive, 0), std::invalid_argument);
  EXPECT_THROW(nq::trace::listing(Method::nested, 33), std::invalid_argument);
  EXPECT_EQ(nq::trace::line_of(Method::nested, Kind::place, 4, 4), 0);  // no row 5 at n = 4
  EXPECT_EQ(nq::trace::line_of(Method::nested, Kind::free, 0, 4), 0);
}

// nested's listing is the tutorials' nested loops, written out for n: one `for` a row up to
// n = 8, and every event comes from the line that does it: a place from its row's check, a remove
// from its row's `for`, a reject from safe()'s `return false`, a solution from report(). Beyond
// n = 8 the loops of rows 4 to n - 2 are one line, which their events name. The same search as
// iterative's, told from other lines.
TEST(trace, nested_tells_each_row_from_its_own_loop) {
  const auto count = [](const nq::trace::Listing& l, const std::string& fragment) {
    int found = 0;
    for (std::string_view line : l.lines) found += line.find(fragment) != std::string_view::npos;
    return found;
  };
  for (int n = 1; n <= 8; ++n) {
    EXPECT_EQ(count(nq::trace::listing(Method::nested, n), "for (cols["), n) << "n = " << n;
  }
  EXPECT_EQ(count(nq::trace::listing(Method::nested, 4), "for (cols["), 4);
  EXPECT_EQ(count(nq::trace::listing(Method::nested, 8), "for (cols["), 8);
  EXPECT_EQ(count(nq::trace::listing(Method::nested, 9), "for (cols["), 5);
  EXPECT_EQ(count(nq::trace::listing(Method::nested, 32), "for (cols["), 5);
  EXPECT_EQ(count(nq::trace::listing(Method::nested, 12), "rows 4 to 10: "), 1);

  for (int n : {1, 4, 5, 6, 8, 9, 10, 12}) {
    SCOPED_TRACE("n = " + std::to_string(n));
    const nq::trace::Listing& l = nq::trace::listing(Method::nested, n);
    const bool all_written = n <= 8;
    const auto events = events_of({.n = n, .method = Method::nested, .max_steps = 50'000});
    const auto iterative = events_of({.n = n, .method = Method::iterative, .max_steps = 50'000});
    ASSERT_EQ(events.size(), iterative.size());
    bool other_lines = false;
    std::size_t told_by_the_left_out_line = 0;
    for (std::size_t i = 0; i < events.size(); ++i) {
      const Event& e = events[i];
      ASSERT_EQ(e.kind, iterative[i].kind);
      ASSERT_EQ(e.row, iterative[i].row);
      ASSERT_EQ(e.col, iterative[i].col);
      ASSERT_EQ(e.board, iterative[i].board);
      other_lines = other_lines || e.code_line != iterative[i].code_line;
      ASSERT_GE(e.code_line, 1);
      ASSERT_LE(e.code_line, static_cast<int>(l.lines.size()));
      const std::string text(l.lines[static_cast<std::size_t>(e.code_line - 1)]);
      const std::string row = std::to_string(e.row);
      const bool left_out = !all_written && e.row >= 3 && e.row < n - 2;
      told_by_the_left_out_line += left_out && (e.kind == Kind::place || e.kind == Kind::remove);
      std::string fragment;
      switch (e.kind) {
        case Kind::place:
          fragment =
              left_out ? "the same loop" : "if (!safe(" + row + ", cols[" + row + "])) continue;";
          break;
        case Kind::remove:
          fragment = left_out ? "the same loop"
                              : "for (cols[" + row + "] = 0; cols[" + row + "] < n; cols[" + row +
                                    "]++) {";
          break;
        case Kind::reject: fragment = "=== row - r) return false;"; break;
        case Kind::solution: fragment = "report(cols);"; break;
        default: FAIL() << "nested told a " << to_string(e.kind);
      }
      ASSERT_NE(text.find(fragment), std::string::npos)
          << "step " << e.step << " " << to_string(e.kind) << " row " << e.row << ": line "
          << e.code_line << " is " << text;
      ASSERT_EQ(e.vars.back().name, "cols");
      for (const auto& v : e.vars) ASSERT_NE(v.name, "k");
    }
    if (n >= 2) EXPECT_TRUE(other_lines) << "nested's lines are iterative's";
    EXPECT_EQ(told_by_the_left_out_line > 0, !all_written);
  }
}

// docs/trace.md shows each listing; it must be the library's, line for line.
TEST(trace, the_listings_are_those_of_docs_trace_md) {
  std::ifstream doc(std::string(NQ_SOURCE_DIR) + "/docs/trace.md");
  ASSERT_TRUE(doc) << "docs/trace.md not found";
  std::map<std::string, std::vector<std::vector<std::string>>> listed;  // a method's js blocks
  std::string line, method;
  bool in_code = false;
  while (std::getline(doc, line)) {
    if (line.rfind("### ", 0) == 0) method = line.substr(4);
    if (line == "```js") {
      in_code = true;
      listed[method].emplace_back();
    } else if (line == "```") {
      in_code = false;
    } else if (in_code) {
      listed[method].back().push_back(line);
    }
  }
  const auto lines_of = [](Method m, int n) {
    const auto& lines = nq::trace::listing(m, n).lines;
    return std::vector<std::string>(lines.begin(), lines.end());
  };
  for (Method m : nq::trace::kAllMethods) {
    const auto& blocks = listed[std::string(to_string(m))];
    if (m == Method::nested) {  // written out for n = 4, then the shape beyond 8 rows (n = 10)
      ASSERT_EQ(blocks.size(), 2u);
      EXPECT_EQ(blocks[0], lines_of(m, 4));
      EXPECT_EQ(blocks[1], lines_of(m, 10));
    } else {
      ASSERT_EQ(blocks.size(), 1u) << to_string(m);
      EXPECT_EQ(blocks[0], lines_of(m, 8)) << to_string(m);
    }
  }
}

// The sizes the command line and the page warn about: exact for blind and permutations, within
// a factor of 1.5 of whole traces counted here for the others.
TEST(trace, estimated_events_are_near_the_whole_traces) {
  for (Method m : nq::trace::kAllMethods) {
    for (int n = 4; n <= 9; ++n) {
      if (m == Method::blind && n > 6) continue;
      const nq::trace::Summary s =
          nq::trace::run({.n = n, .method = m, .kinds = 0}, [](const Event&) {});
      const double estimate = nq::trace::estimated_events(m, n);
      if (m == Method::random || m == Method::first) {
        EXPECT_EQ(estimate, 0);
      } else if (m == Method::blind || m == Method::permutations) {
        EXPECT_EQ(estimate, static_cast<double>(s.steps)) << to_string(m) << " n = " << n;
      } else {
        EXPECT_GT(estimate, s.steps / 1.5) << to_string(m) << " n = " << n;
        EXPECT_LT(estimate, s.steps * 1.5) << to_string(m) << " n = " << n;
      }
    }
  }
  EXPECT_EQ(nq::trace::estimated_events(Method::blind, 8), 33554432.0);
  EXPECT_GT(nq::trace::estimated_events(Method::recursive, 16), 1e9);
}

TEST(trace, names_and_bad_requests) {
  for (Method m : nq::trace::kAllMethods) {
    EXPECT_EQ(nq::trace::method_from_string(to_string(m)), m);
  }
  for (int k = 0; k < nq::trace::kKinds; ++k) {
    EXPECT_EQ(nq::trace::kind_from_string(to_string(static_cast<Kind>(k))), static_cast<Kind>(k));
  }
  try {
    nq::trace::method_named("bogus");
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()),
              "trace: unknown method 'bogus' (blind, nested, iterative, recursive, board-scan, "
              "permutations, amb, functional, bitmask, random, first)");
  }
  EXPECT_THROW(nq::trace::run({.n = 0}, [](const Event&) {}), std::invalid_argument);
  EXPECT_THROW(nq::trace::run({.n = 33}, [](const Event&) {}), std::invalid_argument);
  EXPECT_THROW(nq::trace::run({.n = 3, .method = Method::random}, [](const Event&) {}),
               std::invalid_argument);
  EXPECT_EQ(to_string(
                nq::trace::Variable{
                    .name = "free", .shape = nq::trace::Variable::Shape::bits, .number = 0b0110},
                5),
            "0b00110");
  EXPECT_EQ(to_string(
                nq::trace::Variable{
                    .name = "cols", .shape = nq::trace::Variable::Shape::array, .array = {0, 2}},
                4),
            "[0, 2]");
}
