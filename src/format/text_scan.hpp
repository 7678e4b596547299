// SPDX-License-Identifier: MIT
// Small helpers shared by the text readers: what counts as whitespace, and how to quote an
// offending character or token in a one-line error message (control bytes become \xNN).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace nq::detail {

inline bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Printable ASCII stays as it is; anything else is shown as \xNN so a message stays one line.
std::string quote_bytes(std::string_view bytes, std::size_t max_length = 24);

// Where a byte offset lies in the text, 1-based, for messages: "line 3, character 7".
std::string describe_position(std::string_view text, std::size_t offset);

// A row of a drawn board (board and fen readers): its one queen's column, or ParseError
// "WHERE has K squares; a board of n rows needs n" or "WHERE has Q queens; ...".
std::size_t queen_of_row(std::string_view where, std::size_t squares, std::size_t queens,
                         std::size_t column, std::size_t n);

}  // namespace nq::detail
