// SPDX-License-Identifier: MIT
// P and R for Burnside's lemma: the solutions fixed by the half turn and by the quarter turn.
// A symmetric solution is determined by its queens in one orbit representative row, so the
// search places whole orbits at once: {(r,c), (n-1-r, n-1-c)} for the half turn, and
// {(r,c), (c,n-1-r), (n-1-r,n-1-c), (n-1-c,r)} for the quarter turn. Placing the squares of an
// orbit one by one into a board that tracks rows, columns and both diagonals rejects orbits that
// attack themselves (or fold onto one row) without any special case. For odd n the centre square
// is its own orbit and must hold a queen. These boards have about the square root as many
// solutions as the full problem, so plain recursion is fast enough (milliseconds at n = 20).
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

std::uint64_t count_half_turn(const Board& board, std::uint64_t& nodes) {
  const int r = board.first_free_row();
  if (r == board.n) return 1;
  std::uint64_t count = 0;
  for (int c = 0; c < board.n; ++c) {
    Board next = board;
    ++nodes;
    if (next.place(r, c) && next.place(board.n - 1 - r, board.n - 1 - c)) {
      count += count_half_turn(next, nodes);
    }
  }
  return count;
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
  result.half_turn = count_half_turn(empty, result.nodes);
  result.quarter_turn = count_quarter_turn(empty, result.nodes);
  return result;
}

}  // namespace nq
