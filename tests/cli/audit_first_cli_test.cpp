// SPDX-License-Identifier: MIT
// `nqueens audit-first --full` on proofs forged from honest ones. Each way a dishonest or broken
// writer could change a proof is refused, never "ok": exit 1 with the first gap named (the piece,
// 1-based, as the audit describes it), or exit 2 naming the line for a file that is no longer a
// proof. The honest proofs are solve's for n = 8 and 12 and one for n = 18 searched in pieces of
// a few nodes, whose steps cut pieces along lines and list dead squares.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "nqueens/first_proof.hpp"
#include "nqueens/solve.hpp"
#include "run.hpp"

namespace {

using nq::FirstStep;
using nq::test::lines_of;
using nq::test::Run;
using nq::test::run_nqueens;
using nq::test::slurp;
using nq::test::temp_file;
using Kind = FirstStep::Kind;

// A proof as its lines: the header, the n line, the steps, the answer line last.
struct Proof {
  std::string name;
  int n = 0;
  std::vector<std::string> lines;
  bool cut = false;  // its steps cut pieces along lines

  std::string text() const {
    std::string t;
    for (const std::string& line : lines) t += line + "\n";
    return t;
  }
  std::size_t answer_line() const { return lines.size() - 1; }
  std::vector<int> answer() const { return columns(lines[answer_line()].substr(2)); }
  std::vector<std::size_t> step_lines() const {  // the indices of the lines between n and A
    std::vector<std::size_t> out;
    for (std::size_t i = 2; i < answer_line(); ++i) out.push_back(i);
    return out;
  }
  FirstStep step(std::size_t i) const { return nq::parse_first_step(lines[i], n); }
  // The first step of `kind` that the cover uses (one for a column left of the answer's, all of
  // whose pieces were refuted) and that `also` accepts.
  template <class Also>
  std::size_t first_used(Kind kind, Also also) const {
    const std::vector<int> a = answer();
    for (std::size_t i : step_lines()) {
      if (lines[i][0] != (kind == Kind::refuted ? 'X' : 'S')) continue;
      const FirstStep s = step(i);
      if (s.column < a[static_cast<std::size_t>(s.row)] && also(s)) return i;
    }
    ADD_FAILURE() << name << " has no such step";
    return 0;
  }
  std::size_t first_used(Kind kind) const {
    return first_used(kind, [](const FirstStep&) { return true; });
  }

