// SPDX-License-Identifier: MIT
// Placement construction checks the one invariant a Placement always keeps: every column lies
// on the board. Whether it is a permutation or a solution is for the caller to ask.
#include "nqueens/placement.hpp"

#include <stdexcept>
#include <string>

namespace nq {

namespace {
void check_in_range(const std::vector<Column>& col) {
  for (std::size_t row = 0; row < col.size(); ++row) {
    if (col[row] >= col.size()) {
      throw std::invalid_argument("Placement: column " + std::to_string(col[row]) + " of row " +
                                  std::to_string(row) + " is outside a board of size " +
                                  std::to_string(col.size()));
    }
  }
}
}  // namespace

Placement::Placement(std::vector<Column> columns) : col_(std::move(columns)) {
  check_in_range(col_);
}

Placement::Placement(std::initializer_list<Column> columns) : col_(columns) {
  check_in_range(col_);
}

bool Placement::is_permutation() const {
  std::vector<bool> used(col_.size(), false);
  for (Column c : col_) {
    if (used[c]) return false;
    used[c] = true;
  }
  return true;
}

}  // namespace nq
