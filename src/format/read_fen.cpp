// SPDX-License-Identifier: MIT
// The FEN-like reader: the rows of the board from the top, separated by '/', each a run of
// digits for empty squares (several digits for runs of 10 or more) and 'q' or 'Q' for a queen,
// as chess diagrams write a position: "1q2/3q/q3/2q1" is the 4-queens board 2 4 1 3. Exactly one
// queen a row, as for the board reader; blanks around the whole are ignored.
#include <string>
#include <vector>

#include "format/text_scan.hpp"
#include "nqueens/format.hpp"

namespace nq {

namespace {

using detail::describe_position;
using detail::is_digit;
using detail::is_space;
using detail::quote_bytes;

struct FenRow {
  std::size_t squares = 0;
  std::size_t queens = 0;
  std::size_t column = 0;  // of the first queen
};

// One row, text[begin, end): runs and queens. A run longer than the board (`cap`) is an error
// at once, so that a row's length cannot overflow however long the text.
FenRow scan_fen_row(std::string_view text, std::size_t begin, std::size_t end, std::size_t cap) {
  FenRow row;
  for (std::size_t i = begin; i < end; ++i) {
    const char c = text[i];
    if (c == 'q' || c == 'Q') {
      if (row.queens++ == 0) row.column = row.squares;
      ++row.squares;
    } else if (is_digit(c)) {
      std::size_t run = 0;
      for (; i < end && is_digit(text[i]); ++i) {
        run = run * 10 + static_cast<std::size_t>(text[i] - '0');
        if (run > cap)
          throw ParseError("FEN: a run of empty squares longer than the board at " +
                           describe_position(text, i));
      }
      --i;
      if (run == 0)
        throw ParseError("FEN: a run of 0 empty squares at " + describe_position(text, i));
      row.squares += run;
    } else {
      throw ParseError("FEN: unexpected character " + quote_bytes(text.substr(i, 1)) + " at " +
                       describe_position(text, i) + "; expected digits, 'q' or '/'");
    }
  }
  return row;
}

}  // namespace

Placement read_fen(std::string_view text, const ReadOptions& options) {
  std::size_t begin = 0, end = text.size();
  while (begin < end && is_space(text[begin])) ++begin;
  while (end > begin && is_space(text[end - 1])) --end;
  if (begin == end) throw ParseError("FEN: empty input; expected rows such as 1q2/3q/q3/2q1");
  std::vector<std::pair<std::size_t, std::size_t>> spans;  // each row's [from, to)
  for (std::size_t from = begin;;) {
    const std::size_t slash = text.find('/', from);
    const std::size_t to = slash == std::string_view::npos || slash > end ? end : slash;
    spans.emplace_back(from, to);
    if (to == end) break;
    from = to + 1;
  }
  const std::size_t n = spans.size();
  if (options.expected_size && *options.expected_size != n) {
    throw ParseError("FEN: expected " + std::to_string(*options.expected_size) + " rows, got " +
                     std::to_string(n));
  }
  std::vector<Column> col(n);
  for (std::size_t r = 0; r < n; ++r) {
    const FenRow row = scan_fen_row(text, spans[r].first, spans[r].second, n);
    const std::string where = "FEN: row " + std::to_string(r + 1);
    col[r] =
        static_cast<Column>(detail::queen_of_row(where, row.squares, row.queens, row.column, n));
  }
  return Placement(std::move(col));
}

}  // namespace nq