  // 1-based columns, as perm lines and answer lines write them, made 0-based.
  static std::vector<int> columns(const std::string& words) {
    std::istringstream in(words);
    std::vector<int> out;
    for (int c; in >> c;) out.push_back(c - 1);
    return out;
  }
};

// solve --method first --proof, as a user runs it.
Proof solved(int n) {
  const std::string path = temp_file("n" + std::to_string(n) + ".proof", "");
  const Run r =
      run_nqueens("solve " + std::to_string(n) + " --method first -q --proof '" + path + "'");
  EXPECT_EQ(r.code, 0) << r.err;
  return {"n = " + std::to_string(n), n, lines_of(slurp(path))};
}

// The search in pieces of 4 nodes, on one thread: its steps cut pieces along lines and list dead
// squares (solve's pieces, of 2^18 nodes, cut nothing at n = 8 or 12).
Proof in_pieces(int n) {
  nq::FirstProof proof{.n = n, .answer = {}, .steps = {}};
  const nq::SolveResult r =
      nq::solve_first({.n = n,
                       .threads = 1,
                       .on_step = [&](const FirstStep& s) { proof.steps.push_back(s); },
                       .piece_nodes = 4});
  EXPECT_TRUE(r.complete);
  proof.answer = r.solution;
  std::ostringstream text;
  nq::write_first_proof(text, proof);
  return {"n = " + std::to_string(n) + " in pieces", n, lines_of(text.str()), true};
}

std::vector<Proof> honest_proofs() { return {solved(8), solved(12), in_pieces(18)}; }

// The k-th solution in lexicographic order (0: the first), 0-based.
std::vector<int> kth_solution(int n, int k) {
  const auto r =
      run_nqueens("enumerate " + std::to_string(n) + " --limit " + std::to_string(k + 1));
  EXPECT_EQ(r.code, 0) << r.err;
  return Proof::columns(lines_of(r.out).at(static_cast<std::size_t>(k)));
}

std::string answer_line(const std::vector<int>& columns) {
  std::string line = "A";
  for (int c : columns) line += " " + std::to_string(c + 1);
  return line;
}

// The piece a step is about, in the audit's words: "row 3 column 2 + (5,1)".
std::string piece(int row, int column, const std::vector<nq::Cell>& more = {}) {
  std::string s = "row " + std::to_string(row + 1) + " column " + std::to_string(column + 1);
  for (const nq::Cell& q : more) {
    s += " + (" + std::to_string(q.row + 1) + "," + std::to_string(q.col + 1) + ")";
  }
  return s;
}
std::string piece(const FirstStep& s) { return piece(s.row, s.column, s.more); }

// The first row where two placements differ: the probe (that row, a's column) holds a.
int first_difference(const std::vector<int>& a, const std::vector<int>& b) {
  int row = 0;
  while (a[static_cast<std::size_t>(row)] == b[static_cast<std::size_t>(row)]) ++row;
  return row;
}

bool attacked(const std::vector<int>& prefix, int row, int column) {
  for (int r = 0; r < row; ++r) {
    const int c = prefix[static_cast<std::size_t>(r)];
    if (c == column || std::abs(c - column) == row - r) return true;
  }
  return false;
}

Run audit(const Proof& proof, const std::string& file, const std::string& options = "") {
  return run_nqueens("audit-first '" + temp_file(file, proof.text()) + "' --full --threads 2 -q" +
                     options);
}

// Refused: exit 1, the output says `what`, and never ok.
void expect_refused(const Run& r, const std::string& what, const std::string& forgery) {
  EXPECT_EQ(r.code, 1) << forgery << "\n" << r.out << r.err;
  EXPECT_NE(r.out.find(what), std::string::npos) << forgery << ": no '" << what << "' in\n"
                                                 << r.out;
  EXPECT_EQ(r.out.find("audit-first: ok"), std::string::npos) << forgery << "\n" << r.out;
}

// Not a proof: exit 2 and one line on stderr that says `what`.
void expect_not_a_proof(const Run& r, const std::string& what, const std::string& forgery) {
  EXPECT_EQ(r.code, 2) << forgery << "\n" << r.out << r.err;
  EXPECT_NE(r.err.find(what), std::string::npos) << forgery << ": no '" << what << "' in\n"
                                                 << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << forgery << "\n" << r.err;
  EXPECT_EQ(r.out, "") << forgery;
}

// The message for a cover with `count` pieces missing, the first `first`.
std::string not_covered(std::size_t count, const std::string& first) {
  return "audit-first: NOT COVERED: " + std::to_string(count) +
         (count == 1 ? " piece" : " pieces") + ", the first " + first + "\n";
}

// Refused, the first missing piece `probe` itself or a piece of it.
void expect_first_hole_within(const Run& r, const std::string& probe, const std::string& forgery) {
  const std::string what = ", the first " + probe;
  expect_refused(r, "audit-first: NOT COVERED: ", forgery);
  const std::size_t at = r.out.find(what);
  ASSERT_NE(at, std::string::npos) << forgery << ": no '" << what << "' in\n" << r.out;
  const std::string next = r.out.substr(at + what.size(), 3);
  EXPECT_TRUE(next[0] == '\n' || next == " + ") << forgery << "\n" << r.out;
}

const std::string kWrong = "audit-first: WRONG: a piece the proof says is refuted has a solution: ";

}  // namespace

// What the forgeries start from: each honest proof passes, and the one in pieces has cuts, dead
// squares and refuted pieces beyond their probes for the forgeries to work on.
TEST(audit_first_cli, the_honest_proofs_pass_the_full_audit) {
  for (const Proof& p : honest_proofs()) {
    const auto r = audit(p, "honest.proof");
    EXPECT_EQ(r.code, 0) << p.name << "\n" << r.out << r.err;
    EXPECT_NE(r.out.find("audit-first: ok (full audit)"), std::string::npos) << p.name << r.out;
  }
  const Proof p = in_pieces(18);
  p.first_used(Kind::split, [](const FirstStep& s) { return !s.dead.empty(); });
  p.first_used(Kind::refuted, [](const FirstStep& s) { return !s.more.empty(); });
}

