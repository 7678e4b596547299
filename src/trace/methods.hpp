// SPDX-License-Identifier: MIT
// The two traced methods that are not classic ones: each runs its engine with the recorder and
// returns whether the search ran to its end (trace.cpp dispatches).
#pragma once

#include "nqueens/trace.hpp"
#include "tracer.hpp"

namespace nq::trace::detail {

bool trace_random(const Options& options, Tracer& tracer);  // random.cpp
bool trace_first(const Options& options, Tracer& tracer);   // first.cpp
extern const Teaching random_teaching;                      // random.cpp
extern const Teaching first_teaching;                       // first.cpp

// Any method's, classic's nine included (their files, src/classic/methods.hpp).
const Teaching& teaching(Method method);

}  // namespace nq::trace::detail
