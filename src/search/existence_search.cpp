// SPDX-License-Identifier: MIT
#include "search/existence_search.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <stdexcept>

#include "search/diagonal_bounds.hpp"
#include "search/diagonal_moments.hpp"
#include "search/popcount_clones.hpp"

namespace nq::detail {

namespace {

const std::atomic<bool> kNeverCancelled{false};

struct Line {
  int index = -1;
  bool is_row = true;
};

// The open line with the fewest free squares. Ties go to columns before rows, and to the
// highest index: on the boards the first rows of a lexicographically early solution leave, this
// cut the refutations that cost the most by one to two orders of magnitude (docs/journal/first.md,
// "Columns before rows, highest first, and what did not pay").
template <class Mask>
[[gnu::always_inline]] inline Line fewest_free(const BasicResidual<Mask>& board) {
  Line line;
  int fewest = BasicResidual<Mask>::kMaxN + 1;
  for (Mask m = board.open_cols; m != 0;) {
    const int c = highest(m);  // highest first
    m ^= bit<Mask>(c);
    if (const int count = popcount(board.col_free[c]); count < fewest) {
      fewest = count, line = {c, false};
    }
  }
  for (Mask m = board.open_rows; m != 0;) {
    const int r = highest(m);
    m ^= bit<Mask>(r);
    if (const int count = popcount(board.row_free[r]); count < fewest) {
      fewest = count, line = {r, true};
    }
  }
  return line;
}

template <class Mask>
[[gnu::always_inline]] inline int count_free(const BasicResidual<Mask>& board) {
  int total = 0;
  for (Mask m = board.open_rows; m != 0; m &= m - 1) total += popcount(board.row_free[lowest(m)]);
  return total;
}

// The builds with POPCNT (popcount_clones.hpp), one per width.
NQ_POPCOUNT_CLONES Line most_constrained(const Residual& board) { return fewest_free(board); }
NQ_POPCOUNT_CLONES Line most_constrained(const WideResidual& board) { return fewest_free(board); }
NQ_POPCOUNT_CLONES int free_squares(const Residual& board) { return count_free(board); }
NQ_POPCOUNT_CLONES int free_squares(const WideResidual& board) { return count_free(board); }

}  // namespace

std::vector<Cell> SuspendedPath::path() const {
  std::vector<Cell> squares;
  for (const Node& node : nodes) squares.push_back(node.children[node.current]);
  return squares;
}

// Without a cancel flag the search reads one that is never set, so that the check every 256
// nodes stays a plain load, as it was when every caller had to pass a flag.
template <class Mask>
BasicExistenceSearch<Mask>::BasicExistenceSearch(const ExistenceSearchOptions& options)
    : stop_(options.stop),
      cancel_(options.cancel ? *options.cancel : kNeverCancelled),
      budget_(options.budget),
      rng_(options.mode == ExistenceMode::random ? options.rng : nullptr),
      suspend_(options.suspend && options.mode == ExistenceMode::exhaustive),
      families_(options.families),
      moments_(options.moments),
      moments_workspace_(options.workspace ? *options.workspace : own_workspace_),
      levels_(Board::kMaxN + 1) {
  if (options.mode == ExistenceMode::random && options.rng == nullptr) {
    throw std::invalid_argument("ExistenceSearch: the random mode needs an rng");
  }
}

template <class Mask>
bool BasicExistenceSearch<Mask>::viable(Board& board) {
  return board.propagate() && diagonal_sums_allow(board, families_);
}

// The children of `board`: the free squares of its most constrained line that survive
// propagation and the bound, in the order the mode tries them.
template <class Mask>
void BasicExistenceSearch<Mask>::expand(const Board& board, Level& level) {
  const Line line = most_constrained(board);
  level.is_row = line.is_row;
  level.line = line.index;
  level.boards.clear();
  level.squares.clear();
  level.order.clear();
  for (Mask f = line.is_row ? board.row_free[line.index] : board.col_free[line.index]; f != 0;
       f &= f - 1) {
    const int at = lowest(f);
    Board& child = level.boards.emplace_back(board);  // one copy of the board, kept or dropped
    if (!(line.is_row ? child.place(line.index, at) : child.place(at, line.index)) ||
        !viable(child)) {
      level.boards.pop_back();
      continue;
    }
    const int key = rng_ ? static_cast<int>(rng_->below(1u << 30)) : -free_squares(child);
    level.order.emplace_back(key, level.boards.size() - 1);
    level.squares.push_back(line.is_row ? Cell{line.index, at} : Cell{at, line.index});
  }
  std::stable_sort(level.order.begin(), level.order.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
}

template <class Mask>
bool BasicExistenceSearch<Mask>::search(const Board& board, std::size_t depth) {
  if (board.open_rows == 0) {
    completion_.resize(static_cast<std::size_t>(board.n));
    for (int r = 0; r < board.n; ++r) {
      completion_[static_cast<std::size_t>(r)] = lowest(board.row_free[r]);
    }
    return true;
  }
  if (++nodes_ > budget_) {
    --nodes_;  // not expanded: the node is left for whoever searches the rest
    stopped_ = budget_spent_ = true;
    if (suspend_) suspended_.nodes.resize(depth);
    return false;
  }
  if ((nodes_ & 255) == 0 && (stop_.stop_requested() || cancel_.load(std::memory_order_relaxed))) {
    stopped_ = true;
    return false;
  }

  Level& level = levels_[depth];
  expand(board, level);
  std::uint64_t child_nodes[Board::kMaxN];
  for (std::size_t i = 0; i < level.order.size(); ++i) {
    const std::uint64_t before = nodes_;
    if (search(level.boards[level.order[i].second], depth + 1)) return true;
    child_nodes[i] = nodes_ - before;
    if (stopped_) {
      if (budget_spent_ && suspend_) {  // unwinding from the node where the budget ran out
        SuspendedPath::Node& node = suspended_.nodes[depth];
        node.is_row = level.is_row;
        node.line = level.line;
        node.children.clear();
        for (const auto& [key, index] : level.order) node.children.push_back(level.squares[index]);
        node.nodes.assign(child_nodes, child_nodes + i);
        node.current = i;
      }
      return false;
    }
  }
  return false;
}

template <class Mask>
ExistenceOutcome BasicExistenceSearch<Mask>::run(Board board) {
  suspended_.nodes.clear();
  if (!viable(board) || (moments_ && !diagonal_moments_allow(board, moments_workspace_)))
    return Outcome::refuted;
  if (search(board, 0)) return Outcome::completed;
  if (!stopped_) return Outcome::refuted;
  return budget_spent_ && suspend_ ? Outcome::suspended : Outcome::stopped;
}

template <class Mask>
PathSample BasicExistenceSearch<Mask>::sample_path(Board board, SplitMix64& rng) {
  if (!viable(board) || (moments_ && !diagonal_moments_allow(board, moments_workspace_))) {
    return {};
  }
  double estimate = 0;
  double width = 1;  // the product of the children counts above the current depth
  // One level is enough: each step moves the chosen child out before expanding it.
  Level& level = levels_[0];
  for (;;) {
    if (board.open_rows == 0) return {estimate, true};  // a completion: not a node of the search
    estimate += width;  // the nodes at this depth, one expanded here
    ++nodes_;
    expand(board, level);
    if (level.order.empty()) return {estimate, false};
    width *= static_cast<double>(level.order.size());
    board = level.boards[level.order[rng.exactly_below(level.order.size())].second];
  }
}

template class BasicExistenceSearch<std::uint64_t>;
template class BasicExistenceSearch<Uint128>;

}  // namespace nq::detail
