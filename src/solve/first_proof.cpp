// SPDX-License-Identifier: MIT
// The text form of first-solution proofs and their check (nqueens/first_proof.hpp).
#include "nqueens/first_proof.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <istream>
#include <ostream>
#include <stdexcept>

#include "nqueens/solve.hpp"
#include "nqueens/verify.hpp"
#include "solve/first_cover.hpp"
#include "solve/search_again.hpp"
#include "split_mix.hpp"

namespace nq {

namespace {

using Kind = FirstStep::Kind;

char letter(Kind kind) {
  switch (kind) {
    case Kind::refuted: return 'X';
    case Kind::split: return 'S';
    case Kind::completed: return 'C';
    case Kind::settled: return 'R';
  }
  return '?';
}

void append_columns(std::string& out, const std::vector<int>& columns) {
  for (int c : columns) out += ' ' + std::to_string(c + 1);
}

void append_squares(std::string& out, const std::vector<Cell>& squares) {
  for (const Cell& s : squares)
    out += ' ' + std::to_string(s.row + 1) + ':' + std::to_string(s.col + 1);
}

// Splits a line into words; fails on anything but printable ASCII and spaces.
std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    if (line[i] == ' ' || line[i] == '\t' || line[i] == '\r') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != '\r') ++j;
    out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

std::uint64_t number(std::string_view word, std::uint64_t low, std::uint64_t high,
                     const char* what) {
  std::uint64_t v = 0;
  const auto [end, error] = std::from_chars(word.data(), word.data() + word.size(), v);
  if (error != std::errc{} || end != word.data() + word.size() || v < low || v > high) {
    throw std::invalid_argument(std::string(what) + " must be a whole number from " +
                                std::to_string(low) + " to " + std::to_string(high) + ", not '" +
                                std::string(word) + "'");
  }
  return v;
}

int position(std::string_view word, int n, const char* what) {
  return static_cast<int>(number(word, 1, static_cast<std::uint64_t>(n), what)) - 1;
}

Cell square(std::string_view word, int n) {
  const auto colon = word.find(':');
  if (colon == std::string_view::npos) {
    throw std::invalid_argument("a queen is written row:column, not '" + std::string(word) + "'");
  }
  return {position(word.substr(0, colon), n, "a queen's row"),
          position(word.substr(colon + 1), n, "a queen's column")};
}

std::vector<int> solution(const std::vector<std::string_view>& w, std::size_t from, int n) {
  if (w.size() - from != static_cast<std::size_t>(n)) {
    throw std::invalid_argument("a solution needs " + std::to_string(n) + " columns");
  }
  std::vector<int> cols;
  for (std::size_t i = from; i < w.size(); ++i) cols.push_back(position(w[i], n, "a column"));
  return cols;
}

}  // namespace

std::string format_first_step(const FirstStep& step) {
  std::string out(1, letter(step.kind));
  out += ' ' + std::to_string(step.row + 1) + ' ' + std::to_string(step.column + 1);
  switch (step.kind) {
    case Kind::refuted:
      out += ' ' + std::to_string(step.nodes);
      append_squares(out, step.more);
      break;
    case Kind::split: {
      out += ' ';
      out += step.line_is_row ? 'r' : 'c';
      out += std::to_string(step.line + 1) + ' ';
      if (step.dead.empty()) out += '-';
      for (std::size_t i = 0; i < step.dead.size(); ++i) {
        if (i) out += ',';
        out += std::to_string(step.dead[i] + 1);
      }
      append_squares(out, step.more);
      break;
    }
    case Kind::completed:
    case Kind::settled: append_columns(out, step.completion); break;
  }
  return out;
}

