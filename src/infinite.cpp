// SPDX-License-Identifier: MIT
// Quintal queens: each base-5 digit d of the row becomes 2d mod 5 in the column. Within a block
// of 5 rows this is the 5-queens solution 0 2 4 1 3; blocks of 5^k rows repeat it at scale,
// which is why every 5^k prefix is itself a solution.
#include "nqueens/infinite.hpp"

namespace nq {

std::uint64_t quintal_column(std::uint64_t row) {
  std::uint64_t column = 0, place = 1;
  for (; row > 0; row /= 5, place *= 5) column += (2 * (row % 5) % 5) * place;
  return column;
}

}  // namespace nq
