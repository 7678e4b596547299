// SPDX-License-Identifier: MIT
// The search audit-first checks refuted pieces with, for n up to 128. It shares no code with the
// search that wrote the proof (src/search): its board (plain_board.hpp) and its two tests
// (plain_bounds.hpp) were written again from the statements in docs/algorithms.md.
//
// At every node: every open row and column must keep a free square (forward checking), and the
// diagonal sum bound on c - r must allow the queens still to place. At the piece's root only,
// the diagonal moment test. It branches on the open line with the fewest free squares (ties:
// columns before rows, the highest index first), or, for a reference, on rows in order.
#pragma once

#include <cstdint>
#include <stop_token>
#include <vector>

#include "nqueens/first_proof.hpp"
#include "solve/plain_board.hpp"
#include "solve/plain_bounds.hpp"

namespace nq::detail {

class PlainRefuter {
 public:
  enum class Outcome { refuted, completed, over_budget };
  enum class Order {
    fewest_first,   // the open line with the fewest free squares: fast refutations
    lexicographic,  // the first open row, columns left to right
  };
  static constexpr int kMaxN = plain::kMaxN;

  // 1 <= n <= 128. `budget`: nodes one run may visit before it gives up.
  PlainRefuter(int n, std::uint64_t budget, std::stop_token stop,
               Order order = Order::fewest_first);
  // `queens`: the piece's queens, on squares of the board (two that attack each other refute
  // it). With Order::lexicographic and no queens given, the solution it finds is the
  // lexicographically first: an independent reference for solve_first.
  Outcome run(const std::vector<Cell>& queens);
  const std::vector<int>& solution() const { return solution_; }  // after completed: every row
  std::uint64_t nodes() const { return nodes_; }

 private:
  bool search(int depth);
  bool choose_line(const plain::Board& board, bool& is_row, int& line) const;

  int n_;
  std::uint64_t budget_;
  std::stop_token stop_;
  Order order_;
  std::uint64_t nodes_ = 0;
  bool over_ = false;
  std::vector<int> solution_;
  std::vector<plain::Board> boards_;  // one per depth, reused
  plain::SumBound sums_;
  plain::MomentTest moments_;
};

}  // namespace nq::detail
