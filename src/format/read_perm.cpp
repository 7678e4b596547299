// SPDX-License-Identifier: MIT
// The perm reader: n column numbers 1..n separated by whitespace or commas. It must take 10^8
// queens (about 900 MB of text) in linear time, so it makes two flat passes over the bytes: the
// first checks every character and counts the numbers (so n is known and checked before anything
// is allocated), the second converts them, with overflow-safe digit accumulation.
#include <limits>
#include <string>

#include "format/text_scan.hpp"
#include "nqueens/format.hpp"

namespace nq {

namespace {

using detail::describe_position;
using detail::is_digit;
using detail::is_space;
using detail::quote_bytes;

std::size_t count_numbers(std::string_view text) {
  std::size_t count = 0;
  bool in_number = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (is_digit(c)) {
      count += !in_number;
      in_number = true;
    } else if (is_space(c) || c == ',') {  // "2 4 1 3", "2,4,1,3" and "2, 4, 1, 3" alike
      in_number = false;
    } else {
      std::string what = c == '-' ? "negative numbers are not columns: " : "unexpected character ";
      throw ParseError("column numbers: " + what + quote_bytes(text.substr(i, 1)) + " at " +
                       describe_position(text, i) + "; expected column numbers 1..n");
    }
  }
  return count;
}

// The number of `row` (0-based) in text[start, end) is not a column of the board.
[[noreturn]] void off_the_board(std::string_view text, std::size_t start, std::size_t end,
                                std::size_t row, std::size_t n) {
  throw ParseError("column numbers: row " + std::to_string(row + 1) + "'s column " +
                   quote_bytes(text.substr(start, end - start)) + " (" +
                   describe_position(text, start) + ") is off the board: " + std::to_string(n) +
                   " numbers make a board of columns 1.." + std::to_string(n));
}

}  // namespace

Placement read_perm(std::string_view text, const ReadOptions& options) {
  const std::size_t n = count_numbers(text);
  if (n == 0) throw ParseError("column numbers: empty input; expected column numbers 1..n");
  if (options.expected_size && *options.expected_size != n) {
    throw ParseError("column numbers: expected " + std::to_string(*options.expected_size) +
                     " column numbers, got " + std::to_string(n));
  }
  if (n > std::numeric_limits<Column>::max()) {
    throw ParseError("column numbers: " + std::to_string(n) +
                     " queens are more than this program supports");
  }
  std::vector<Column> col(n);
  std::size_t row = 0;
  for (std::size_t i = 0; i < text.size();) {
    if (!is_digit(text[i])) {
      ++i;
      continue;
    }
    const std::size_t start = i;
    std::uint64_t value = 0;
    bool too_big = false;
    for (; i < text.size() && is_digit(text[i]); ++i) {
      value = value * 10 + static_cast<unsigned>(text[i] - '0');
      too_big |= value > n;  // once past n it stays out of range; stop growing it
      if (too_big) value = n + 1;
    }
    if (value == 0 || value > n) off_the_board(text, start, i, row, n);
    col[row++] = static_cast<Column>(value - 1);
  }
  return Placement(std::move(col));
}

}  // namespace nq