// (a) A solution that is not the first: the second, with the honest steps. The probe that holds
// the first solution, where the two part, is the first one left uncovered.
TEST(audit_first_cli, a_later_solution_as_the_answer_leaves_the_first_uncovered) {
  for (Proof p : honest_proofs()) {
    const std::vector<int> first = p.answer(), second = kth_solution(p.n, 1);
    const int row = first_difference(first, second);
    p.lines[p.answer_line()] = answer_line(second);
    expect_first_hole_within(audit(p, "later.proof"),
                             piece(row, first[static_cast<std::size_t>(row)]), p.name);
  }
}

// (b) A step dropped: its piece is the hole named. With two dropped, the first in the order of
// the probes is named and both are counted.
TEST(audit_first_cli, a_dropped_step_leaves_a_hole_that_is_named) {
  for (const Proof& p : honest_proofs()) {
    std::vector<std::size_t> dropped = {p.first_used(Kind::refuted)};
    if (p.cut) dropped.push_back(p.first_used(Kind::split));
    for (std::size_t i : dropped) {
      Proof without = p;
      without.lines.erase(without.lines.begin() + static_cast<std::ptrdiff_t>(i));
      expect_refused(audit(without, "dropped.proof"), not_covered(1, piece(p.step(i))),
                     p.name + ", without " + p.lines[i]);
    }
    // The last refuted step the cover uses, and the first: the first is named.
    std::size_t last = 0;
    for (std::size_t i : p.step_lines()) {
      const FirstStep s = p.step(i);
      if (s.kind == Kind::refuted && s.column < p.answer()[static_cast<std::size_t>(s.row)])
        last = i;
    }
    const std::size_t first = p.first_used(Kind::refuted);
    ASSERT_LT(p.step(first).row, p.step(last).row) << p.name;
    Proof without = p;
    without.lines.erase(without.lines.begin() + static_cast<std::ptrdiff_t>(last));
    without.lines.erase(without.lines.begin() + static_cast<std::ptrdiff_t>(first));
    expect_refused(audit(without, "dropped2.proof"), not_covered(2, piece(p.step(first))),
                   p.name + ", without two steps");
  }
}

// (c) A step altered: its row, its column, a queen of its piece, the line of a cut. The piece it
// stood for is no longer covered, and that is the hole named.
TEST(audit_first_cli, an_altered_step_no_longer_covers_its_piece) {
  for (const Proof& p : honest_proofs()) {
    const std::size_t i = p.first_used(Kind::refuted);
    const FirstStep honest = p.step(i);
    std::vector<FirstStep> altered(3, honest);
    altered[0].row = (honest.row + 1) % p.n;
    altered[1].column = (honest.column + 1) % p.n;
    altered[2].column = (honest.column + p.n - 1) % p.n;
    if (p.cut) {
      const std::size_t j =
          p.first_used(Kind::refuted, [](const FirstStep& s) { return !s.more.empty(); });
      FirstStep moved = p.step(j);
      moved.more.back().col = (moved.more.back().col + 1) % p.n;
      Proof forged = p;
      forged.lines[j] = nq::format_first_step(moved);
      expect_refused(audit(forged, "altered.proof"), not_covered(1, piece(p.step(j))),
                     p.name + ", " + p.lines[j] + " made " + forged.lines[j]);
      // A cut along another line: its piece is cut into pieces the proof has no steps for.
      const std::size_t k = p.first_used(Kind::split);
      FirstStep cut = p.step(k);
      cut.line = (cut.line + 1) % p.n;
      forged = p;
      forged.lines[k] = nq::format_first_step(cut);
      expect_first_hole_within(audit(forged, "altered.proof"), piece(cut),
                               p.name + ", " + p.lines[k] + " made " + forged.lines[k]);
    }
    for (const FirstStep& s : altered) {
      Proof forged = p;
      forged.lines[i] = nq::format_first_step(s);
      expect_refused(audit(forged, "altered.proof"), not_covered(1, piece(honest)),
                     p.name + ", " + p.lines[i] + " made " + forged.lines[i]);
    }
  }
}

