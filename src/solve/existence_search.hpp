// SPDX-License-Identifier: MIT
// "Can this board still be completed?", answered by a search free to choose its own order: it
// branches on the open row or column with the fewest free squares, propagates (residual.hpp) and
// refutes with the diagonal sum bounds (diagonal_bounds.hpp) at every node.
//
// Two modes. Exhaustive: children are tried with the most free squares left first (the order
// cannot change the cost of a refutation, which visits them all, and it finds completions sooner).
// Random: children in a random order and a budget of nodes; a restart strategy for boards that do
// have completions, where an unlucky order can wander for a long time.
#pragma once

#include <atomic>
#include <cstdint>
#include <stop_token>
#include <vector>

#include "solve/residual.hpp"
#include "split_mix.hpp"

namespace nq::detail {

class ExistenceSearch {
 public:
  enum class Outcome { completed, refuted, stopped };

  // The search stops (Outcome::stopped) when `stop` is requested, when `cancel` is set or after
  // `budget` nodes. A non-null `rng` selects the random mode.
  ExistenceSearch(std::stop_token stop, const std::atomic<bool>& cancel, std::uint64_t budget,
                  SplitMix64* rng);

  // `board` is one where place() has just succeeded.
  Outcome run(Residual board);
  const std::vector<int>& completion() const { return completion_; }  // column of every row
  std::uint64_t nodes() const { return nodes_; }

 private:
  bool viable(Residual& board);
  bool search(const Residual& board, std::size_t depth);

  std::stop_token stop_;
  const std::atomic<bool>& cancel_;
  std::uint64_t budget_;
  SplitMix64* rng_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  std::vector<int> completion_;
  struct Level {  // the children of the node at one depth, reused from node to node
    std::vector<Residual> boards;
    std::vector<std::pair<int, std::size_t>> order;  // (key, index): ascending key tried first
  };
  std::vector<Level> levels_;  // one per depth, allocated up front so references stay valid
};

}  // namespace nq::detail
