// SPDX-License-Identifier: MIT
// The board left to fill after some queens are placed, for the existence searches behind
// solve --method first and complete() (src/search/ is shared by both): the free squares of every
// open row and of every open column, as masks kept in step (bit c of row_free[r] is bit r of
// col_free[c]): 64-bit words for boards up to 64 rows (Residual), 128-bit ones up to 128
// (WideResidual; bits.hpp). The searches are templates over the two and dispatch on n.
//
// place() puts a queen and strikes what it attacks. propagate() then draws the cheap
// consequences until none is left: a line (open row or column) with one free square must take its
// queen there, and when a line has exactly two free squares, every square that both of them
// attack is dead (whichever of the two takes the queen attacks it). Both report a board that can
// no longer be completed (an open line without a free square) by returning false.
//
// place() and strike() mark the lines whose free squares they change, and propagate() looks at
// those lines only, until none is marked: the rules only ever remove squares, and each rule's
// removals grow with what it has been removed, so whatever the order the board ends at the same
// fixpoint as sweeping every line until nothing changes (tests check the two against each other),
// without a last sweep over every line to see that nothing did.
#pragma once

#include <array>
#include <cstdint>

#include "search/bits.hpp"

namespace nq::detail {

template <class Mask>
struct BasicResidual {
  using MaskType = Mask;
  static constexpr int kMaxN = static_cast<int>(8 * sizeof(Mask));

  int n = 0;
  Mask open_rows = 0;
  Mask open_cols = 0;
  Mask dirty_rows = 0;  // lines changed since propagate() last looked at them
  Mask dirty_cols = 0;
  std::array<Mask, kMaxN> row_free{};
  std::array<Mask, kMaxN> col_free{};

  static BasicResidual empty(int n);  // 1 <= n <= kMaxN

  bool place(int row, int col);  // (row, col) must be free
  bool propagate();

  // The steps of propagate(). strike() removes (row, col) if it is a free square of an open row;
  // strike_common() removes what both free squares of a line (a row, or a column when `columns`)
  // attack. Both set `changed` when they remove something and return false on an empty line.
  bool strike(int row, int col, bool& changed);
  bool strike_common(int line, int first, int second, bool columns, bool& changed);
};

using Residual = BasicResidual<std::uint64_t>;  // up to 64 rows
using WideResidual = BasicResidual<Uint128>;    // up to 128 rows
inline constexpr int kResidualMaxN = WideResidual::kMaxN;

extern template struct BasicResidual<std::uint64_t>;
extern template struct BasicResidual<Uint128>;

}  // namespace nq::detail
