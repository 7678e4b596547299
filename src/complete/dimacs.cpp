// SPDX-License-Identifier: MIT
// The bridge to SAT solvers: the completion instance as CNF, and a solver's model back as a
// placement (checked against the instance, so a wrong model is never printed as an answer).
#include <sstream>
#include <string>
#include <vector>

#include "nqueens/complete.hpp"
#include "nqueens/format.hpp"
#include "nqueens/verify.hpp"

namespace nq {

namespace {

class Cnf {
 public:
  explicit Cnf(std::uint64_t variables) : variables_(variables) {}
  void clause(const std::vector<std::int64_t>& literals) {
    for (std::int64_t l : literals) body_ += std::to_string(l) + ' ';
    body_ += "0\n";
    ++clauses_;
  }
  // Exactly one (if `at_least`) or at most one of `xs` true: one clause, and the sequential
  // counter s_1..s_{k-1} (s_i: one of x_1..x_i is true) in 3k - 4 clauses.
  void at_most_one(const std::vector<std::int64_t>& xs, bool at_least) {
    if (at_least) clause(xs);
    const std::size_t k = xs.size();
    if (k < 2) return;
    const std::uint64_t base = variables_;
    variables_ += k - 1;
    const auto aux = [&](std::size_t i) { return static_cast<std::int64_t>(base + i + 1); };
    clause({-xs[0], aux(0)});
    for (std::size_t i = 1; i + 1 < k; ++i) {
      clause({-xs[i], aux(i)});
      clause({-aux(i - 1), aux(i)});
      clause({-xs[i], -aux(i - 1)});
    }
    clause({-xs[k - 1], -aux(k - 2)});
  }
  std::string text(const std::string& header) const {
    return header + "p cnf " + std::to_string(variables_) + " " + std::to_string(clauses_) + "\n" +
           body_;
  }

 private:
  std::uint64_t variables_;
  std::uint64_t clauses_ = 0;
  std::string body_;
};

}  // namespace

std::string to_dimacs(const CompletionInstance& in) {
  if (const std::optional<std::string> error = instance_error(in)) {
    throw std::invalid_argument("complete: " + *error);
  }
  const std::int64_t n = in.n;
  const auto x = [n](std::int64_t r, std::int64_t c) { return r * n + c + 1; };
  Cnf cnf(static_cast<std::uint64_t>(n * n));
  std::vector<std::int64_t> line;
  for (std::int64_t r = 0; r < n; ++r) {  // rows: exactly one
    line.clear();
    for (std::int64_t c = 0; c < n; ++c) line.push_back(x(r, c));
    cnf.at_most_one(line, true);
  }
  for (std::int64_t c = 0; c < n; ++c) {  // columns: exactly one
    line.clear();
    for (std::int64_t r = 0; r < n; ++r) line.push_back(x(r, c));
    cnf.at_most_one(line, true);
  }
  for (std::int64_t d = 0; d <= 2 * n - 2; ++d) {  // diagonals r + c = d and r - c = d - n + 1
    for (int family = 0; family < 2; ++family) {
      line.clear();
      for (std::int64_t r = 0; r < n; ++r) {
        const std::int64_t c = family == 0 ? d - r : r - (d - n + 1);
        if (c >= 0 && c < n) line.push_back(x(r, c));
      }
      cnf.at_most_one(line, false);
    }
  }
  for (const Square& q : in.queens) cnf.clause({x(q.row, q.col)});
  for (const Square& b : in.blocked) cnf.clause({-x(b.row, b.col)});
  for (const Diagonal& d : in.excluded) {
    for (std::uint32_t r = 0; r < in.n; ++r) {
      const std::int64_t c = d.sum ? d.index - std::int64_t{r} : std::int64_t{r} - d.index;
      if (c >= 0 && c < in.n) cnf.clause({-x(r, static_cast<std::uint32_t>(c))});
    }
  }
  const std::string header =
      "c nqueens completion, n = " + std::to_string(n) + ": variable r*" + std::to_string(n) +
      "+c+1 is a queen on row r, column c (0-based; 1.." + std::to_string(n * n) +
      "), e.g. 1 = row 1 column 1, " + std::to_string(n) + " = row 1 column " + std::to_string(n) +
      ", " + std::to_string(n + 1) + " = row 2 column 1\n" + "c variables above " +
      std::to_string(n * n) + " are auxiliary (sequential-counter at-most-one)\n" + "c " +
      std::to_string(in.queens.size()) + " queens given, " + std::to_string(in.blocked.size()) +
      " squares blocked, " + std::to_string(in.excluded.size()) + " diagonals excluded\n";
  return cnf.text(header);
}

std::optional<Placement> from_model(const CompletionInstance& in, const std::string& model) {
  const std::uint64_t n = in.n;
  std::vector<std::int64_t> col(n, -1);
  std::istringstream lines(model);
  std::string raw;
  bool any = false;
  for (std::size_t number = 1; std::getline(lines, raw); ++number) {
    std::istringstream words(raw);
    std::string word;
    if (!(words >> word)) continue;
    if (word == "c") continue;
    if (word == "s" || word == "SAT" || word == "UNSAT") {
      std::string status = word;
      if (word == "s") words >> status;
      if (status == "UNSATISFIABLE" || status == "UNSAT") return std::nullopt;
      if (status != "SATISFIABLE" && status != "SAT") {
        throw ParseError("model line " + std::to_string(number) + ": unknown status '" + status +
                         "'");
      }
      continue;
    }
    if (word != "v") words.seekg(0);
    for (std::string literal; words >> literal;) {
      if (literal == "v") continue;
      std::size_t used = 0;
      long long value = 0;
      try {
        value = std::stoll(literal, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != literal.size()) {
        throw ParseError("model line " + std::to_string(number) + ": '" + literal +
                         "' is not a literal");
      }
      any = true;
      if (value <= 0 || static_cast<std::uint64_t>(value) > n * n) continue;
      const std::uint64_t square = static_cast<std::uint64_t>(value) - 1;
      if (col[square / n] != -1) {
        throw ParseError("model: two queens on row " + std::to_string(square / n + 1));
      }
      col[square / n] = static_cast<std::int64_t>(square % n);
    }
  }
  if (!any) throw ParseError("model: no literals (is this a SAT solver's output?)");
  std::vector<Column> columns(n);
  for (std::uint64_t r = 0; r < n; ++r) {
    if (col[r] < 0) throw ParseError("model: no queen on row " + std::to_string(r + 1));
    columns[r] = static_cast<Column>(col[r]);
  }
  Placement p(std::move(columns));
  if (!is_solution(p)) throw ParseError("model: its queens attack each other");
  for (const Square& q : in.queens) {
    if (p[q.row] != q.col) throw ParseError("model: it moves a given queen");
  }
  for (const Square& b : in.blocked) {
    if (p[b.row] == b.col) throw ParseError("model: it puts a queen on a blocked square");
  }
  for (const Diagonal& d : in.excluded) {
    for (std::uint32_t r = 0; r < in.n; ++r) {
      const std::int64_t c = static_cast<std::int64_t>(p[r]);
      if (d.sum ? r + c == d.index : std::int64_t{r} - c == d.index) {
        throw ParseError("model: it puts a queen on an excluded diagonal");
      }
    }
  }
  return p;
}

}  // namespace nq
