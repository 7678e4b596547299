// SPDX-License-Identifier: MIT
// P and R for Burnside's lemma: the solutions fixed by the half turn and by the quarter turn.
// A symmetric solution is determined by its queens in one orbit representative row, so the
// search places whole orbits at once: {(r,c), (n-1-r, n-1-c)} for the half turn, and
// {(r,c), (c,n-1-r), (n-1-r,n-1-c), (n-1-c,r)} for the quarter turn. For the quarter turn,
// placing the squares of an orbit one by one into a board that tracks rows, columns and both
// diagonals rejects orbits that attack themselves (or fold onto one row) without any special
// case; the half turn, whose search is the larger (and runs on one thread after the count), is
// searched row by row with masks (HalfTurn). For odd n the centre square is its own orbit and
// must hold a queen. These boards have about the square root as many solutions as the full
// problem, so the searches are a small part of a count (docs/journal/count.md, "Shared tables,
// runs by class and the set-up's tail").
#include <bit>
#include <cstdint>
#include <stdexcept>

#include "nqueens/count.hpp"

namespace nq {

namespace {

struct Board {
  int n;
  std::uint64_t rows = 0, cols = 0, diag = 0, anti = 0;  // diag: r - c + n - 1, anti: r + c

  bool place(int r, int c) {  // false if the square is attacked (the board is then unusable)
    const std::uint64_t rb = 1ull << r, cb = 1ull << c;
    const std::uint64_t db = 1ull << (r - c + n - 1), ab = 1ull << (r + c);
    if ((rows & rb) | (cols & cb) | (diag & db) | (anti & ab)) return false;
    rows |= rb, cols |= cb, diag |= db, anti |= ab;
    return true;
  }
  int first_free_row() const {
    for (int r = 0; r < n; ++r) {
      if (!(rows >> r & 1)) return r;
    }
    return n;
  }
};

// The half turn, by rows 0 .. n/2 - 1, each queen placed with its image in the mirrored row. The
// columns, sums r + c and differences r - c + n - 1 that a half-turn symmetric placement
// occupies are each a set that reversal maps onto itself (c and n - 1 - c; r + c and
// 2n - 2 - r - c; r - c + n - 1 and c - r + n - 1), so the image (n - 1 - r, n - 1 - c) is free
// exactly when (r, c) is: a row's candidates are one mask, less the two columns where a queen
// and its image would share a diagonal (c = n - 1 - r, c = r). The board-by-board recursion it
// replaces took ten times as long, after the count and on one thread (docs/journal/count.md,
// "Shared tables, runs by class and the set-up's tail").
struct HalfTurn {
  int n, rows;  // rows to fill: n / 2
  std::uint64_t all;
  std::uint64_t nodes = 0;

  std::uint64_t count(int r, std::uint64_t cols, std::uint64_t sums, std::uint64_t diffs) {
    if (r == rows) return 1;
    const int mirror = n - 1 - r;
    std::uint64_t free = all & ~cols & ~(sums >> r) & ~(diffs >> mirror);
    free &= ~((std::uint64_t{1} << r) | (std::uint64_t{1} << mirror));
    std::uint64_t total = 0;
    for (; free; free &= free - 1) {
      ++nodes;
      const int c = std::countr_zero(free), image = n - 1 - c;
      total +=
          count(r + 1, cols | std::uint64_t{1} << c | std::uint64_t{1} << image,
                sums | std::uint64_t{1} << (r + c) | std::uint64_t{1} << (2 * n - 2 - r - c),
                diffs | std::uint64_t{1} << (r - c + n - 1) | std::uint64_t{1} << (c - r + n - 1));
    }
    return total;
  }
};

std::uint64_t count_half_turn(int n, std::uint64_t& nodes) {
  HalfTurn search{n, n / 2, (std::uint64_t{1} << n) - 1};  // n <= 32
  std::uint64_t cols = 0, sums = 0, diffs = 0;
  if (n % 2 == 1) {  // the centre is its own orbit
    const int m = n / 2;
    cols = std::uint64_t{1} << m, sums = std::uint64_t{1} << (2 * m);
    diffs = std::uint64_t{1} << (n - 1);
  }
  const std::uint64_t total = search.count(0, cols, sums, diffs);
  nodes += search.nodes;
  return total;
}

std::uint64_t count_quarter_turn(const Board& board, std::uint64_t& nodes) {
  const int r = board.first_free_row();
  const int last = board.n - 1;
  if (r == board.n) return 1;
  std::uint64_t count = 0;
  for (int c = 0; c < board.n; ++c) {
    Board next = board;
    ++nodes;
    if (next.place(r, c) && next.place(c, last - r) && next.place(last - r, last - c) &&
        next.place(last - c, r)) {
      count += count_quarter_turn(next, nodes);
    }
  }
  return count;
}

}  // namespace

SymmetricCounts count_symmetric(int n) {
  if (n < 1 || n > kMaxCountN) throw std::invalid_argument("count_symmetric: n out of range");
  SymmetricCounts result;
  Board empty{n};
  if (n % 2 == 1) empty.place(n / 2, n / 2);  // the centre is its own orbit
  result.half_turn = count_half_turn(n, result.nodes);
  result.quarter_turn = count_quarter_turn(empty, result.nodes);
  return result;
}

}  // namespace nq
