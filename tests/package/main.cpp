// SPDX-License-Identifier: MIT
// Uses the installed library through the umbrella header: count n = 8, solve it, verify it.
#include <iostream>
#include <nqueens/nqueens.hpp>

int main() {
  const nq::CountResult counted = nq::count({.n = 8, .threads = 1});
  const nq::SolveResult solved = nq::solve_first({.n = 8});
  if (counted.total != 92 || counted.unique != 12 || !solved.solution ||
      !nq::is_solution(*solved.solution)) {
    std::cerr << "consumer: wrong answers from the installed library\n";
    return 1;
  }
  std::cout << "nqueens " << nq::kVersion << ": 8 queens, " << counted.total << " solutions, first "
            << nq::to_perm(*solved.solution) << "\n";
  return 0;
}
