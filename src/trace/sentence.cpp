// SPDX-License-Identifier: MIT
// An event's sentence: the wording of its kind (kinds.cpp) with its values put in, by the rules
// include/nqueens/trace.hpp gives. web/playground/sentences.js follows the same rules in
// JavaScript; tests/cli/sentences_agree.mjs holds the two to the same words.
#include <charconv>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "nqueens/trace.hpp"

namespace nq::trace {

namespace {

// A value a wording names: a whole number, or text.
struct Value {
  std::optional<std::int64_t> number;
  std::string text;
};

std::string grouped(std::int64_t x) {
  std::string digits = std::to_string(x < 0 ? -x : x);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return x < 0 ? "-" + out : out;
}

Value number(std::int64_t x) { return {x, grouped(x)}; }

std::string square(int row, int col) {
  return "row " + std::to_string(row + 1) + ", column " + std::to_string(col + 1);
}

std::string shared(Along along) {
  switch (along) {
    case Along::column: return "same column";
    case Along::diagonal: return "same diagonal, \\";
    case Along::anti_diagonal: return "same anti-diagonal, /";
    default: return std::string(to_string(along));
  }
}

std::string walk(Along along) {
  switch (along) {
    case Along::column: return "straight up";
    case Along::diagonal: return "up and left";
    case Along::anti_diagonal: return "up and right";
    default: return std::string(to_string(along));
  }
}

std::string columns(const std::vector<int>& board, bool placed_only) {
  std::string text;
  for (int c : board) {
    if (placed_only && c < 0) continue;
    if (!text.empty()) text += ' ';
    text += std::to_string(c + 1);
  }
  return text;
}

[[noreturn]] void unknown(std::string_view name) {
  throw std::logic_error("trace: a wording names '" + std::string(name) + "', which no event has");
}

Value value_of(const Event& e, int n, std::string_view name) {
  if (name.starts_with("var.")) {
    for (const Variable& v : e.vars) {
      if (v.name != name.substr(4)) continue;
      if (v.shape == Variable::Shape::number) return number(v.number);
      return {std::nullopt, to_string(v, n)};
    }
    return {std::nullopt, ""};
  }
  if (name == "step") return number(static_cast<std::int64_t>(e.step));
  if (name == "line") return number(e.code_line);
  if (name == "row") return number(e.row + 1);
  if (name == "col") return number(e.col + 1);
  if (name == "by_row") return number(e.by_row + 1);
  if (name == "by_col") return number(e.by_col + 1);
  if (name == "number") return number(static_cast<std::int64_t>(e.number));
  if (name == "n") return number(n);
  if (name == "queens") {
    std::int64_t queens = 0;
    for (int c : e.board) queens += c >= 0;
    return number(queens);
  }
  if (name == "along") return {std::nullopt, std::string(to_string(e.along))};
  if (name == "square") return {std::nullopt, square(e.row, e.col)};
  if (name == "by_square") return {std::nullopt, square(e.by_row, e.by_col)};
  if (name == "by") {
    return {std::nullopt,
            "the queen on " + square(e.by_row, e.by_col) + " (" + shared(e.along) + ")"};
  }
  if (name == "shared") return {std::nullopt, shared(e.along)};
  if (name == "walk") return {std::nullopt, walk(e.along)};
  if (name == "board") return {std::nullopt, columns(e.board, false)};
  if (name == "placed") return {std::nullopt, columns(e.board, true)};
  unknown(name);
}

// An operand of a condition: 'text', a whole number, or a name.
Value operand(const Event& e, int n, std::string_view token) {
  if (token.size() >= 2 && token.front() == '\'' && token.back() == '\'') {
    return {std::nullopt, std::string(token.substr(1, token.size() - 2))};
  }
  std::int64_t x = 0;
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), x);
  if (error == std::errc() && end == token.data() + token.size()) return number(x);
  return value_of(e, n, token);
}

bool holds(const Event& e, int n, std::string_view when) {
  if (when.empty()) return true;
  const std::size_t a = when.find(' ');
  const std::size_t b = when.find(' ', a + 1);
  if (a == std::string_view::npos || b == std::string_view::npos) unknown(when);
  const Value x = operand(e, n, when.substr(0, a));
  const Value y = operand(e, n, when.substr(b + 1));
  const std::string_view op = when.substr(a + 1, b - a - 1);
  if (x.number && y.number) {
    const std::int64_t p = *x.number, q = *y.number;
    if (op == "==") return p == q;
    if (op == "!=") return p != q;
    if (op == "<") return p < q;
    if (op == "<=") return p <= q;
    if (op == ">") return p > q;
    if (op == ">=") return p >= q;
  } else {
    if (op == "==") return x.text == y.text;
    if (op == "!=") return x.text != y.text;
    if (op == "<" || op == "<=" || op == ">" || op == ">=") return false;
  }
  unknown(op);
}

void put(std::string& out, std::string_view text, const Event& e, int n) {
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] != '{') {
      out += text[i++];
      continue;
    }
    const std::size_t close = text.find('}', i);
    if (close == std::string_view::npos) unknown(text.substr(i));
    const std::string_view inside = text.substr(i + 1, close - i - 1);
    const std::size_t bar = inside.find('|');
    const Value v = value_of(e, n, inside.substr(0, bar));
    if (bar == std::string_view::npos) {
      out += v.text;
    } else {
      if (!v.number) unknown(inside);
      ((out += v.text) += ' ') += inside.substr(bar + 1);
      if (*v.number != 1) out += 's';
    }
    i = close + 1;
  }
}

}  // namespace

std::string sentence(const Event& event, int n) {
  std::string out;
  put(out, kSentenceStart, event, n);
  for (const Wording& w : kind_info(event.kind).wordings) {
    if (!holds(event, n, w.when)) continue;
    put(out, w.text, event, n);
    return out;
  }
  return out + std::string(to_string(event.kind)) + ".";
}

}  // namespace nq::trace
