// SPDX-License-Identifier: MIT
// The solutions of n x n one at a time, on demand: a pull-style counterpart of nq::enumerate
// for callers that cannot take a callback or a thread (a JavaScript iterator in the
// single-threaded WebAssembly build). It yields the same stream as enumerate() with the same
// options, in the same lexicographic order of col[], using O(n) memory and no threads: the
// backtracking stack lives in the object between calls. With `unique`, only each class's
// canonical member (its lexicographically smallest image) is yielded.
//
// Example:
//   nq::SolutionCursor cursor(6, false);
//   while (cursor.next()) use(cursor.columns());  // 4 solutions: 1 3 5 0 2 4, 2 5 1 4 0 3, ...
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace nq {

class SolutionCursor {
 public:
  SolutionCursor(int n, bool unique);  // 1 <= n <= kMaxEnumerateN; std::invalid_argument if not

  bool next();  // moves to the next solution; false once there are no more
  std::span<const int> columns() const { return {col_.data(), static_cast<std::size_t>(n_)}; }
  std::uint64_t nodes() const { return nodes_; }  // queens placed so far

 private:
  bool next_any();
  bool is_canonical() const;

  static constexpr int kMaxN = 32;
  int n_;
  bool unique_;
  int row_ = 0;  // the row whose remaining candidates the search takes next; -1: finished
  std::uint64_t full_;
  std::array<std::uint64_t, kMaxN> free_{};  // row r: the squares not yet tried and not attacked
  std::array<std::uint64_t, kMaxN + 1> cols_{}, left_{}, right_{};  // attacked, entering row r
  std::array<int, kMaxN> col_{};
  std::uint64_t nodes_ = 0;
};

}  // namespace nq
