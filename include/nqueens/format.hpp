// SPDX-License-Identifier: MIT
// Text formats of a placement.
//   perm:  n column numbers 1..n in row order, separated by whitespace or commas ("2 4 1 3").
//   board: n rows of n cells, '.' empty and 'Q' a queen, exactly one queen per row.
//   json:  {"n": 4, "perm": [2, 4, 1, 3]} (1-based columns, like perm); a bare array is accepted,
//          1-based too unless it holds a 0: then it is a program's array of columns counted
//          from 0 ([1, 3, 0, 2]); and so is LeetCode's board, an array of n strings of '.' and
//          'Q' ([".Q..", ...]).
//   fen:   the rows from the top separated by '/', digits for runs of empty squares and 'q' for a
//          queen, as chess diagrams write them ("1q2/3q/q3/2q1").
// Readers never trust their input: anything that is not exactly a placement raises ParseError
// with a one-line message naming the row, or the place in the text (line and character, 1-based),
// where it went wrong.
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

#include "nqueens/placement.hpp"

namespace nq {

enum class Format { perm, board, json, fen };

class ParseError : public std::runtime_error {  // malformed input; what() is one line
 public:
  using std::runtime_error::runtime_error;
};

struct ReadOptions {
  std::optional<std::size_t> expected_size;  // if set, n must equal it (checked before allocating)
};

// json if it opens with { or [, fen if it holds a '/', board if it opens with . or Q, else perm.
Format detect_format(std::string_view text);
Placement read_placement(std::string_view text, const ReadOptions& options = {});  // detects
Placement read_placement(std::string_view text, Format format, const ReadOptions& options = {});
Placement read_perm(std::string_view text, const ReadOptions& options = {});
Placement read_board(std::string_view text, const ReadOptions& options = {});
Placement read_json(std::string_view text, const ReadOptions& options = {});
Placement read_fen(std::string_view text, const ReadOptions& options = {});

void write_perm(std::ostream& out, const Placement& p);   // "2 4 1 3\n"
void write_board(std::ostream& out, const Placement& p);  // n lines of '.' and 'Q'
void write_json(std::ostream& out, const Placement& p);   // {"n":4,"perm":[2,4,1,3]}\n
std::string to_perm(const Placement& p);                  // write_perm into a string, no newline

std::string_view to_string(Format format);
std::optional<Format> format_from_string(std::string_view name);

}  // namespace nq
