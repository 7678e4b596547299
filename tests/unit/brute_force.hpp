// SPDX-License-Identifier: MIT
// The independent reference the engines are checked against: all n! permutations in
// lexicographic order (std::next_permutation), each kept if no two queens share a diagonal,
// tested pair by pair in O(n^2). Nothing here shares code with the library's search.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <numeric>
#include <vector>

namespace nq::test {

inline bool naive_is_solution(const std::vector<unsigned>& col) {
  for (std::size_t a = 0; a < col.size(); ++a) {
    for (std::size_t b = a + 1; b < col.size(); ++b) {
      const long dc = std::labs(static_cast<long>(col[a]) - static_cast<long>(col[b]));
      if (dc == 0 || dc == static_cast<long>(b - a)) return false;
    }
  }
  return true;
}

// Every solution for n, in lexicographic order.
inline std::vector<std::vector<unsigned>> brute_force_solutions(unsigned n) {
  std::vector<unsigned> col(n);
  std::iota(col.begin(), col.end(), 0u);
  std::vector<std::vector<unsigned>> out;
  do {
    if (naive_is_solution(col)) out.push_back(col);
  } while (std::next_permutation(col.begin(), col.end()));
  return out;
}

}  // namespace nq::test
