// SPDX-License-Identifier: MIT
// The explicit construction as a list of at most five runs of step 2 (see construct.hpp).
#include "nqueens/construct.hpp"

#include <stdexcept>
#include <string>

namespace nq {

bool has_solution(std::uint64_t n) { return n == 1 || n >= 4; }

namespace {

// Odd numbers from `first` to `last` inclusive, as a run (count 0 if empty).
ExplicitSolution::Run odd_or_even_run(std::uint64_t first, std::uint64_t last) {
  return {first, last >= first ? (last - first) / 2 + 1 : 0};
}

}  // namespace

ExplicitSolution::ExplicitSolution(std::uint64_t n) : n_(n) {
  if (!has_solution(n) || n > kMaxConstructN) {
    throw std::invalid_argument("construct: there is no explicit solution for n = " +
                                std::to_string(n));
  }
  const std::uint64_t top_even = n % 2 == 0 ? n : n - 1;
  const std::uint64_t top_odd = n % 2 == 1 ? n : n - 1;
  switch (n % 6) {
    case 2:  // 2, 4, ..., n, 3, 1, 7, 9, ..., n-1, 5
      runs_ = {odd_or_even_run(2, n), {3, 1}, {1, 1}, odd_or_even_run(7, n - 1), {5, 1}};
      break;
    case 3:  // 4, 6, ..., n-1, 2, 5, 7, ..., n, 1, 3
      runs_ = {odd_or_even_run(4, n - 1), {2, 1}, odd_or_even_run(5, n), {1, 1}, {3, 1}};
      break;
    default:  // 2, 4, ..., then 1, 3, ...
      runs_ = {odd_or_even_run(2, top_even), odd_or_even_run(1, top_odd)};
  }
  std::erase_if(runs_, [](const Run& r) { return r.count == 0; });
}

Column ExplicitSolution::column(std::uint64_t row) const {
  for (const Run& run : runs_) {
    if (row < run.count) return static_cast<Column>(run.first + 2 * row - 1);
    row -= run.count;
  }
  throw std::out_of_range("construct: row " + std::to_string(row) + " is off the board");
}

Placement ExplicitSolution::placement() const {
  std::vector<Column> col;
  col.reserve(n_);
  for (const Run& run : runs_) {
    for (std::uint64_t i = 0; i < run.count; ++i)
      col.push_back(static_cast<Column>(run.first + 2 * i - 1));
  }
  return Placement(std::move(col));
}

}  // namespace nq