// (d) A step written twice in place of one dropped, so that the count of steps is unchanged: the
// dropped one's piece is the hole named.
TEST(audit_first_cli, a_duplicated_step_in_place_of_a_dropped_one_leaves_the_hole_named) {
  for (const Proof& p : honest_proofs()) {
    const std::size_t i = p.first_used(Kind::refuted);
    const std::size_t other =
        p.first_used(Kind::refuted, [&](const FirstStep& s) { return s != p.step(i); });
    Proof forged = p;
    forged.lines[i] = p.lines[other];
    expect_refused(audit(forged, "duplicated.proof"), not_covered(1, piece(p.step(i))),
                   p.name + ", " + p.lines[i] + " made " + p.lines[other]);
  }
}

// (e) The answer's rows in reverse order: a solution still (the board turned upside down), but
// not the first, and the steps do not cover it from its first probe on.
TEST(audit_first_cli, an_answer_with_its_rows_reversed_is_not_covered) {
  for (Proof p : honest_proofs()) {
    std::vector<int> reversed = p.answer();
    std::reverse(reversed.begin(), reversed.end());
    ASSERT_GT(reversed[0], 0) << p.name;
    p.lines[p.answer_line()] = answer_line(reversed);
    expect_first_hole_within(audit(p, "reversed.proof"), piece(0, 0), p.name);
  }
}

// Steps in another order, a step written twice, the queens of a piece listed in another order,
// other node counts: the same argument, so the same verdict. Threads write steps in whatever
// order their pieces end, and a node count is the writer's word for its work, not evidence:
// every piece is searched again.
TEST(audit_first_cli, what_changes_no_argument_changes_no_verdict) {
  for (Proof p : honest_proofs()) {
    std::reverse(p.lines.begin() + 2,
                 p.lines.begin() + static_cast<std::ptrdiff_t>(p.answer_line()));
    const std::string twice = p.lines[2];
    p.lines.insert(p.lines.begin() + 3, twice);
    for (std::size_t i : p.step_lines()) {
      FirstStep s = p.step(i);
      std::reverse(s.more.begin(), s.more.end());
      s.nodes = s.nodes == 0 ? 123456789 : 0;
      p.lines[i] = nq::format_first_step(s);
    }
    const auto r = audit(p, "reordered.proof");
    EXPECT_EQ(r.code, 0) << p.name << "\n" << r.out << r.err;
    EXPECT_NE(r.out.find("audit-first: ok (full audit)"), std::string::npos) << p.name << r.out;
  }
}

// (f) The second solution claimed first, with every probe of it from where it parts from the
// first "refuted" in 0 nodes: the cover is complete, and searching the pieces again finds the
// first solution in the probe that holds it.
TEST(audit_first_cli, a_false_refutation_is_found_by_searching_it_again) {
  for (Proof p : honest_proofs()) {
    const std::vector<int> first = p.answer(), second = kth_solution(p.n, 1);
    const int row = first_difference(first, second);
    std::vector<std::string> forged;
    for (int r = row; r < p.n; ++r) {
      for (int c = 0; c < second[static_cast<std::size_t>(r)]; ++c) {
        forged.push_back(nq::format_first_step({.kind = Kind::refuted, .row = r, .column = c}));
      }
    }
    p.lines.insert(p.lines.begin() + 2, forged.begin(), forged.end());
    p.lines[p.answer_line()] = answer_line(second);
    const auto r = audit(p, "false.proof");
    expect_refused(r, kWrong + piece(row, first[static_cast<std::size_t>(row)]) + "\n", p.name);
    EXPECT_NE(r.out.find(", 1 completable\n"), std::string::npos) << p.name << r.out;
    EXPECT_EQ(r.out.find("NOT COVERED"), std::string::npos) << p.name << r.out;
  }
}

