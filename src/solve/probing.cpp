// SPDX-License-Identifier: MIT
// Lexicographically first solution by probing. Row by row, try the columns left to right and
// keep the first one after which the board can still be completed. "Can it be completed?" is a
// plain existence question, so its search may go in any order: it picks the open row with the
// fewest free squares (most constrained first), places a queen, and strikes the squares that
// queen attacks from every other open row, failing as soon as some row has none left or some
// open column can no longer be reached. Existence searches that succeed are fast; the cost is
// in refuting the columns left of the answer, which this order does far better than row order.
#include "solve/probing.hpp"

#include <array>
#include <bit>
#include <vector>

namespace nq::detail {

namespace {

constexpr int kMaxN = 64;

struct Board {
  std::array<std::uint64_t, kMaxN> free{};  // free squares of each row (bit = column)
  std::uint64_t open_rows = 0;              // rows without a queen
  std::uint64_t open_cols = 0;              // columns without a queen
};

class Prober {
 public:
  Prober(int n, std::stop_token stop) : n_(n), stop_(std::move(stop)) {}

  // Places a queen at (row, col) and strikes what it attacks; false if some open row is left
  // without a free square.
  bool place(Board& b, int row, int col) const {
    b.open_rows &= ~(1ull << row);
    b.open_cols &= ~(1ull << col);
    b.free[static_cast<std::size_t>(row)] = 1ull << col;
    for (std::uint64_t rows = b.open_rows; rows != 0; rows &= rows - 1) {
      const int r = std::countr_zero(rows);
      const int d = r > row ? r - row : row - r;
      std::uint64_t attacked = 1ull << col;
      if (col + d < n_) attacked |= 1ull << (col + d);
      if (col - d >= 0) attacked |= 1ull << (col - d);
      if ((b.free[static_cast<std::size_t>(r)] &= ~attacked) == 0) return false;
    }
    return true;
  }

  // Is there a completion of b? Most constrained open row first.
  bool completable(const Board& b) {
    if (b.open_rows == 0) return true;
    if ((++nodes_ & 0xFFFF) == 0 && stop_.stop_requested()) stopped_ = true;
    if (stopped_) return false;
    int best = -1, fewest = kMaxN + 1;
    std::uint64_t once = 0, twice = 0;  // columns free in at least one / two open rows
    for (std::uint64_t rows = b.open_rows; rows != 0; rows &= rows - 1) {
      const int r = std::countr_zero(rows);
      const std::uint64_t f = b.free[static_cast<std::size_t>(r)];
      twice |= once & f;
      once |= f;
      if (std::popcount(f) < fewest) fewest = std::popcount(f), best = r;
    }
    if ((once & b.open_cols) != b.open_cols) return false;  // a column nobody can take
    std::uint64_t choices = b.free[static_cast<std::size_t>(best)];
    // A column that only one open row can take forces that row's queen: branch on nothing else.
    if (const std::uint64_t forced = b.open_cols & once & ~twice; forced != 0 && fewest > 1) {
      const std::uint64_t bit = forced & -forced;
      for (std::uint64_t rows = b.open_rows; rows != 0; rows &= rows - 1) {
        const int r = std::countr_zero(rows);
        if (b.free[static_cast<std::size_t>(r)] & bit) best = r;
      }
      choices = bit;
    }
    for (std::uint64_t f = choices; f != 0; f &= f - 1) {
      Board next = b;
      if (place(next, best, std::countr_zero(f)) && completable(next)) return true;
      if (stopped_) return false;
    }
    return false;
  }

  std::uint64_t nodes() const { return nodes_; }
  bool stopped() const { return stopped_; }

 private:
  int n_;
  std::stop_token stop_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

}  // namespace

SolveResult solve_first_by_probing(const SolveOptions& options) {
  const int n = options.n;
  Board board;
  const std::uint64_t all = n == 64 ? ~0ull : (1ull << n) - 1;
  board.open_rows = board.open_cols = all;
  for (int r = 0; r < n; ++r) board.free[static_cast<std::size_t>(r)] = all;

  Prober prober(n, options.stop);
  std::vector<Column> col(static_cast<std::size_t>(n));
  SolveResult result;
  for (int row = 0; row < n; ++row) {
    bool fixed = false;
    for (std::uint64_t f = board.free[static_cast<std::size_t>(row)]; f != 0 && !fixed;
         f &= f - 1) {
      Board next = board;
      const int c = std::countr_zero(f);
      if (prober.place(next, row, c) && prober.completable(next)) {
        board = next;
        col[static_cast<std::size_t>(row)] = static_cast<Column>(c);
        fixed = true;
      }
      if (prober.stopped()) {
        result.nodes = prober.nodes();
        return result;  // complete == false
      }
    }
    if (!fixed) {  // only possible in row 0: n = 2 or 3
      result.nodes = prober.nodes();
      result.complete = true;
      return result;
    }
  }
  result.nodes = prober.nodes();
  result.complete = true;
  result.solution = Placement(std::move(col));
  return result;
}

}  // namespace nq::detail
