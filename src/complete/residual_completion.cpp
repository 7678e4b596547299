// SPDX-License-Identifier: MIT
#include "complete/residual_completion.hpp"

#include <cstdint>

namespace nq::detail {

template <class Mask>
std::optional<BasicResidual<Mask>> completion_residual(const CompletionInstance& in) {
  const int n = static_cast<int>(in.n);
  BasicResidual<Mask> board = BasicResidual<Mask>::empty(n);
  bool changed = false;
  // Strikes first: a given queen's square is neither blocked nor on an excluded diagonal (the
  // instance is well formed), so it stays free for place().
  for (const Square& s : in.blocked) {
    if (!board.strike(static_cast<int>(s.row), static_cast<int>(s.col), changed)) {
      return std::nullopt;
    }
  }
  for (const Diagonal& d : in.excluded) {
    for (int r = 0; r < n; ++r) {
      const int c = d.sum ? d.index - r : r - d.index;
      if (c >= 0 && c < n && !board.strike(r, c, changed)) return std::nullopt;
    }
  }
  for (const Square& q : in.queens) {
    const int r = static_cast<int>(q.row), c = static_cast<int>(q.col);
    // A queen given on a square an earlier one attacks is ruled out by instance_error; one on a
    // square already forced away by propagation cannot happen either, as nothing propagates yet.
    if (!test(board.row_free[static_cast<std::size_t>(r)], c)) return std::nullopt;
    if (!board.place(r, c)) return std::nullopt;
  }
  if (!board.propagate()) return std::nullopt;
  return board;
}

template std::optional<Residual> completion_residual(const CompletionInstance&);
template std::optional<WideResidual> completion_residual(const CompletionInstance&);

}  // namespace nq::detail