// (f) The same with the probe that holds the first solution cut along the next row, every
// square of it listed dead: the cover is complete, and the dead square of the first solution is
// found to hold it.
TEST(audit_first_cli, a_dead_square_that_holds_a_solution_is_found) {
  for (Proof p : honest_proofs()) {
    const std::vector<int> first = p.answer(), second = kth_solution(p.n, 1);
    const int row = first_difference(first, second);
    const int column = first[static_cast<std::size_t>(row)];
    FirstStep cut{.kind = Kind::split, .row = row, .column = column, .line = row + 1};
    for (int c = 0; c < p.n; ++c) cut.dead.push_back(c);
    std::vector<std::string> forged = {nq::format_first_step(cut)};
    for (int r = row; r < p.n; ++r) {
      for (int c = 0; c < second[static_cast<std::size_t>(r)]; ++c) {
        if (r == row && c == column) continue;
        forged.push_back(nq::format_first_step({.kind = Kind::refuted, .row = r, .column = c}));
      }
    }
    p.lines.insert(p.lines.begin() + 2, forged.begin(), forged.end());
    p.lines[p.answer_line()] = answer_line(second);
    const auto r = audit(p, "dead.proof");
    expect_refused(
        r,
        kWrong + piece(row, column, {{row + 1, first[static_cast<std::size_t>(row + 1)]}}) + "\n",
        p.name);
    EXPECT_NE(r.out.find(", 1 completable\n"), std::string::npos) << p.name << r.out;
    EXPECT_EQ(r.out.find("NOT COVERED"), std::string::npos) << p.name << r.out;
  }
}

// (f) The third solution claimed first, every probe of it "refuted": two pieces hold solutions
// (the first and the second), and whatever the seed, the one first in the order of the probes
// is named.
TEST(audit_first_cli, of_two_false_refutations_the_first_is_named_whatever_the_seed) {
  for (int n : {8, 12}) {
    const std::vector<int> first = kth_solution(n, 0), second = kth_solution(n, 1),
                           third = kth_solution(n, 2);
    const int row1 = first_difference(first, third), row2 = first_difference(second, third);
    const auto at = [](const std::vector<int>& s, int row) {
      return std::pair{row, s[static_cast<std::size_t>(row)]};
    };
    ASSERT_LT(at(first, row1), at(second, row2)) << "two probes, that of the first solution first";
    Proof p{"n = " + std::to_string(n) + ", the third solution", n, {"nqueens-first-proof 1"}};
    p.lines.push_back("n " + std::to_string(n));
    for (int r = 0; r < n; ++r) {
      for (int c = 0; c < third[static_cast<std::size_t>(r)]; ++c) {
        p.lines.push_back(nq::format_first_step({.kind = Kind::refuted, .row = r, .column = c}));
      }
    }
    p.lines.push_back(answer_line(third));
    for (int seed = 1; seed <= 6; ++seed) {
      const auto r = audit(p, "third.proof", " --seed " + std::to_string(seed));
      expect_refused(r, kWrong + piece(row1, first[static_cast<std::size_t>(row1)]) + "\n",
                     p.name + ", seed " + std::to_string(seed));
      EXPECT_NE(r.out.find(", 2 completable\n"), std::string::npos) << p.name << r.out;
    }
  }
}

// (g) The n line changed: the first line that disagrees with it is named. One more: the first
// line that lists a solution (C, R or A) has a column too few. One fewer: a position past the
// board, or such a solution line with a column too many, whichever comes first.
TEST(audit_first_cli, a_header_for_another_n_is_refused_at_the_first_line_that_disagrees) {
  for (Proof p : honest_proofs()) {
    std::size_t solution_line = 2;
    while (std::string("CRA").find(p.lines[solution_line][0]) == std::string::npos) {
      ++solution_line;
    }
    p.lines[1] = "n " + std::to_string(p.n + 1);
    expect_not_a_proof(audit(p, "n_plus_1.proof"),
                       "line " + std::to_string(solution_line + 1) + ": a solution needs " +
                           std::to_string(p.n + 1) + " columns",
                       p.name + ", n + 1");
    p.lines[1] = "n " + std::to_string(p.n - 1);
    expect_not_a_proof(audit(p, "n_minus_1.proof"), ": line ", p.name + ", n - 1");
  }
}

