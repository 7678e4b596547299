// SPDX-License-Identifier: MIT
// The whole public API of libnqueens in one include.
#pragma once

#include "nqueens/amb.hpp"       // Amb: nondeterministic choice with backtracking
#include "nqueens/classic.hpp"   // the textbook methods, instrumented
#include "nqueens/complete.hpp"  // complete(): finish a board with queens placed or squares blocked
#include "nqueens/construct.hpp"         // ExplicitSolution: one solution for any n, by formula
#include "nqueens/count.hpp"             // count(): total and unique solutions
#include "nqueens/count_estimate.hpp"    // projecting a count's time from a sample
#include "nqueens/count_fields.hpp"      // count_fields(): a count's result as named fields
#include "nqueens/count_split.hpp"       // CountSplit: the subproblems, for schedulers of their own
#include "nqueens/enumerate.hpp"         // enumerate(): all solutions or one per class, in order
#include "nqueens/format.hpp"            // perm, board and JSON readers and writers
#include "nqueens/infinite.hpp"          // quintal_column(): the infinite quintal queens
#include "nqueens/invalid_argument.hpp"  // InvalidArgument: what the library refuses, and why
#include "nqueens/local_search.hpp"      // solve_random(): QS4-style local search
#include "nqueens/memory.hpp"            // require_memory(): refuse before allocating
#include "nqueens/placement.hpp"         // Placement: col[row]
#include "nqueens/render.hpp"            // text, Unicode and SVG drawings
#include "nqueens/solve.hpp"             // solve_first(): the lexicographically first solution
#include "nqueens/solve_request.hpp"     // solve(): one solution by any method, checked
#include "nqueens/symmetry.hpp"          // the 8 symmetries, canonical form, class size
#include "nqueens/trace.hpp"             // trace::run(): the search as events, step by step
#include "nqueens/verify.hpp"   // find_attack(): O(n) check naming the first attacking pair
#include "nqueens/version.hpp"  // kVersion
