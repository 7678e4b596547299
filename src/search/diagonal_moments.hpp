// SPDX-License-Identifier: MIT
// A counting test on the diagonals that the queens still to place must use, for boards where
// whole diagonals are missing (the Excluded Diagonals family of complete()).
//
// Every solution is a permutation, so over its queens the sums of r + c and of r - c are fixed
// (the sums of the rows and columns added and subtracted), and so is the sum of
// (r + c)^2 + (r - c)^2 = 2 r^2 + 2 c^2: the diagonals used must be spread just so, their
// second moment set by the board. On a residual board the same holds for the k queens still to
// place, with the open rows and columns. They use k distinct free diagonals of each family, and a
// queen's r + c and r - c have the same parity, so as many odd diagonals of one family are used as
// of the other. For each family and each parity, a knapsack over the free diagonals gives the
// least and the greatest sum of squares of j of them with a given sum; the board is refuted when
// no number of odd diagonals lets the least and greatest totals of the two families enclose the
// required one. The interval is a relaxation (not every value between is reached), so the test is
// sound: it never refutes a board with a completion (tests check it against exhaustive search).
//
// It costs O(n^2 k^2), milliseconds at n = 50, so complete() runs it once, on the board the
// given queens leave. There it decides most Excluded Diagonals instances past the transition
// that neither the search nor CaDiCaL refutes (docs/journal/complete.md, "The diagonal moments,
// and the Excluded Diagonals transition").
#pragma once

#include <cstdint>
#include <vector>

#include "search/residual.hpp"

namespace nq::detail {

// The knapsack tables of one test, kept from one test to the next by whoever tests many boards.
// Allocated afresh they are megabytes of new pages each time, which cost far more than the test
// itself on small searches (docs/journal/first.md, "How much a stopped run has left").
struct MomentsWorkspace {
  std::vector<std::int32_t> tables[4];
};

// False when no choice of free diagonals for the queens still to place has the sums and the
// second moment that every completion's diagonals have.
template <class Mask>
bool diagonal_moments_allow(const BasicResidual<Mask>& board);
// The same, with its tables in `workspace`.
template <class Mask>
bool diagonal_moments_allow(const BasicResidual<Mask>& board, MomentsWorkspace& workspace);

extern template bool diagonal_moments_allow(const Residual&);
extern template bool diagonal_moments_allow(const WideResidual&);
extern template bool diagonal_moments_allow(const Residual&, MomentsWorkspace&);
extern template bool diagonal_moments_allow(const WideResidual&, MomentsWorkspace&);

// The most memory diagonal_moments_allow() takes on a board of n rows: two knapsack tables of
// (n + 1) x (n (2n - 2) + 1) pairs of 32-bit sums at a time (4 MB each at n = 64, 33 MB at n =
// 128).
std::uint64_t diagonal_moments_bytes(int n);

}  // namespace nq::detail