// (g) The steps of another n's proof under this one's header and answer. Those of a smaller n
// read, but leave uncovered the first probe of the answer that they have no step for; those of a
// larger n name a square past the board.
TEST(audit_first_cli, steps_from_another_n_are_refused) {
  const Proof n8 = solved(8), n12 = solved(12), n18 = in_pieces(18);
  // Its refuted and split steps (those with a solution have n columns).
  const auto with_steps_of = [](const Proof& to, const Proof& from) {
    Proof forged{to.name + " with the steps of " + from.name, to.n, {to.lines[0], to.lines[1]}};
    for (std::size_t i : from.step_lines()) {
      if (from.lines[i][0] == 'X' || from.lines[i][0] == 'S') forged.lines.push_back(from.lines[i]);
    }
    forged.lines.push_back(to.lines[to.answer_line()]);
    return forged;
  };
  for (const auto& [to, from] : {std::pair{n12, n8}, std::pair{n18, n12}}) {
    // The first probe not attacked by the rows above it with no step of its own in `from`.
    std::vector<std::pair<int, int>> probes;  // those `from` has a step for
    for (std::size_t i : from.step_lines()) {
      const FirstStep s = from.step(i);
      ASSERT_NE(s.kind, Kind::split) << from.name << ": a cut would make the first hole deeper";
      if (s.kind == Kind::refuted && s.more.empty()) probes.emplace_back(s.row, s.column);
    }
    const std::vector<int> a = to.answer();
    std::string expected;
    for (int row = 0; row < to.n && expected.empty(); ++row) {
      for (int c = 0; c < a[static_cast<std::size_t>(row)] && expected.empty(); ++c) {
        if (!attacked(a, row, c) &&
            std::find(probes.begin(), probes.end(), std::pair{row, c}) == probes.end()) {
          expected = piece(row, c);
        }
      }
    }
    const Proof forged = with_steps_of(to, from);
    expect_refused(audit(forged, "other_n.proof"), " pieces, the first " + expected + "\n",
                   forged.name);
  }
  const Proof forged = with_steps_of(n8, n12);
  expect_not_a_proof(audit(forged, "other_n.proof"), "must be a whole number from 1 to 8, not ",
                     forged.name);
}

// (h) A proof cut short at a line boundary has lost its answer, the last line.
TEST(audit_first_cli, a_proof_cut_at_a_line_boundary_has_no_answer) {
  for (const Proof& p : honest_proofs()) {
    for (std::size_t keep : {p.lines.size() - 1, p.lines.size() / 2}) {
      Proof cut = p;
      cut.lines.resize(keep);
      expect_not_a_proof(audit(cut, "cut.proof"), "has no answer line",
                         p.name + ", " + std::to_string(keep) + " lines");
    }
  }
}

// (h) A proof cut in the middle of a line, that line named: a step cut after its row, or after
// its column (a refuted step without its nodes), or the answer cut after two columns. An answer
// cut in its last number (n = 18 ends "14 10", cut to "14 1") still has n columns, but is no
// solution, and the two queens that attack are named.
TEST(audit_first_cli, a_proof_cut_mid_line_is_refused_at_that_line) {
  for (const Proof& p : honest_proofs()) {
    const std::size_t i = p.first_used(Kind::refuted);
    const std::string line = "line " + std::to_string(i + 1) + ": ";
    const std::size_t after_row = p.lines[i].find(' ', 2);
    const std::size_t after_column = p.lines[i].find(' ', after_row + 1);
    for (const auto& [length, what] :
         {std::pair{after_row, line + "a step starts with X, S, C or R, a row and a column"},
          std::pair{after_column, line + "a refuted step needs its nodes"}}) {
      Proof cut = p;
      cut.lines.resize(i + 1);
      cut.lines[i].resize(length);
      expect_not_a_proof(audit(cut, "cut.proof"), what, p.name + ", cut to '" + cut.lines[i] + "'");
    }
    Proof cut = p;
    cut.lines.back().resize(cut.lines.back().find(' ', 4));
    expect_not_a_proof(audit(cut, "cut.proof"),
                       "line " + std::to_string(p.lines.size()) + ": a solution needs " +
                           std::to_string(p.n) + " columns",
                       p.name + ", cut to '" + cut.lines.back() + "'");
  }
  Proof n18 = in_pieces(18);
  ASSERT_EQ(n18.lines.back().substr(n18.lines.back().size() - 6), " 14 10");
  n18.lines.back().pop_back();
  expect_refused(audit(n18, "cut.proof"),
                 "is not a solution for n = 18: queens at row 1 column 1 and row 18 column 1 share "
                 "a column\n",
                 n18.name + ", its last column cut to 1");
}

