// SPDX-License-Identifier: MIT
// The infinite "quintal queens" placement (OEIS A065256 and relatives): a queen in every row of
// an infinite board, no two attacking, whose first 5^k rows are a solution of the 5^k board for
// every k. It is the 5-queens solution 1 3 5 2 4 (0-based 0 2 4 1 3, a queen in the corner)
// tiled into itself: the column of row i doubles every base-5 digit of i, modulo 5.
//
// Example:
//   nq::quintal_column(7) == 14;   // 7 = (1 2) in base 5 -> (2 4) = 14
#pragma once

#include <cstdint>
#include <vector>

namespace nq {

// Terms of the placement a caller may ask for at once: 5^13, so that every column fits 32 bits.
inline constexpr std::uint64_t kMaxInfiniteTerms = 1'220'703'125;

std::uint64_t quintal_column(std::uint64_t row);  // 0-based column of 0-based row, O(log row)

// The columns of rows 0, 1, 2, ... in turn, in amortised O(1) each: a base-5 odometer whose
// digits are doubled as they turn.
class QuintalSequence {
 public:
  std::uint64_t column() const { return column_; }  // the column of the current row
  void next();                                      // on to the next row

 private:
  std::uint8_t digits_[28] = {};  // base-5 digits of the row, least significant first
  std::uint64_t column_ = 0;
};

// The columns of rows 0..k-1. Throws InvalidArgument for k outside 1..kMaxInfiniteTerms ("K must
// be at least 1, got '0'") or more than the memory available (nqueens/memory.hpp).
std::vector<std::uint32_t> quintal_columns(std::uint64_t k);

}  // namespace nq
