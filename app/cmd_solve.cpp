// SPDX-License-Identifier: MIT
// `nqueens solve N`: the lexicographically first solution, as perm, board, svg or json.
// No solution (n = 2, 3) is said on stderr with exit 1; Ctrl-C exits 130.
#include <fmt/core.h>

#include <iostream>

#include "commands.hpp"
#include "interrupt.hpp"
#include "nqueens/format.hpp"
#include "nqueens/render.hpp"
#include "nqueens/solve.hpp"
#include "numbers.hpp"

namespace nqcli {

namespace {
// Plain backtracking finds the first solution in under a second up to n = 33, but needs minutes
// to hours for n = 34 and most n from 36 on (measured: 3 s timeouts at every n in 36..64). The
// library accepts up to 64 with a stop token; the command offers only what finishes promptly.
constexpr int kMaxSolveN = 32;
}  // namespace

int run_solve(const SolveArgs& args) {
  const int n = parse_board_size(args.n, kMaxSolveN, "solve (backtracking)");
  InterruptGuard interrupt;
  const nq::SolveResult r = nq::solve_first({.n = n, .stop = interrupt.token()});
  if (!r.complete) {
    fmt::print(stderr, "nqueens: interrupted after {} nodes, no solution yet\n", r.nodes);
    return kExitInterrupted;
  }
  if (!r.solution) {
    fmt::print(stderr, "nqueens: there is no solution for n = {}\n", n);
    return kExitNo;
  }
  const nq::Placement& p = *r.solution;
  if (args.format == "perm") {
    nq::write_perm(std::cout, p);
  } else if (args.format == "board") {
    nq::write_board(std::cout, p);
  } else if (args.format == "json") {
    nq::write_json(std::cout, p);
  } else {
    nq::render(std::cout, p, nq::RenderStyle::svg);
  }
  std::cout.flush();
  return kExitOk;
}

}  // namespace nqcli
