// SPDX-License-Identifier: MIT
// audit-first's own search (plain_refuter.hpp): depth first over a stack of boards, one per
// depth, each made from its parent by placing one queen.
#include "solve/plain_refuter.hpp"

// Counting the free squares of every line at every node takes a popcount each, and x86-64's
// baseline has none: the function that does it is built twice, and the loader picks the POPCNT
// build where the CPU has it (not under ThreadSanitizer, whose runtime is not ready for the
// resolver). Written here again rather than shared with src/search.
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define NQ_PLAIN_NO_CLONES
#endif
#endif
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__SANITIZE_THREAD__) && \
    !defined(NQ_PLAIN_NO_CLONES)
#define NQ_PLAIN_POPCOUNT_CLONES [[gnu::target_clones("popcnt", "default")]]
#else
#define NQ_PLAIN_POPCOUNT_CLONES
#endif

namespace nq::detail {

using plain::Bits;

namespace {

// The open column and the open row with the fewest free squares, the highest index on a tie.
struct Fewest {
  int col = -1, col_count = plain::kMaxN + 1, row = -1, row_count = plain::kMaxN + 1;
  bool empty = false;  // an open line has none
};

// Plain loops over the masks' words: a lambda (plain::each_bit) would be a function of its own,
// built without POPCNT.
NQ_PLAIN_POPCOUNT_CLONES Fewest fewest_free(const plain::Board& board) {
  Fewest f;
  const auto line = [&](Bits free, int i, int& best, int& count) {
    const int k = std::popcount(static_cast<std::uint64_t>(free)) +
                  std::popcount(static_cast<std::uint64_t>(free >> 64));
    f.empty |= k == 0;
    if (k <= count) best = i, count = k;
  };
  for (int half = 0; half < 2; ++half) {
    for (auto w = static_cast<std::uint64_t>(board.open_cols >> (64 * half)); w; w &= w - 1) {
      const int c = 64 * half + std::countr_zero(w);
      line(board.col_free[static_cast<std::size_t>(c)], c, f.col, f.col_count);
    }
  }
  for (int half = 0; half < 2; ++half) {
    for (auto w = static_cast<std::uint64_t>(board.open_rows >> (64 * half)); w; w &= w - 1) {
      const int r = 64 * half + std::countr_zero(w);
      line(board.row_free[static_cast<std::size_t>(r)], r, f.row, f.row_count);
    }
  }
  return f;
}

}  // namespace

PlainRefuter::PlainRefuter(int n, std::uint64_t budget, std::stop_token stop, Order order)
    : n_(n),
      budget_(budget),
      stop_(std::move(stop)),
      order_(order),
      boards_(static_cast<std::size_t>(n + 1)) {}

PlainRefuter::Outcome PlainRefuter::run(const std::vector<Cell>& queens) {
  nodes_ = 0;
  over_ = false;
  solution_.assign(static_cast<std::size_t>(n_), -1);
  plain::Board& root = boards_[0];
  root.clear(n_);
  for (const Cell& q : queens) {
    if (!(root.row_free[static_cast<std::size_t>(q.row)] >> q.col & 1)) {
      return Outcome::refuted;  // it shares a line with a queen placed before it
    }
    root.place_into(root, q.row, q.col);
    solution_[static_cast<std::size_t>(q.row)] = q.col;
  }
  if (search(0)) return Outcome::completed;
  return over_ ? Outcome::over_budget : Outcome::refuted;
}

// The line to branch on; false when an open line has no free square left. Fewest first: the
// fewest free squares, columns before rows on a tie and the highest index first. The line decides
// the size of a refutation, which visits every child. Nodes to search again every piece of the
// proofs for n = 44, 47, 58, 61 and 63: this rule 11 K, 2.3 M, 6.2 M, 125 K and 239 K; rows first
// on a tie 12 K, 10.4 M, over 11 M, 164 K and 292 K; the lowest index first, columns before rows,
// 11 K, then one piece of n = 47 over 10 M; rows in order 218 K for n = 44, and pieces over 10 M
// for the others.
bool PlainRefuter::choose_line(const plain::Board& board, bool& is_row, int& line) const {
  const Fewest f = fewest_free(board);
  if (f.empty) return false;
  if (order_ == Order::lexicographic) {
    is_row = true;
    line = plain::lowest(board.open_rows);
  } else {
    is_row = f.row_count < f.col_count;
    line = is_row ? f.row : f.col;
  }
  return true;
}

bool PlainRefuter::search(int depth) {
  const plain::Board& board = boards_[static_cast<std::size_t>(depth)];
  if (board.open_rows == 0) return true;
  if (++nodes_ > budget_ || ((nodes_ & 1023) == 0 && stop_.stop_requested())) {
    over_ = true;
    return false;
  }
  bool is_row = true;
  int line = 0;
  if (!choose_line(board, is_row, line)) return false;
  if (!sums_.allows(board)) return false;
  // At the root only: deeper it saved few nodes for several times the time
  // (docs/journal/first.md, "audit-first's own search").
  if (depth == 0 && !moments_.allows(board)) return false;
  plain::Board& child = boards_[static_cast<std::size_t>(depth + 1)];
  const auto at = static_cast<std::size_t>(line);
  for (Bits rest = is_row ? board.row_free[at] : board.col_free[at]; rest != 0; rest &= rest - 1) {
    const int p = plain::lowest(rest);  // columns left to right along a row
    const int r = is_row ? line : p, c = is_row ? p : line;
    board.place_into(child, r, c);
    solution_[static_cast<std::size_t>(r)] = c;
    if (search(depth + 1)) return true;
    if (over_) return false;
  }
  return false;
}

}  // namespace nq::detail
