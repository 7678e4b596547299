// SPDX-License-Identifier: MIT
// The lexicographically first solution by probing: see solve.hpp and probing.cpp.
#pragma once

#include "nqueens/solve.hpp"

namespace nq::detail {

SolveResult solve_first_by_probing(const SolveOptions& options);

}  // namespace nq::detail
