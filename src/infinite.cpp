// SPDX-License-Identifier: MIT
// Quintal queens: each base-5 digit d of the row becomes 2d mod 5 in the column. Within a block
// of 5 rows this is the 5-queens solution 0 2 4 1 3; blocks of 5^k rows repeat it at scale,
// which is why every 5^k prefix is itself a solution.
#include "nqueens/infinite.hpp"

#include <string>

#include "nqueens/invalid_argument.hpp"
#include "nqueens/memory.hpp"

namespace nq {

void QuintalSequence::next() {
  // A digit 4 (column digit 3) rolls over to 0 (column digit 0) and carries.
  std::uint64_t place = 1;
  int k = 0;
  for (; digits_[k] == 4; ++k, place *= 5) {
    digits_[k] = 0;
    column_ -= 3 * place;
  }
  const std::uint64_t before = 2u * digits_[k] % 5;
  ++digits_[k];
  column_ = column_ - before * place + (2u * digits_[k] % 5) * place;
}

std::uint64_t quintal_column(std::uint64_t row) {
  std::uint64_t column = 0, place = 1;
  for (; row > 0; row /= 5, place *= 5) column += (2 * (row % 5) % 5) * place;
  return column;
}

std::vector<std::uint32_t> quintal_columns(std::uint64_t k) {
  check_whole_number(k, "K", 1, kMaxInfiniteTerms, "infinite");
  require_memory(k * sizeof(std::uint32_t), "the first " + std::to_string(k) + " columns");
  std::vector<std::uint32_t> columns(static_cast<std::size_t>(k));
  QuintalSequence sequence;
  for (std::uint32_t& c : columns) {
    c = static_cast<std::uint32_t>(sequence.column());
    sequence.next();
  }
  return columns;
}

}  // namespace nq
