// SPDX-License-Identifier: MIT
// The text form of completion instances: `n`, then `Q row col` and `X row col` lines (1-based),
// `D + sum` and `D - difference` lines for excluded diagonals, `#` comments. Every problem is
// reported with its line number.
#include <sstream>
#include <string>
#include <vector>

#include "nqueens/complete.hpp"
#include "nqueens/format.hpp"

namespace nq {

namespace {

[[noreturn]] void fail(std::size_t line, const std::string& why) {
  throw ParseError("line " + std::to_string(line) + ": " + why);
}

// A whole decimal number 1..max, or fail naming the line.
std::uint32_t number(const std::string& word, std::size_t line, std::uint64_t max,
                     const char* what) {
  if (word.empty() || word.size() > 10 ||
      word.find_first_not_of("0123456789") != std::string::npos) {
    fail(line, std::string(what) + " must be a whole number, got '" + word + "'");
  }
  const std::uint64_t value = std::stoull(word);
  if (value < 1 || value > max) {
    fail(line,
         std::string(what) + " must be between 1 and " + std::to_string(max) + ", got " + word);
  }
  return static_cast<std::uint32_t>(value);
}

// A whole decimal number with an optional minus sign, min..max, or fail naming the line.
std::int32_t signed_number(const std::string& word, std::size_t line, std::int64_t min,
                           std::int64_t max, const char* what) {
  const bool negative = !word.empty() && word[0] == '-';
  const std::string digits = negative ? word.substr(1) : word;
  if (digits.empty() || digits.size() > 10 ||
      digits.find_first_not_of("0123456789") != std::string::npos) {
    fail(line, std::string(what) + " must be a whole number, got '" + word + "'");
  }
  const std::int64_t value = (negative ? -1 : 1) * static_cast<std::int64_t>(std::stoull(digits));
  if (value < min || value > max) {
    fail(line, std::string(what) + " must be between " + std::to_string(min) + " and " +
                   std::to_string(max) + ", got " + word);
  }
  return static_cast<std::int32_t>(value);
}

}  // namespace

CompletionInstance read_instance(const std::string& text) {
  CompletionInstance in;
  enum class Kind { queen, blocked, diagonal };
  std::vector<std::pair<Kind, std::size_t>> items;  // in the order given, with their lines
  std::istringstream lines(text);
  std::string raw;
  bool have_n = false;
  for (std::size_t line = 1; std::getline(lines, raw); ++line) {
    const std::size_t hash = raw.find('#');
    std::istringstream words(hash == std::string::npos ? raw : raw.substr(0, hash));
    std::vector<std::string> w;
    for (std::string word; words >> word;) w.push_back(word);
    if (w.empty()) continue;
    if (!have_n) {
      if (w.size() != 1) fail(line, "the first line must be the board size n alone");
      in.n = number(w[0], line, kMaxCompleteN, "n");
      have_n = true;
      continue;
    }
    if (w.size() == 3 && w[0] == "D" && (w[1] == "+" || w[1] == "-")) {
      const std::int64_t n = in.n;
      if (w[1] == "+") {
        in.excluded.push_back({true, signed_number(w[2], line, 2, 2 * n, "row + column") - 2});
      } else {
        in.excluded.push_back({false, signed_number(w[2], line, 1 - n, n - 1, "row - column")});
      }
      items.push_back({Kind::diagonal, line});
      continue;
    }
    if (w.size() != 3 || (w[0] != "Q" && w[0] != "X")) {
      fail(line,
           "expected 'Q row col', 'X row col', 'D + sum' or 'D - difference', got '" + raw + "'");
    }
    const Square s{number(w[1], line, in.n, "row") - 1, number(w[2], line, in.n, "column") - 1};
    if (w[0] == "Q") {
      in.queens.push_back(s);
      items.push_back({Kind::queen, line});
    } else {
      in.blocked.push_back(s);
      items.push_back({Kind::blocked, line});
    }
  }
  if (!have_n) throw ParseError("line 1: no board size (an empty instance)");
  // Name the line of the first item that makes the instance ill formed.
  if (instance_error(in)) {
    CompletionInstance prefix{in.n, {}, {}, {}};
    std::size_t next[3] = {0, 0, 0};
    for (const auto& [kind, line] : items) {
      if (kind == Kind::queen) prefix.queens.push_back(in.queens[next[0]++]);
      if (kind == Kind::blocked) prefix.blocked.push_back(in.blocked[next[1]++]);
      if (kind == Kind::diagonal) prefix.excluded.push_back(in.excluded[next[2]++]);
      if (const std::optional<std::string> error = instance_error(prefix)) fail(line, *error);
    }
  }
  return in;
}

std::string write_instance(const CompletionInstance& in) {
  std::string out = std::to_string(in.n) + "\n";
  for (const Square& q : in.queens) {
    out += "Q " + std::to_string(q.row + 1) + " " + std::to_string(q.col + 1) + "\n";
  }
  for (const Square& b : in.blocked) {
    out += "X " + std::to_string(b.row + 1) + " " + std::to_string(b.col + 1) + "\n";
  }
  for (const Diagonal& d : in.excluded) {
    out += d.sum ? "D + " + std::to_string(d.index + 2) : "D - " + std::to_string(d.index);
    out += "\n";
  }
  return out;
}

}  // namespace nq
