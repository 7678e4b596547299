// SPDX-License-Identifier: MIT
// Message helpers for the readers. They run only on the error path, so they may rescan; and the
// check of one row of a drawn board, which the board and fen readers share.
#include "format/text_scan.hpp"

#include <algorithm>
#include <string>

#include "nqueens/format.hpp"

namespace nq::detail {

std::string quote_bytes(std::string_view bytes, std::size_t max_length) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "'";
  for (std::size_t i = 0; i < std::min(bytes.size(), max_length); ++i) {
    const auto b = static_cast<unsigned char>(bytes[i]);
    if (b >= 0x20 && b < 0x7f) {
      out += static_cast<char>(b);
    } else {
      out += "\\x";
      out += kHex[b >> 4];
      out += kHex[b & 15];
    }
  }
  if (bytes.size() > max_length) out += "...";
  return out + "'";
}

std::string describe_position(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  const auto before = text.substr(0, offset);
  const std::size_t line =
      1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
  const std::size_t line_start =
      before.rfind('\n') == std::string_view::npos ? 0 : before.rfind('\n') + 1;
  // "character", not "column": a column of the text is easily read as a column of the board.
  return "line " + std::to_string(line) + ", character " + std::to_string(offset - line_start + 1);
}

namespace {
// "1 square", "2 squares": k and the word, in the plural unless k is 1.
std::string count_of(std::size_t k, const char* word) {
  return std::to_string(k) + " " + word + (k == 1 ? "" : "s");
}
}  // namespace

std::size_t queen_of_row(std::string_view where, std::size_t squares, std::size_t queens,
                         std::size_t column, std::size_t n) {
  if (squares != n) {
    throw ParseError(std::string(where) + " has " + count_of(squares, "square") + "; a board of " +
                     count_of(n, "row") + " needs " + std::to_string(n));
  }
  if (queens != 1) {
    throw ParseError(std::string(where) + " has " + std::to_string(queens) +
                     " queens; a placement has exactly one queen per row");
  }
  return column;
}

}  // namespace nq::detail
