// SPDX-License-Identifier: MIT
// Placement: n queens, one per row, stored as the column of each row (col[row], 0-based).
// A Placement need not be a solution, nor even a permutation: readers keep what the input says
// (two queens may share a column) so that verify() can name the attacking pair.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <vector>

namespace nq {

using Column = std::uint32_t;  // column index, 0-based; boards up to 2^32 - 1 queens

class Placement {
 public:
  Placement() = default;                            // the empty board (n = 0)
  explicit Placement(std::vector<Column> columns);  // columns[row]; each must be < size()
  Placement(std::initializer_list<Column> columns);

  std::size_t size() const noexcept { return col_.size(); }                // n
  Column operator[](std::size_t row) const noexcept { return col_[row]; }  // column of row
  std::span<const Column> columns() const noexcept { return col_; }        // all of col[]
  bool is_permutation() const;  // every column used exactly once (O(n))

  friend bool operator==(const Placement&, const Placement&) = default;
  friend auto operator<=>(const Placement&, const Placement&) = default;  // lexicographic

 private:
  std::vector<Column> col_;
};

}  // namespace nq
