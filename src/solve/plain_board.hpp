// SPDX-License-Identifier: MIT
// The board of audit-first's own search (plain_refuter.hpp), for n up to 128: the free squares
// of every open row (as a mask of columns) and of every open column (as a mask of rows), kept in
// step, and sets of up to 256 diagonals. Written for the refuter alone, from the rules of the
// game; it shares nothing with the search that writes proofs (src/search).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace nq::detail::plain {

__extension__ using Bits = unsigned __int128;  // a row's columns or a column's rows

inline constexpr int kMaxN = 128;

inline Bits bit(int i) { return Bits{1} << i; }
inline Bits all_of(int n) { return n == 128 ? ~Bits{0} : bit(n) - 1; }
inline int count(Bits b) {
  return std::popcount(static_cast<std::uint64_t>(b)) +
         std::popcount(static_cast<std::uint64_t>(b >> 64));
}
inline int lowest(Bits b) {  // b != 0
  const auto low = static_cast<std::uint64_t>(b);
  return low ? std::countr_zero(low) : 64 + std::countr_zero(static_cast<std::uint64_t>(b >> 64));
}
inline int highest(Bits b) {  // b != 0
  const auto high = static_cast<std::uint64_t>(b >> 64);
  return high ? 127 - std::countl_zero(high) : 63 - std::countl_zero(static_cast<std::uint64_t>(b));
}

// Calls f(i) for every set bit i, lowest first.
template <class F>
void each_bit(Bits b, F&& f) {
  for (auto w = static_cast<std::uint64_t>(b); w != 0; w &= w - 1) f(std::countr_zero(w));
  for (auto w = static_cast<std::uint64_t>(b >> 64); w != 0; w &= w - 1) {
    f(64 + std::countr_zero(w));
  }
}

// A set of diagonals: index v + n - 1 for v = c - r, or r + c; 2n - 1 <= 255 of them.
struct Diagonals {
  std::array<std::uint64_t, 4> words{};

  void add_shifted(Bits b, int by) {  // the set bits of b, each moved up by `by` (0..127)
    const auto low = static_cast<std::uint64_t>(b), high = static_cast<std::uint64_t>(b >> 64);
    const int w = by / 64, s = by % 64;
    words[static_cast<std::size_t>(w)] |= low << s;
    words[static_cast<std::size_t>(w + 1)] |= (s ? low >> (64 - s) : 0) | high << s;
    if (s && w + 2 < 4) words[static_cast<std::size_t>(w + 2)] |= high >> (64 - s);
  }
  bool has(int i) const { return words[static_cast<std::size_t>(i / 64)] >> (i % 64) & 1; }
  // The least member >= i, or 256.
  int next(int i) const {
    for (int w = i / 64; w < 4 && i < 256; ++w, i = 64 * w) {
      const std::uint64_t rest = words[static_cast<std::size_t>(w)] >> (i % 64) << (i % 64);
      if (rest) return 64 * w + std::countr_zero(rest);
    }
    return 256;
  }
  // The greatest member <= i, or -1.
  int previous(int i) const {
    for (int w = i / 64; w >= 0 && i >= 0; --w, i = 64 * w + 63) {
      const int keep = i % 64 + 1;  // bits 0..i%64 of word w
      const std::uint64_t word = words[static_cast<std::size_t>(w)];
      const std::uint64_t rest = keep == 64 ? word : word & ((std::uint64_t{1} << keep) - 1);
      if (rest) return 64 * w + 63 - std::countl_zero(rest);
    }
    return -1;
  }
};

// The free squares of a board with some queens placed: `row_free[r]` holds the columns where a
// queen in open row r attacks none placed; `col_free[c]` the same squares by column. Only the
// first n entries are used; closed lines hold 0.
struct Board {
  int n = 0;
  Bits open_rows = 0, open_cols = 0;
  std::array<Bits, kMaxN> row_free{}, col_free{};

  void clear(int size) {
    n = size;
    open_rows = open_cols = all_of(size);
    for (int i = 0; i < n; ++i) {
      row_free[static_cast<std::size_t>(i)] = col_free[static_cast<std::size_t>(i)] = all_of(n);
    }
  }

  // `to` = this board with a queen on (r, c), which must be free. A queen at distance d from
  // another line attacks three squares of it: on its own line and on the two diagonals.
  void place_into(Board& to, int r, int c) const {
    to.n = n;
    to.open_rows = open_rows & ~bit(r);
    to.open_cols = open_cols & ~bit(c);
    const auto on_board = [this](int i) {
      return static_cast<unsigned>(i) < static_cast<unsigned>(n) ? bit(i) : Bits{0};
    };
    for (int i = 0; i < n; ++i) {
      const auto k = static_cast<std::size_t>(i);
      to.row_free[k] = row_free[k] & ~(bit(c) | on_board(c + (i - r)) | on_board(c - (i - r)));
      to.col_free[k] = col_free[k] & ~(bit(r) | on_board(r + (i - c)) | on_board(r - (i - c)));
    }
    to.row_free[static_cast<std::size_t>(r)] = 0;
    to.col_free[static_cast<std::size_t>(c)] = 0;
  }
};

}  // namespace nq::detail::plain
