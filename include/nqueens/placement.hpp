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
  // Lexicographic, written out rather than defaulted: the WebAssembly build's libc++ (14) has
  // no operator<=> for std::vector to default to.
  friend std::strong_ordering operator<=>(const Placement& a, const Placement& b) noexcept {
    const std::size_t common = a.size() < b.size() ? a.size() : b.size();
    for (std::size_t i = 0; i < common; ++i) {
      if (a.col_[i] != b.col_[i]) return a.col_[i] <=> b.col_[i];
    }
    return a.size() <=> b.size();
  }

 private:
  std::vector<Column> col_;
};

}  // namespace nq
