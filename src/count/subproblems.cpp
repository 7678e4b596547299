// SPDX-License-Identifier: MIT
// Prefix split with mirror symmetry (enumerate's unit of work; count has its own engines).
//
// Mirror symmetry: reflecting a solution left-right gives another solution, and the two differ
// in their first row unless that queen is in the middle column (odd n). So we place the first
// queen in the left half and count twice; for odd n, a first queen in the middle column is
// followed by a second queen in the left half, also counted twice (the second queen can never
// be in the middle column too).
#include "count/subproblems.hpp"

#include <algorithm>
#include <iterator>

namespace nq::detail {

namespace {

struct Splitter {
  int n;
  int depth;
  Mirror mirror;
  std::uint64_t all;  // n low bits
  std::uint64_t& nodes;
  std::vector<Subproblem> out;

  // Columns allowed for the queen of `row`, given the mirror restriction on the first rows.
  std::uint64_t allowed(const Subproblem& s) const {
    const std::uint64_t left_half = (1ull << (n / 2)) - 1;
    std::uint64_t free = all & ~(s.cols | s.diag | s.anti);
    if (mirror == Mirror::off) return free;
    if (s.rows == 0) return free & (left_half | (n % 2 ? 1ull << (n / 2) : 0));
    const bool first_in_middle = n % 2 == 1 && s.rows == 1 && (s.cols >> (n / 2) & 1);
    if (first_in_middle) return free & left_half;
    return free;
  }

  void extend(const Subproblem& s) {
    if (s.rows == depth) {
      out.push_back(s);
      return;
    }
    for (std::uint64_t free = allowed(s); free != 0; free &= free - 1) {
      const std::uint64_t bit = free & -free;
      ++nodes;
      Subproblem next{s.cols | bit, (s.diag | bit) << 1, (s.anti | bit) >> 1, s.rows + 1, s.weight};
      std::copy(std::begin(s.prefix), std::end(s.prefix), next.prefix);
      next.prefix[s.rows] = static_cast<std::uint8_t>(__builtin_ctzll(bit));
      // The first queen left of the middle stands for its mirror image too; a first queen in
      // the middle column (odd n) passes that role to the second queen.
      if (mirror == Mirror::on && s.rows == 0) next.weight = n == 1 ? 1 : 2;
      extend(next);
    }
  }
};

}  // namespace

std::vector<Subproblem> split_by_prefix(int n, int depth, Mirror mirror, std::uint64_t& nodes) {
  const std::uint64_t all = (1ull << n) - 1;
  Splitter splitter{n, std::min({depth, n, 8}), mirror, all, nodes, {}};
  splitter.extend(Subproblem{});
  return std::move(splitter.out);
}

}  // namespace nq::detail