// An answer that is no solution at all: the first two queens that attack each other are named.
TEST(audit_first_cli, an_answer_that_is_no_solution_names_two_queens_that_attack) {
  for (Proof p : honest_proofs()) {
    std::vector<int> swapped = p.answer();
    std::swap(swapped[2], swapped[3]);
    p.lines[p.answer_line()] = answer_line(swapped);
    const auto r = audit(p, "no_solution.proof");
    expect_refused(r, "is not a solution for n = " + std::to_string(p.n) + ": queens at row ",
                   p.name);
    EXPECT_NE(r.out.find(" share a "), std::string::npos) << r.out;
  }
  Proof p = solved(8);
  p.lines[p.answer_line()] = "A 1 2 3 4 5 6 7 8";
  expect_refused(audit(p, "no_solution.proof"),
                 "is not a solution for n = 8: queens at row 1 column 1 and row 2 column 2 share a "
                 "diagonal\n",
                 "A 1 2 3 4 5 6 7 8");
}

// A cut along a line that already holds a queen (the probe's own row or column): every square of
// it is attacked, so it would cover its piece without a step below it. Only a cut along an open
// line covers; this one leaves its piece the hole named.
TEST(audit_first_cli, a_cut_along_a_line_that_holds_a_queen_covers_nothing) {
  const Proof p = in_pieces(18);
  const std::size_t i = p.first_used(Kind::split);
  for (const bool along_row : {true, false}) {
    FirstStep cut = p.step(i);
    cut.line_is_row = along_row;
    cut.line = along_row ? cut.row : cut.column;
    cut.dead.clear();
    Proof forged = p;
    forged.lines[i] = nq::format_first_step(cut);
    expect_refused(audit(forged, "occupied.proof"), not_covered(1, piece(cut)),
                   p.lines[i] + " made " + forged.lines[i]);
  }
}

// A square left out of a cut's dead list, with no step of its own: the hole named is that square's
// piece.
TEST(audit_first_cli, a_square_left_out_of_a_cuts_dead_list_is_a_hole) {
  const Proof p = in_pieces(18);
  const std::size_t i =
      p.first_used(Kind::split, [](const FirstStep& s) { return !s.dead.empty(); });
  FirstStep cut = p.step(i);
  const int left_out = cut.dead.front();
  cut.dead.erase(cut.dead.begin());
  Proof forged = p;
  forged.lines[i] = nq::format_first_step(cut);
  std::vector<nq::Cell> more = cut.more;
  more.push_back(cut.line_is_row ? nq::Cell{cut.line, left_out} : nq::Cell{left_out, cut.line});
  expect_refused(audit(forged, "hole.proof"), not_covered(1, piece(cut.row, cut.column, more)),
                 p.lines[i] + " made " + forged.lines[i]);
}

// A queen of a piece off the board: the line is named.
TEST(audit_first_cli, a_queen_off_the_board_is_refused_at_its_line) {
  Proof p = in_pieces(18);
  const std::size_t i =
      p.first_used(Kind::refuted, [](const FirstStep& s) { return !s.more.empty(); });
  FirstStep s = p.step(i);
  s.more.front().row = 18;  // row 19
  p.lines[i] = nq::format_first_step(s);
  const std::string what = ": a queen's row must be a whole number from 1 to 18, not '19'";
  expect_not_a_proof(audit(p, "off.proof"), "line " + std::to_string(i + 1) + what, p.lines[i]);
}

// The first line is the format's: a file without it is not a proof, even when a blank line or a
// comment stands there instead.
TEST(audit_first_cli, a_file_without_the_proofs_first_line_is_not_a_proof) {
  for (const char* instead : {"", "# nqueens-first-proof 1", "nqueens-first-proof 2"}) {
    Proof p = solved(8);
    p.lines[0] = instead;
    expect_not_a_proof(audit(p, "headless.proof"),
                       "line 1: not a first-solution proof (nqueens-first-proof 1)", instead);
  }
}
