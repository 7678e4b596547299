// SPDX-License-Identifier: MIT
// Queens with the Amb operator: the program just says "choose a column for each row; it must
// be safe" and Amb's backtracking does the rest. Every choice made (on every replay) is a
// placement; every program run is a node.
#include <numeric>

#include "classic/collector.hpp"
#include "nqueens/amb.hpp"

namespace nq::classic::detail {

Result amb(const Options& options) {
  Collector c(options);
  std::vector<int> columns(static_cast<std::size_t>(c.n()));
  std::iota(columns.begin(), columns.end(), 0);
  std::vector<int> col(columns.size());
  const auto program = [&](Amb& a) {
    for (int row = 0; row < c.n(); ++row) {
      col[static_cast<std::size_t>(row)] = a.choose(columns);
      a.require(c.safe(col, row, col[static_cast<std::size_t>(row)]));
    }
  };
  Amb a;
  a.run_all(program, [&] { return !c.found(col); });
  c.counters().placements = a.choices_made();
  c.counters().nodes = a.runs();
  return c.finish();
}

}  // namespace nq::classic::detail