FirstStep parse_first_step(std::string_view line, int n) {
  const auto w = words(line);
  if (w.size() < 3 || w[0].size() != 1) {
    throw std::invalid_argument("a step starts with X, S, C or R, a row and a column");
  }
  FirstStep step;
  switch (w[0][0]) {
    case 'X': step.kind = Kind::refuted; break;
    case 'S': step.kind = Kind::split; break;
    case 'C': step.kind = Kind::completed; break;
    case 'R': step.kind = Kind::settled; break;
    default: throw std::invalid_argument("unknown step '" + std::string(w[0]) + "'");
  }
  step.row = position(w[1], n, "the probe's row");
  step.column = position(w[2], n, "the probe's column");
  std::size_t next = 3;
  if (step.kind == Kind::refuted) {
    if (w.size() < 4) throw std::invalid_argument("a refuted step needs its nodes");
    step.nodes = number(w[3], 0, ~std::uint64_t{0}, "nodes");
    next = 4;
  } else if (step.kind == Kind::split) {
    if (w.size() < 5 || w[3].size() < 2 || (w[3][0] != 'r' && w[3][0] != 'c')) {
      throw std::invalid_argument("a split step needs its line (r5 or c5) and its dead squares");
    }
    step.line_is_row = w[3][0] == 'r';
    step.line = position(w[3].substr(1), n, "the line");
    if (w[4] != "-") {
      std::string_view list = w[4];
      for (std::size_t i = 0; i <= list.size();) {
        const std::size_t comma = std::min(list.find(',', i), list.size());
        step.dead.push_back(position(list.substr(i, comma - i), n, "a dead square"));
        i = comma + 1;
      }
    }
    next = 5;
  } else {
    step.completion = solution(w, 3, n);
    return step;
  }
  for (std::size_t i = next; i < w.size(); ++i) step.more.push_back(square(w[i], n));
  return step;
}

void write_first_proof(std::ostream& out, const FirstProof& proof) {
  out << "nqueens-first-proof 1\nn " << proof.n << '\n';
  for (const FirstStep& s : proof.steps) out << format_first_step(s) << '\n';
  if (proof.answer) {
    out << 'A';
    for (Column c : proof.answer->columns()) out << ' ' << c + 1;
    out << '\n';
  }
}

FirstProof read_first_proof(std::istream& in) {
  FirstProof proof;
  std::string line;
  std::uint64_t number_of_line = 0;
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument("line " + std::to_string(number_of_line) + ": " + what);
  };
  while (std::getline(in, line)) {
    ++number_of_line;
    if (number_of_line == 1) {  // before a blank line or a comment could stand in for it
      if (line != "nqueens-first-proof 1")
        fail("not a first-solution proof (nqueens-first-proof 1)");
      continue;
    }
    if (line.empty() || line[0] == '#') continue;
    try {
      const auto w = words(line);
      if (w.empty()) continue;
      if (w[0] == "n") {
        if (w.size() != 2 || proof.n != 0) fail("expected one 'n N' line");
        proof.n = static_cast<int>(number(w[1], 1, kMaxSolveFirstN, "n"));
      } else if (proof.n == 0) {
        fail("the 'n N' line must come first");
      } else if (w[0] == "A") {
        if (proof.answer) fail("a second answer");
        const std::vector<int> cols = solution(w, 1, proof.n);
        proof.answer = Placement(std::vector<Column>(cols.begin(), cols.end()));
      } else {
        proof.steps.push_back(parse_first_step(line, proof.n));
      }
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      if (what.rfind("line ", 0) == 0) throw;
      fail(what);
    }
  }
  if (number_of_line == 0) throw std::invalid_argument("the proof is empty");
  if (proof.n == 0) throw std::invalid_argument("the proof has no 'n N' line");
  return proof;
}

namespace {

std::string describe(int row, int column, const std::vector<Cell>& more) {
  std::string s = "row " + std::to_string(row + 1) + " column " + std::to_string(column + 1);
  for (const Cell& q : more) {
    s += " + (" + std::to_string(q.row + 1) + "," + std::to_string(q.col + 1) + ")";
  }
  return s;
}

}  // namespace

