// SPDX-License-Identifier: MIT
// One solution for every n >= 4 (and n = 1) by an explicit formula, without search: the column
// of any row in O(1), so boards of up to 2^32 - 1 queens can be streamed in constant memory.
//
// The construction (Hoffman, Loessi and Moore 1969; in this form also in Bernhardsson 1991):
// in 1-based columns, rows take the even columns 2, 4, ..., then the odd ones 1, 3, ...; that is a
// solution unless n mod 6 is 2 or 3, where the odd (n mod 6 = 2) or both (n mod 6 = 3) runs are
// reordered:
//   n mod 6 = 2:  2, 4, ..., n,   3, 1, 7, 9, ..., n-1, 5
//   n mod 6 = 3:  4, 6, ..., n-1, 2, 5, 7, ..., n, 1, 3
// The test suite verifies it for every n from 4 to 5000 and for large n of every residue.
//
// Example:
//   nq::ExplicitSolution s(8);   // 2 4 6 8 3 1 7 5 in perm format
//   s.column(0) == 1;            // 0-based: the first row's queen is in column 2
#pragma once

#include <cstdint>
#include <vector>

#include "nqueens/placement.hpp"

namespace nq {

inline constexpr std::uint64_t kMaxConstructN = 0xFFFFFFFFull;  // columns are 32-bit

bool has_solution(std::uint64_t n);  // n == 1 or n >= 4

class ExplicitSolution {
 public:
  // A run of rows whose 1-based columns are first, first + 2, first + 4, ...
  struct Run {
    std::uint64_t first;
    std::uint64_t count;
  };

  explicit ExplicitSolution(std::uint64_t n);  // throws std::invalid_argument if no solution

  std::uint64_t size() const { return n_; }
  Column column(std::uint64_t row) const;                 // 0-based, O(1)
  const std::vector<Run>& runs() const { return runs_; }  // the rows in order, for streaming
  Placement placement() const;                            // the whole board (n * 4 bytes)

 private:
  std::uint64_t n_;
  std::vector<Run> runs_;
};

}  // namespace nq
