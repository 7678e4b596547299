// SPDX-License-Identifier: MIT
// The functional style: the list of safe k-queen boards is the list of (k-1)-queen boards, each
// extended by every column (map), keeping the safe extensions (filter), concatenated (fold).
// Nothing is mutated once built. Memory grows with the number of partial boards, which is the
// price of this style; it shows the whole search level by level.
#include <algorithm>
#include <iterator>
#include <numeric>

#include "classic/collector.hpp"

namespace nq::classic::detail {

namespace {

using Boards = std::vector<std::vector<int>>;

// The safe one-row extensions of `board`, in column order.
Boards extensions(Collector& c, const std::vector<int>& board) {
  std::vector<int> columns(static_cast<std::size_t>(c.n()));
  std::iota(columns.begin(), columns.end(), 0);
  Boards extended;
  std::transform(columns.begin(), columns.end(), std::back_inserter(extended), [&](int column) {
    std::vector<int> next = board;
    next.push_back(column);
    return next;
  });
  c.counters().placements += extended.size();
  c.counters().nodes += extended.size();
  Boards safe;
  std::copy_if(extended.begin(), extended.end(), std::back_inserter(safe),
               [&](const std::vector<int>& b) {
                 return c.safe(b, static_cast<int>(b.size()) - 1, b.back());
               });
  return safe;
}

}  // namespace

Result functional(const Options& options) {
  Collector c(options);
  Boards boards = {{}};  // the one 0-queen board
  for (int k = 1; k <= c.n() && !c.should_stop(); ++k) {
    boards = std::accumulate(boards.begin(), boards.end(), Boards{},
                             [&](Boards all, const std::vector<int>& board) {
                               Boards more = extensions(c, board);
                               all.insert(all.end(), more.begin(), more.end());
                               return all;
                             });
  }
  for (const auto& board : boards) {
    if (static_cast<int>(board.size()) == c.n() && c.found(board)) break;
  }
  return c.finish();
}

}  // namespace nq::classic::detail