FirstProofCheck check_first_proof(const FirstProof& proof, const FirstProofCheckOptions& options) {
  FirstProofCheck check;
  if (!proof.answer || static_cast<int>(proof.answer->size()) != proof.n ||
      !is_solution(*proof.answer)) {
    return check;
  }
  check.answer_is_solution = true;
  const int n = proof.n;
  detail::CoverIndex index;
  for (const FirstStep& s : proof.steps) index.add(s);
  struct Piece {
    int row, column;
    std::vector<Cell> more;
    std::uint64_t nodes;  // as the proof claims
    std::size_t place;    // in the cover's order, which the sample shuffles
  };
  std::vector<Piece> pieces;  // every refuted piece and dead square the cover uses
  std::vector<int> prefix;
  for (int row = 0; row < n; ++row) {
    const int answer = static_cast<int>((*proof.answer)[static_cast<std::size_t>(row)]);
    for (int column = 0; column < answer; ++column) {
      ++check.probes;
      std::vector<Cell> queens;
      for (int r = 0; r < row; ++r) queens.push_back({r, prefix[static_cast<std::size_t>(r)]});
      if (detail::attacked(queens, {row, column})) {
        ++check.attacked;
        continue;
      }
      detail::walk_cover(n, prefix, row, column, index,
                         {.refuted =
                              [&](const FirstStep& s) {
                                pieces.push_back({row, column, s.more, s.nodes, pieces.size()});
                              },
                          .dead =
                              [&](const std::vector<Cell>& more) {
                                pieces.push_back({row, column, more, 0, pieces.size()});
                              },
                          .split = [&](const FirstStep&) { ++check.splits; },
                          .uncovered =
                              [&](const std::vector<Cell>& more, double) {
                                if (check.uncovered++ == 0)
                                  check.first_uncovered = describe(row, column, more);
                              }});
    }
    prefix.push_back(answer);
  }
  check.pieces = pieces.size();

  // A random sample, drawn without replacement.
  detail::SplitMix64 rng(options.seed);
  const std::size_t k =
      static_cast<std::size_t>(std::min<std::uint64_t>(options.sample, pieces.size()));
  for (std::size_t i = 0; i < k; ++i) {
    const std::size_t j =
        i + static_cast<std::size_t>(rng.below(static_cast<std::uint64_t>(pieces.size() - i)));
    std::swap(pieces[i], pieces[j]);
  }
  std::vector<detail::PieceToSearch> chosen(k);
  for (std::size_t i = 0; i < k; ++i) {
    const Piece& p = pieces[i];
    std::vector<Cell>& queens = chosen[i].queens;
    for (int r = 0; r < p.row; ++r) {
      queens.push_back({r, static_cast<int>((*proof.answer)[static_cast<std::size_t>(r)])});
    }
    queens.push_back({p.row, p.column});
    queens.insert(queens.end(), p.more.begin(), p.more.end());
    chosen[i].claimed_nodes = p.nodes;
  }
  const std::vector<detail::SearchedAgain> again = detail::search_again(n, chosen, options);
  std::size_t first_wrong = pieces.size();   // the place of the first piece contradicted
  std::size_t first_unsure = pieces.size();  // and of the first over the budget
  for (std::size_t i = 0; i < k; ++i) {
    if (!again[i].searched) {
      check.stopped = true;
      continue;
    }
    ++check.sampled;
    check.nodes += again[i].nodes;
    switch (again[i].outcome) {
      case detail::PlainRefuter::Outcome::refuted: ++check.re_refuted; break;
      case detail::PlainRefuter::Outcome::over_budget:
        ++check.inconclusive;
        if (pieces[i].place < first_unsure) {
          first_unsure = pieces[i].place;
          check.first_inconclusive = describe(pieces[i].row, pieces[i].column, pieces[i].more);
        }
        break;
      case detail::PlainRefuter::Outcome::completed:
        ++check.contradicted;
        if (pieces[i].place < first_wrong) {
          first_wrong = pieces[i].place;
          check.first_contradicted = describe(pieces[i].row, pieces[i].column, pieces[i].more);
        }
        break;
    }
  }
  if (options.stop.stop_requested()) check.stopped = true;
  return check;
}

}  // namespace nq
