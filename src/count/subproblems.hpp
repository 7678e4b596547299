// SPDX-License-Identifier: MIT
// The split of the search into subproblems: every non-attacking placement of the first `depth`
// rows, in lexicographic order, optionally only those whose first queen lies in the left half of
// the board (mirror symmetry), each with the weight of the mirror images it stands for. The list
// is generated in a fixed order, so a subproblem's index is a stable id: the same id always
// denotes the same prefix.
#pragma once

#include <cstdint>
#include <vector>

namespace nq::detail {

struct Subproblem {
  std::uint64_t cols = 0;  // columns taken by the prefix
  std::uint64_t diag = 0;  // diagonals attacking the next row, shifted to its frame (<<)
  std::uint64_t anti = 0;  // anti-diagonals attacking the next row (>>)
  int rows = 0;            // rows placed
  std::uint32_t weight = 1;
  std::uint8_t prefix[8] = {};  // the columns of the rows placed (depth <= 8)
};

enum class Mirror : bool { off, on };  // on: first queen in the left half (weights 2)

// All subproblems for n (1 <= n <= 32), prefixes of min(n, depth) rows (depth <= 8), in
// lexicographic order. `nodes` grows by the number of queens placed while generating them.
std::vector<Subproblem> split_by_prefix(int n, int depth, Mirror mirror, std::uint64_t& nodes);

}  // namespace nq::detail
