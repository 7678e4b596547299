// SPDX-License-Identifier: MIT
// The board reader: n non-blank lines of n cells, '.' for an empty square and 'Q' (or 'q') for
// a queen; blanks inside a line are ignored, so "Q . . ." reads like "Q...". A placement has
// exactly one queen per row, so a row with none or with two is malformed input, not an invalid
// placement: the perm form of such a board would not exist.
#include <string>
#include <vector>

#include "format/text_scan.hpp"
#include "nqueens/format.hpp"

namespace nq {

namespace {

using detail::describe_position;
using detail::is_space;
using detail::quote_bytes;

struct Row {
  std::size_t line = 0;    // 1-based input line
  std::size_t cells = 0;   // '.' and 'Q' seen
  std::size_t queens = 0;  // 'Q' seen
  std::size_t column = 0;  // 0-based column of the first queen
};

Row scan_row(std::string_view text, std::size_t begin, std::size_t end, std::size_t line) {
  Row row{line};
  for (std::size_t i = begin; i < end; ++i) {
    const char c = text[i];
    if (c == '.') {
      ++row.cells;
    } else if (c == 'Q' || c == 'q') {
      if (row.queens++ == 0) row.column = row.cells;
      ++row.cells;
    } else if (!is_space(c)) {
      throw ParseError("rows of '.' and 'Q': unexpected character " +
                       quote_bytes(text.substr(i, 1)) + " at " + describe_position(text, i) +
                       "; expected '.' or 'Q'");
    }
  }
  return row;
}

std::vector<Row> scan_rows(std::string_view text) {
  std::vector<Row> rows;
  std::size_t line = 1;
  for (std::size_t begin = 0; begin <= text.size(); ++line) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string_view::npos) end = text.size();
    Row row = scan_row(text, begin, end, line);
    if (row.cells > 0) rows.push_back(row);
    begin = end + 1;
  }
  return rows;
}

}  // namespace

Placement read_board(std::string_view text, const ReadOptions& options) {
  const std::vector<Row> rows = scan_rows(text);
  const std::size_t n = rows.size();
  if (n == 0) throw ParseError("rows of '.' and 'Q': empty input; expected n rows of '.' and 'Q'");
  if (options.expected_size && *options.expected_size != n) {
    throw ParseError("rows of '.' and 'Q': expected " + std::to_string(*options.expected_size) +
                     " rows, got " + std::to_string(n));
  }
  std::vector<Column> col(n);
  for (std::size_t r = 0; r < n; ++r) {
    const Row& row = rows[r];
    const std::string where =
        "row " + std::to_string(r + 1) + " (line " + std::to_string(row.line) + ")";
    col[r] = static_cast<Column>(detail::queen_of_row(where, row.cells, row.queens, row.column, n));
  }
  return Placement(std::move(col));
}

}  // namespace nq
