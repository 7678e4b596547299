// SPDX-License-Identifier: MIT
// The board left to fill after some queens are placed, for the existence searches behind
// solve --method first and complete() (src/search/ is shared by both): the free squares of every
// open row and of every open column, as 64-bit masks kept in step (bit c of row_free[r] is bit r
// of col_free[c]).
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

namespace nq::detail {

inline constexpr int kResidualMaxN = 64;

struct Residual {
  int n = 0;
  std::uint64_t open_rows = 0;
  std::uint64_t open_cols = 0;
  std::uint64_t dirty_rows = 0;  // lines changed since propagate() last looked at them
  std::uint64_t dirty_cols = 0;
  std::array<std::uint64_t, kResidualMaxN> row_free{};
  std::array<std::uint64_t, kResidualMaxN> col_free{};

  static Residual empty(int n);  // 1 <= n <= kResidualMaxN

  bool place(int row, int col);  // (row, col) must be free
  bool propagate();

  // The steps of propagate(). strike() removes (row, col) if it is a free square of an open row;
  // strike_common() removes what both free squares of a line (a row, or a column when `columns`)
  // attack. Both set `changed` when they remove something and return false on an empty line.
  bool strike(int row, int col, bool& changed);
  bool strike_common(int line, int first, int second, bool columns, bool& changed);
};

}  // namespace nq::detail
