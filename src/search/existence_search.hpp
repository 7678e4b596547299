// SPDX-License-Identifier: MIT
// "Can this board still be completed?", answered by a search free to choose its own order: it
// branches on the open row or column with the fewest free squares, propagates (residual.hpp) and
// refutes with the diagonal sum bounds (diagonal_bounds.hpp) at every node.
//
// Two modes (ExistenceMode). Exhaustive: children are tried with the most free squares left first
// (the order cannot change the cost of a refutation, which visits them all, and it finds
// completions sooner). Random: children in a random order and a budget of nodes; a restart
// strategy for boards that do have completions, where an unlucky order can wander for a long time.
#pragma once

#include <atomic>
#include <cstdint>
#include <stop_token>
#include <vector>

#include "nqueens/first_proof.hpp"
#include "search/diagonal_bounds.hpp"
#include "search/diagonal_moments.hpp"
#include "search/residual.hpp"
#include "split_mix.hpp"

namespace nq::detail {

using nq::Cell;

// Where an exhaustive search stood when its budget ran out, as the nodes on its current path.
// Node d of the path branched on `line` (a row, or a column when !is_row) and its board is the
// search's root with the chosen squares of nodes 0..d-1 placed. Its children (the free squares
// of the line that survived propagation and the bound) are listed in search order: those before
// `current` were refuted, each in `nodes[i]` nodes, `current` is the path's next node (the last
// node: none) and those after it were not reached. The last node of the path was not expanded.
struct SuspendedPath {
  struct Node {
    bool is_row = true;
    int line = 0;
    std::vector<Cell> children;
    std::vector<std::uint64_t> nodes;  // for children[0..current)
    std::size_t current = 0;
  };
  std::vector<Node> nodes;         // the branching nodes above the unexpanded last one
  std::vector<Cell> path() const;  // the chosen squares, root to the unexpanded node
};

// One random path of BasicExistenceSearch::sample_path().
struct PathSample {
  double nodes = 0;        // its estimate of the nodes an exhaustive refutation expands
  bool completed = false;  // it ended in a completion: the board has one, there is no refutation
};

// The order in which a node's children are tried (the two modes above). Either mode decides the
// board when the budget does not run out first.
enum class ExistenceMode {
  exhaustive,  // most free squares left first: probes, and pieces that may be suspended
  random,      // drawn from ExistenceSearchOptions::rng: restarts that look for a completion
};

// How one ExistenceSearch runs. The search stops (Outcome::stopped) when `stop` is requested,
// when `*cancel` is set, and after `budget` nodes (Outcome::suspended instead when `suspend`).
struct ExistenceSearchOptions {
  std::stop_token stop = {};                  // request_stop() ends the search: Outcome::stopped
  const std::atomic<bool>* cancel = nullptr;  // set by another thread: stopped too; null: never
  std::uint64_t budget = ~std::uint64_t{0};   // nodes to expand before it stops; ~0: no limit
  ExistenceMode mode = ExistenceMode::exhaustive;
  SplitMix64* rng = nullptr;  // the random mode's numbers, advanced by the search; not null there
  // Exhaustive mode only: when the budget runs out, report Outcome::suspended and where the
  // search stood (suspended()), so that the rest can be searched as separate pieces.
  bool suspend = false;
  // The diagonal sum bounds the search refutes with at every node (diagonal_bounds.hpp).
  DiagonalFamilies families = DiagonalFamilies::difference;
  // run()'s board must also pass the diagonal moments test (diagonal_moments.hpp), once, before
  // the search: every probe and piece of solve --method first starts so.
  bool moments = false;
  // Where that test keeps its tables: one per thread serves every search the thread runs (it
  // must outlive them); null: the search keeps its own, reused from run to run.
  MomentsWorkspace* workspace = nullptr;
};

enum class ExistenceOutcome { completed, refuted, stopped, suspended };

// One class for each width of board (residual.hpp): ExistenceSearch up to 64 rows,
// WideExistenceSearch up to 128.
template <class Mask>
class BasicExistenceSearch {
 public:
  using Board = BasicResidual<Mask>;
  using Outcome = ExistenceOutcome;

  // The options are copied; `*options.cancel` and `*options.rng` must outlive the search.
  // Throws std::invalid_argument for the random mode without an rng.
  explicit BasicExistenceSearch(const ExistenceSearchOptions& options);

  // `board` is one where place() has just succeeded.
  Outcome run(Board board);
  const std::vector<int>& completion() const { return completion_; }  // column of every row
  std::uint64_t nodes() const { return nodes_; }
  const SuspendedPath& suspended() const { return suspended_; }

  // Knuth's estimate (1975) of the nodes an exhaustive run(board) would expand to refute it: one
  // random path down the same tree (the same root test, branching and pruning), summing for each
  // depth the product of the numbers of children met above it, 1 + d1 + d1 d2 + .... Its mean
  // over many paths is the tree's size; a board dead at its root gives 0, as run() counts no
  // node for it. A path that ends in a completion says so: the board has one, and the numbers
  // are of a refutation that will not happen. Reads neither the budget nor the stop token;
  // nodes() counts the nodes the path expanded.
  PathSample sample_path(Board board, SplitMix64& rng);

 private:
  struct Level;
  bool viable(Board& board);
  bool search(const Board& board, std::size_t depth);
  void expand(const Board& board, Level& level);

  std::stop_token stop_;
  const std::atomic<bool>& cancel_;
  std::uint64_t budget_;
  SplitMix64* rng_;  // null in the exhaustive mode: the hot loop tests this, not the mode
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
  bool suspend_ = false;
  DiagonalFamilies families_;
  bool moments_ = false;
  MomentsWorkspace own_workspace_;
  MomentsWorkspace& moments_workspace_;  // options.workspace, or own_workspace_
  bool budget_spent_ = false;
  std::vector<int> completion_;
  SuspendedPath suspended_;
  struct Level {  // the children of the node at one depth, reused from node to node
    std::vector<Board> boards;
    std::vector<Cell> squares;                       // the square each board placed
    std::vector<std::pair<int, std::size_t>> order;  // (key, index): ascending key tried first
    bool is_row = true;                              // the line branched on
    int line = 0;
  };
  std::vector<Level> levels_;  // one per depth, allocated up front so references stay valid
};

using ExistenceSearch = BasicExistenceSearch<std::uint64_t>;
using WideExistenceSearch = BasicExistenceSearch<Uint128>;
extern template class BasicExistenceSearch<std::uint64_t>;
extern template class BasicExistenceSearch<Uint128>;

}  // namespace nq::detail
