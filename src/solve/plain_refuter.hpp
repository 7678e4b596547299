// SPDX-License-Identifier: MIT
// The search audit-first checks refuted pieces with: rows in order, columns left to right, forward
// checking (every open row and every open column must keep a free square) and the simplest form of
// the diagonal sum bound, written again from its statement (docs/algorithms.md) with plain arrays:
// for a threshold t on v = c - r, the queens still to place on the side v >= t number at most the
// largest u for which the u largest columns minus the u smallest rows that reach the side are at
// least the u smallest free values of v there, summed; likewise below; the two sides must hold them
// all. At the piece's root only, the second-moment test on the free diagonals
// (search/diagonal_moments.hpp), written again the same way. It shares no code with the search
// that wrote the proof.
#pragma once

#include <cstdint>
#include <stop_token>
#include <vector>

#include "nqueens/first_proof.hpp"

namespace nq::detail {

class PlainRefuter {
 public:
  enum class Outcome { refuted, completed, over_budget };

  PlainRefuter(int n, std::uint64_t budget, std::stop_token stop);
  // `queens`: the piece's queens, on distinct squares of the board. Rows are filled in order
  // and columns tried left to right, so with no queens given the solution it finds is the
  // lexicographically first: an independent reference for solve_first.
  Outcome run(const std::vector<Cell>& queens);
  const std::vector<int>& solution() const { return solution_; }  // after completed
  std::uint64_t nodes() const { return nodes_; }

 private:
  __extension__ using Wide = unsigned __int128;
  std::uint64_t free_in(int r, std::uint64_t cols, Wide diag, Wide anti) const;
  bool sums_allow(const std::vector<std::uint64_t>& free, std::uint64_t open_rows) const;
  bool moments_allow(const std::vector<std::uint64_t>& free, std::uint64_t open_rows,
                     std::uint64_t open_cols) const;
  bool place(std::uint64_t rows, std::uint64_t cols, Wide diag, Wide anti);

  int n_;
  std::uint64_t all_;
  std::uint64_t budget_;
  std::stop_token stop_;
  std::uint64_t nodes_ = 0;
  bool over_ = false;
  std::vector<int> solution_;
};

}  // namespace nq::detail
