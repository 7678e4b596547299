// SPDX-License-Identifier: MIT
// Subtotal logs (`count --subtotals FILE`, read back by `audit`): one line per finished
// subproblem, so that anyone can recompute a sample of a long run, the way the published
// n = 26 and n = 27 runs were checked:
//
//   # nqueens subtotals: n 18, engine halves, version 0.2.0, subproblems 12283
//   # id weight count
//   0 4 20968
//   1 4 21060
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "nqueens/count.hpp"

namespace nqcli {

struct Subtotals {
  int n = 0;
  std::string engine;
  std::string version;
  std::uint64_t subproblems = 0;
  std::vector<nq::SubproblemCount> lines;  // in file order
  std::vector<std::size_t> line_numbers;   // where each came from, for messages
};

// Writes the log atomically (temporary file, then rename); throws UsageError on failure.
void write_subtotals(const std::string& path, const Subtotals& log);

// Throws UsageError, naming the line, for anything that is not a well-formed log.
Subtotals read_subtotals(const std::string& path);

}  // namespace nqcli
