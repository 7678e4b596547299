// SPDX-License-Identifier: MIT
// Checking a placement: are any two queens on a common column or diagonal (rows are distinct
// by construction)? find_attack answers in O(n) time and about 5n bits of memory, so boards of
// 10^8 queens and more are checked at memory speed.
//
// "The first attacking pair" is defined as the pair (a, b), a < b, with the smallest b and then
// the smallest a: the first row whose queen is attacked by an earlier one, and the earliest
// queen attacking it. It is what a reader scanning the rows top-down would find first.
//
// Example:
//   auto attack = nq::find_attack(nq::Placement{0, 2, 1});  // (1,2) and (2,1): r + c = 3
//   // attack->row_a == 1, attack->row_b == 2, attack->line == nq::Line::anti_diagonal
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "nqueens/placement.hpp"

namespace nq {

enum class Line { column, diagonal, anti_diagonal };  // diagonal: r - c constant; anti: r + c

struct Attack {
  std::size_t row_a = 0;  // the earlier queen, 0-based row
  Column col_a = 0;
  std::size_t row_b = 0;  // the later queen, row_a < row_b
  Column col_b = 0;
  Line line = Line::column;
};

std::optional<Attack> find_attack(const Placement& p);  // nullopt: p is a solution

// The same check one queen at a time, for boards streamed from a file (10^9 queens): memory is
// the 5n bits of the line marks, not the board. add() returns the line that the new queen
// shares with an earlier one, if any (the earliest earlier queen on it is then for the caller to
// find, e.g. by a second pass with on_line()).
class StreamingVerifier {
 public:
  explicit StreamingVerifier(std::uint64_t n);
  std::optional<Line> add(Column col);  // the queen of the next row
  std::uint64_t rows() const { return rows_; }
  static std::uint64_t bytes_needed(std::uint64_t n) { return (5 * n + 7) / 8 + 64; }

 private:
  std::uint64_t n_;
  std::uint64_t rows_ = 0;
  std::vector<std::uint64_t> marks_;  // columns [0, n), diagonals [n, 3n), anti-diagonals [3n, 5n)
};

// Do the queens (row_a, col_a) and (row_b, col_b) lie on `line`?
bool on_line(Line line, std::uint64_t row_a, Column col_a, std::uint64_t row_b, Column col_b);
bool is_solution(const Placement& p);  // !find_attack(p)

// "queens at row 2 column 3 and row 5 column 6 share a diagonal" (1-based, as people count).
std::string describe(const Attack& attack);

}  // namespace nq
