// SPDX-License-Identifier: MIT
// How a traced search tells its events: the interface that the classic methods (src/classic/) and
// the traced random and first (src/trace/) tell and nq::trace's recorder implements. The method
// asks begin(kind) where its listing's line stands; the tracer numbers the event and hands it back
// to be filled in, or returns nullptr when it is only counted (outside the window, after the cut,
// a kind not asked for), so a long trace builds only the events it tells. done() asks for a stop.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <span>
#include <string_view>
#include <vector>

#include "nqueens/classic.hpp"
#include "nqueens/trace.hpp"

namespace nq::trace::detail {

// What a method's own file says about it: its words (MethodInfo) and its listing, with the line
// each kind comes from (nested's listing is written out for each n: listing.cpp).
struct Teaching {
  MethodInfo info;
  std::span<const std::string_view> lines;
  std::span<const KindLine> kinds;
};

class Tracer {
 public:
  virtual ~Tracer() = default;
  // `work` is the method's counters as they stand.
  virtual Event* begin(Kind kind, const classic::Counters& work) = 0;
  virtual void told() = 0;  // the event begin() returned is filled in
  virtual bool done() const = 0;
};

// Tells one event through `tracer` (if any): fill(event) sets what the method knows.
template <class Fill>
void tell(Tracer* tracer, Kind kind, const classic::Counters& work, Fill&& fill) {
  if (!tracer) return;
  if (Event* e = tracer->begin(kind, work)) {
    fill(*e);
    tracer->told();
  }
}

// The variables, as the listings have them.
inline Variable number(std::string_view name, std::int64_t value) {
  return {.name = name, .shape = Variable::Shape::number, .number = value};
}
inline Variable bits(std::string_view name, std::uint64_t mask) {
  return {.name = name, .shape = Variable::Shape::bits, .number = static_cast<std::int64_t>(mask)};
}
// The first `length` entries of `values` (a JavaScript array that holds only those).
inline Variable array(std::string_view name, const std::vector<int>& values, std::size_t length) {
  return {.name = name,
          .shape = Variable::Shape::array,
          .array = std::vector<int>(values.begin(),
                                    values.begin() + static_cast<std::ptrdiff_t>(length))};
}
inline Variable array(std::string_view name, const std::vector<int>& values) {
  return array(name, values, values.size());
}

// A board of n rows holding the first `length` entries of `columns`, the rest empty.
inline std::vector<int> board_of(const std::vector<int>& columns, std::size_t length,
                                 std::size_t n) {
  std::vector<int> board(n, -1);
  for (std::size_t r = 0; r < length && r < n; ++r) board[r] = columns[r];
  return board;
}

// The line along which the queen at (by_row, by_col) attacks (row, col).
inline Along along_of(int row, int col, int by_row, int by_col) {
  if (col == by_col) return Along::column;
  if (row - col == by_row - by_col) return Along::diagonal;
  if (row + col == by_row + by_col) return Along::anti_diagonal;
  return Along::row;
}

// The topmost of the queens in rows 0..row-1 of `columns` that attacks (row, col), or -1,
// counting one check a queen compared: the textbook safe(row, c). The checks are added once, at
// the end, rather than bumped in memory on every comparison.
inline int first_attacker(const std::vector<int>& columns, int row, int col,
                          std::uint64_t& checks) {
  for (int r = 0; r < row; ++r) {
    const int c = columns[static_cast<std::size_t>(r)];
    if (c == col || std::abs(c - col) == row - r) {
      checks += static_cast<std::uint64_t>(r) + 1;
      return r;
    }
  }
  checks += static_cast<std::uint64_t>(row);
  return -1;
}

}  // namespace nq::trace::detail
